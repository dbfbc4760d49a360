import { randomBytes } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../testing/seeded-template.ts';
import { createDatabase, type Db, TRANSACTION_TRIES } from './database.ts';
import type { Database } from './schema.ts';

const url = process.env.TEST_DATABASE_URL;

/** A promise with its resolver, to make two transactions meet. */
function signal() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe.runIf(url)('transactions on PostgreSQL', () => {
  const schema = `tx_${randomBytes(5).toString('hex')}`;
  let database: Db;

  beforeAll(async () => {
    database = await createDatabase({ databaseUrl: url, pgSchema: schema, pgPoolSize: 4 });
    await sql`CREATE TABLE counters (id integer PRIMARY KEY, n integer NOT NULL)`.execute(
      database.db,
    );
    await sql`INSERT INTO counters VALUES (1, 0), (2, 0)`.execute(database.db);
  });
  afterAll(async () => {
    await database.destroy();
    await onPostgres(url ?? '', `DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  });

  const bump = (trx: Transaction<Database>, id: number) =>
    sql`UPDATE counters SET n = n + 1 WHERE id = ${id}`.execute(trx);

  it('tries a deadlock victim again, so both transactions complete, each once', async () => {
    const first = signal();
    const second = signal();
    let tries = 0;
    // Each takes one row, waits for the other to take the other row, then wants it: a deadlock.
    const crossing = (mine: number, theirs: number, took: typeof first, other: typeof first) =>
      database.db.transaction().execute(async (trx) => {
        tries += 1;
        await bump(trx, mine);
        took.open();
        await other.opened;
        await bump(trx, theirs);
      });
    await Promise.all([crossing(1, 2, first, second), crossing(2, 1, second, first)]);
    expect(tries).toBe(3);
    const rows = await sql<{
      id: number;
      n: number;
    }>`SELECT id, n FROM counters ORDER BY id`.execute(database.db);
    expect(rows.rows).toEqual([
      { id: 1, n: 2 },
      { id: 2, n: 2 },
    ]);
  });

  it('does not try other failures again', async () => {
    let tries = 0;
    const failing = database.db.transaction().execute(async (trx) => {
      tries += 1;
      await sql`INSERT INTO counters VALUES (1, 0)`.execute(trx);
    });
    await expect(failing).rejects.toMatchObject({ code: '23505' });
    expect(tries).toBe(1);
    expect(TRANSACTION_TRIES).toBeGreaterThan(1);
  });
});
