import { randomBytes } from 'node:crypto';
import { Migrator, sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { testEngines } from '../../testing/test-app.ts';
import { createDatabase } from '../database.ts';
import { migrationsFor } from './index.ts';

const BEFORE = '20261123_0931_search_activities_ebooks';
const MIGRATION = '20261124_0900_create_search_bigrams';

describe('the search_bigrams migration', () => {
  for (const engine of testEngines()) {
    it(`indexes the documents already there, in code points [${engine}]`, async () => {
      const url = process.env.TEST_DATABASE_URL;
      const schema = `t_${randomBytes(6).toString('hex')}`;
      const database =
        engine === 'postgres'
          ? await createDatabase({ databaseUrl: url, pgSchema: schema, pgPoolSize: 2 })
          : await createDatabase({ sqliteFile: ':memory:' });
      const { db } = database;
      try {
        const migrator = new Migrator({
          db,
          provider: { getMigrations: async () => migrationsFor(engine) },
          ...(engine === 'postgres' ? { migrationTableSchema: schema } : {}),
        });
        const { error } = await migrator.migrateTo(BEFORE);
        expect(error).toBeUndefined();
        const document = (id: number, searchText: string) => ({
          id,
          kind: 'ebook' as const,
          ref_id: id,
          site_key: 'jingan',
          title: searchText.split(' ')[0] ?? '',
          search_text: searchText,
          published: 1,
          popularity: 0,
          sort_time: 0,
        });
        await db
          .insertInto('search_documents')
          .values([document(1, '古文AB 𠀀字'), document(2, '文'), document(3, '')])
          .execute();

        // Up to this migration only: a later one rebuilds SQLite's documents from the sources.
        expect((await migrator.migrateTo(MIGRATION)).error).toBeUndefined();

        const { rows } = await sql<{ gram: string; document_id: number }>`
          SELECT gram, document_id FROM search_bigrams`.execute(db);
        // Lower-cased, no pair across the space, 𠀀 one character; nothing for 文 or ''.
        expect(rows.map((row) => `${Number(row.document_id)}:${row.gram}`).sort()).toEqual(
          ['1:古文', '1:文a', '1:ab', '1:𠀀字'].sort(),
        );
      } finally {
        await database.destroy();
        if (engine === 'postgres') {
          const client = new pg.Client({ connectionString: url });
          await client.connect();
          await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
          await client.end();
        }
      }
    });
  }
});
