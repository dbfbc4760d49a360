import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDatabase, unpinnedLimit } from './database.ts';

describe('unpinnedLimit', () => {
  it('turns a bare bound LIMIT into an expression, in any case and spacing', () => {
    expect(unpinnedLimit('select "id" from "t" order by "id" limit ? offset ?')).toBe(
      'select "id" from "t" order by "id" limit ? + 0 offset ?',
    );
    expect(unpinnedLimit('SELECT id FROM t LIMIT\n  ?')).toBe('SELECT id FROM t LIMIT\n  ? + 0');
    expect(unpinnedLimit('select 1 from (select 1 limit ?) limit ?')).toBe(
      'select 1 from (select 1 limit ? + 0) limit ? + 0',
    );
  });

  it('leaves a literal limit, an expression already, and names that merely contain it', () => {
    for (const text of [
      'select id from t limit 20',
      'select id from t limit ? * 2',
      'select "rate_limit" from t where "rate_limit" = ?',
      'select id from t where "speedlimit" = ?',
    ]) {
      expect(unpinnedLimit(text)).toBe(text);
    }
  });

  it('keeps the answers of a paged query on SQLite, run again and again with other pages', async () => {
    const { db, destroy } = await createDatabase({ sqliteFile: ':memory:' });
    try {
      await sql`CREATE TABLE t (id INTEGER PRIMARY KEY)`.execute(db);
      await sql`INSERT INTO t (id) VALUES (1), (2), (3), (4), (5)`.execute(db);
      const page = async (limit: number, offset: number) =>
        (
          await sql<{
            id: number;
          }>`SELECT id FROM t ORDER BY id DESC LIMIT ${limit} OFFSET ${offset}`.execute(db)
        ).rows.map((row) => row.id);
      expect(await page(2, 0)).toEqual([5, 4]);
      expect(await page(2, 2)).toEqual([3, 2]);
      expect(await page(3, 3)).toEqual([2, 1]);
      expect(await page(0, 0)).toEqual([]);
    } finally {
      await destroy();
    }
  });
});
