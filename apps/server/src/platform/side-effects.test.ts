import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { type SideEffect, SideEffects } from './side-effects.ts';

/** A ledger as a points module would keep it: append-only, one row per occurrence key. */
async function createLedger(db: Kysely<Database>) {
  await sql`CREATE TABLE test_ledger (idempotency_key TEXT PRIMARY KEY, learner_id INTEGER NOT NULL, points INTEGER NOT NULL)`.execute(
    db,
  );
}

const ledgerRows = (db: Kysely<Database>) =>
  sql<{
    idempotency_key: string;
    points: number;
  }>`SELECT idempotency_key, points FROM test_ledger ORDER BY idempotency_key`
    .execute(db)
    .then((result) => result.rows.map((row) => ({ ...row, points: Number(row.points) })));

describe('SideEffects (the award hook) on a real SQLite transaction', () => {
  let dir: string;
  let database: Db;
  const effects = new SideEffects();
  const signup = (classId: number, learnerId: number): SideEffect => ({
    kind: 'class.signup',
    siteKey: 'jingan',
    learnerId,
    key: `class.signup:${classId}:${learnerId}`,
  });

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'side-effects-'));
    database = await createDatabase({ sqliteFile: path.join(dir, 'test.sqlite') });
    await createLedger(database.db);
    effects.on('class.signup', async (trx, effect) => {
      await sql`INSERT INTO test_ledger (idempotency_key, learner_id, points) VALUES (${effect.key}, ${effect.learnerId}, 5) ON CONFLICT (idempotency_key) DO NOTHING`.execute(
        trx,
      );
    });
  });
  afterAll(async () => {
    await database.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('runs the subscribed handlers inside the caller transaction, once per occurrence key', async () => {
    for (let i = 0; i < 3; i += 1) {
      await database.db.transaction().execute((trx) => effects.record(trx, signup(1, 7)));
    }
    await database.db.transaction().execute((trx) => effects.record(trx, signup(2, 7)));
    expect(await ledgerRows(database.db)).toEqual([
      { idempotency_key: 'class.signup:1:7', points: 5 },
      { idempotency_key: 'class.signup:2:7', points: 5 },
    ]);
  });

  it('leaves nothing when the caller transaction rolls back', async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await effects.record(trx, signup(3, 8));
        throw new Error('the signup was refused after all');
      }),
    ).rejects.toThrow('refused');
    expect((await ledgerRows(database.db)).map((row) => row.idempotency_key)).not.toContain(
      'class.signup:3:8',
    );
  });

  it('does nothing for a kind nobody listens to', async () => {
    await database.db
      .transaction()
      .execute((trx) => effects.record(trx, { ...signup(4, 9), kind: 'activity.checkin' }));
    expect(await ledgerRows(database.db)).toHaveLength(2);
  });
});
