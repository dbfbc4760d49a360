import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createDatabase,
  type Db,
  refreshStatistics,
  SQLITE_OPTIMIZE_INTERVAL_MS,
} from './database.ts';
import type { Database } from './schema.ts';

// A server's SQLite connection keeps the planner's statistics it loaded: grown from a few
// learners to a district's, a lookup of 100 learners by id would read every row. These tests
// watch the plan of that lookup on a connection opened while the table was small.

const open: Db[] = [];

afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(open.splice(0).map((database) => database.destroy()));
});

async function connect(file: string) {
  const database = await createDatabase({ sqliteFile: file });
  open.push(database);
  return database;
}

/** A learners table of `rows` rows with an index the planner may prefer, analyzed. */
async function smallTable(): Promise<string> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-stats-')), 'db.sqlite');
  const setup = await connect(file);
  await sql`CREATE TABLE learners (id INTEGER PRIMARY KEY, site TEXT NOT NULL, name TEXT)`.execute(
    setup.db,
  );
  await sql`CREATE INDEX learners_site ON learners (site)`.execute(setup.db);
  await grow(setup.db, 0, 200);
  await sql`ANALYZE`.execute(setup.db);
  return file;
}

async function grow(db: Kysely<Database>, from: number, to: number) {
  await sql`WITH RECURSIVE n(i) AS (SELECT ${from + 1} UNION ALL SELECT i + 1 FROM n WHERE i < ${to})
    INSERT INTO learners (id, site, name) SELECT i, 'jingan', 'learner ' || i FROM n`.execute(db);
}

let asked = 0;

/** How the connection would find 100 learners by id: 'SEARCH ...' by key, or 'SCAN ...'. */
async function lookupPlan(db: Kysely<Database>): Promise<string> {
  // Other ids each time: the connection keeps prepared statements, and an EXPLAIN never reads,
  // so a kept one would show the plan of when it was first asked.
  asked += 1;
  const ids = Array.from({ length: 100 }, (_, i) => sql.lit(asked + i * 997));
  // A query that reads (EXPLAIN does not) has the connection notice a changed schema first.
  await sql`SELECT name FROM learners WHERE id = 1`.execute(db);
  const plan = await sql<{
    detail: string;
  }>`EXPLAIN QUERY PLAN SELECT id, name FROM learners WHERE id IN (${sql.join(ids)})`.execute(db);
  return plan.rows.map((row) => row.detail).join('; ');
}

describe('planner statistics (SQLite)', () => {
  it('reach a connection opened before a bulk load once the loader refreshes them', async () => {
    const file = await smallTable();
    const server = await connect(file);
    expect(await lookupPlan(server.db)).toMatch(/^SCAN learners/);
    const loader = await connect(file);
    await grow(loader.db, 200, 100_000);
    await refreshStatistics(loader);
    expect(await lookupPlan(server.db)).toMatch(/^SEARCH learners USING INTEGER PRIMARY KEY/);
  });

  // Sessions grow by thousands while the server runs: a plan kept for an hour would scan them
  // at every learner's call.
  it('are refreshed by the connection itself within seconds', async () => {
    const file = await smallTable();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const server = await connect(file);
    const loader = await connect(file);
    await grow(loader.db, 200, 100_000);
    expect(await lookupPlan(server.db)).toMatch(/^SCAN learners/);
    vi.advanceTimersByTime(Math.min(SQLITE_OPTIMIZE_INTERVAL_MS, 15_000));
    expect(await lookupPlan(server.db)).toMatch(/^SEARCH learners USING INTEGER PRIMARY KEY/);
  });
});
