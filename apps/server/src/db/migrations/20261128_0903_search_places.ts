import { type Kysely, type Migration, sql } from 'kysely';
import type { Engine } from '../database.ts';
import {
  classDocs,
  courseDocs,
  createDocumentsTable,
  createSourceTriggers,
  createTextIndex,
  dropDocs,
  type SourceTrigger,
} from './20261122_1740_create_search.ts';
import { activityDocs, ebookDocs } from './20261123_0930_search_activities_ebooks.ts';
import { createSearchBigrams } from './20261124_0900_create_search_bigrams.ts';
import { articleDocs, liveDocs } from './20261126_0930_search_live_articles.ts';

/** Every kind `search_documents` holds after this migration (the contract's `CONTENT_TYPES`). */
const KINDS = ['course', 'class', 'activity', 'ebook', 'live', 'article', 'place'] as const;

/**
 * The searchable text of the map places picked by `where` (a condition on `p`): name, kind,
 * street and address, so 「曹家渡」 finds the places of that street.
 */
export const placeDocs = (where: string) => `
  INSERT INTO search_documents
    (kind, ref_id, site_key, title, search_text, published, popularity, sort_time)
  SELECT 'place', p.id, p.site_key, p.name,
    p.name || ' ' || p.kind || ' ' || p.street || ' ' || p.address,
    p.published, 0, p.created_at
  FROM map_places p
  WHERE ${where}
  ON CONFLICT (kind, ref_id) DO UPDATE SET
    site_key = excluded.site_key, title = excluded.title, search_text = excluded.search_text,
    published = excluded.published, sort_time = excluded.sort_time`;

const TRIGGERS: SourceTrigger[] = [
  ['search_places_ins', 'map_places', 'INSERT', placeDocs('p.id = NEW.id')],
  [
    'search_places_upd',
    'map_places',
    'UPDATE OF name, kind, street, address, site_key, published',
    placeDocs('p.id = NEW.id'),
  ],
  ['search_places_del', 'map_places', 'DELETE', dropDocs('place', 'OLD.id')],
];

/** The triggers on `search_documents` itself (its FTS5 table and its bigrams), SQLite only. */
const DOCUMENT_TRIGGERS = [
  'search_fts_ins',
  'search_fts_del',
  'search_fts_upd',
  'search_bigrams_ins',
  'search_bigrams_upd_add',
  'search_bigrams_upd_drop',
  'search_bigrams_del',
];

/**
 * Search finds the map's places too (every category: learning points, schools, experience
 * bases, walk stops): `search_documents` takes the kind `place` and triggers on `map_places`
 * keep its documents in step. As in `20261126_0930_search_live_articles.ts`, PostgreSQL swaps the
 * kind CHECK and SQLite builds the derived tables again and refills them from the sources.
 * Frozen: never edit.
 */
export function searchPlaces(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const kinds = sql.raw(KINDS.map((kind) => `'${kind}'`).join(', '));
      if (engine === 'postgres') {
        await sql`ALTER TABLE search_documents DROP CONSTRAINT search_documents_kind_check`.execute(
          db,
        );
        await sql`ALTER TABLE search_documents ADD CONSTRAINT search_documents_kind_check
          CHECK (kind in (${kinds}))`.execute(db);
      } else {
        for (const trigger of DOCUMENT_TRIGGERS)
          await sql.raw(`DROP TRIGGER ${trigger}`).execute(db);
        for (const table of ['search_fts', 'search_bigrams', 'search_documents']) {
          await sql.raw(`DROP TABLE ${table}`).execute(db);
        }
        await createDocumentsTable(db, engine, KINDS);
        await createTextIndex(db, engine);
        await createSearchBigrams(engine).up(db);
        await sql.raw(courseDocs(engine, 'true')).execute(db);
        await sql.raw(classDocs('true')).execute(db);
        await sql.raw(activityDocs('true')).execute(db);
        await sql.raw(ebookDocs('true')).execute(db);
        await sql.raw(liveDocs('true')).execute(db);
        await sql.raw(articleDocs('true')).execute(db);
      }
      await createSourceTriggers(db, engine, TRIGGERS);
      await sql.raw(placeDocs('true')).execute(db);
    },
  };
}
