import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testEngines } from '../../testing/test-app.ts';
import { withMigrationDatabase } from './migration-test-database.ts';

const BEFORE = '20261123_0931_search_activities_ebooks';
const MIGRATION = '20261124_0900_create_search_bigrams';

describe('the search_bigrams migration', () => {
  for (const engine of testEngines()) {
    it(`indexes the documents already there, in code points [${engine}]`, async () => {
      await withMigrationDatabase(engine, async (db, migrateTo) => {
        await migrateTo(BEFORE);
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
        await migrateTo(MIGRATION);

        const { rows } = await sql<{ gram: string; document_id: number }>`
        SELECT gram, document_id FROM search_bigrams`.execute(db);
        // Lower-cased, no pair across the space, 𠀀 one character; nothing for 文 or ''.
        expect(rows.map((row) => `${Number(row.document_id)}:${row.gram}`).sort()).toEqual(
          ['1:古文', '1:文a', '1:ab', '1:𠀀字'].sort(),
        );
      });
    });
  }
});
