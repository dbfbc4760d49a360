import { type Kysely, type Migration, sql } from 'kysely';
import type { Engine } from '../database.ts';
import {
  createDocumentsTable,
  createSourceTriggers,
  createTextIndex,
  dropDocs,
  type SourceTrigger,
} from './20261122_1740_create_search.ts';
import { createSearchBigrams } from './20261124_0900_create_search_bigrams.ts';

/**
 * Every kind `search_documents` holds after this migration (the contract's `CONTENT_TYPES`, with
 * the learning map's `place`, which its own migration indexes).
 */
const KINDS = ['course', 'class', 'activity', 'ebook', 'live', 'article', 'place', 'walk'] as const;

/**
 * The searchable text of the walks picked by `where` (a condition on `w`): the title and the
 * names and streets of its stops, so 张园 finds the walk that passes it.
 */
const walkDocs = (engine: Engine, where: string) => {
  const stops =
    engine === 'postgres'
      ? `(SELECT string_agg(p.name || ' ' || p.street, ' ' ORDER BY s.position)
          FROM walk_stops s JOIN map_places p ON p.id = s.place_id WHERE s.walk_id = w.id)`
      : `(SELECT group_concat(p.name || ' ' || p.street, ' ')
          FROM walk_stops s JOIN map_places p ON p.id = s.place_id WHERE s.walk_id = w.id)`;
  return `
  INSERT INTO search_documents
    (kind, ref_id, site_key, title, search_text, published, popularity, sort_time)
  SELECT 'walk', w.id, w.site_key, w.title,
    w.title || ' 人文行走 ' || COALESCE(${stops}, ''),
    w.published, 0, w.created_at
  FROM walks w
  WHERE ${where}
  ON CONFLICT (kind, ref_id) DO UPDATE SET
    site_key = excluded.site_key, title = excluded.title, search_text = excluded.search_text,
    published = excluded.published, sort_time = excluded.sort_time`;
};

const triggers = (engine: Engine): SourceTrigger[] => [
  ['search_walks_ins', 'walks', 'INSERT', walkDocs(engine, 'w.id = NEW.id')],
  [
    'search_walks_upd',
    'walks',
    'UPDATE OF title, site_key, published',
    walkDocs(engine, 'w.id = NEW.id'),
  ],
  ['search_walks_del', 'walks', 'DELETE', dropDocs('walk', 'OLD.id')],
  ['search_walk_stops_ins', 'walk_stops', 'INSERT', walkDocs(engine, 'w.id = NEW.walk_id')],
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

const COLUMNS = 'id, kind, ref_id, site_key, title, search_text, published, popularity, sort_time';

/**
 * Search finds humanities walks: `search_documents` takes the kinds `place` and `walk`, and
 * triggers on `walks` and `walk_stops` keep the walks' documents in step. PostgreSQL swaps the
 * kind CHECK in place. SQLite cannot alter a CHECK: the table and its two indexes (FTS5
 * trigrams, bigrams) are built again with the wider CHECK and the documents already there are
 * copied back (so every kind indexed before, whichever migration indexed it, is kept).
 * Frozen: never edit.
 */
export function searchWalks(engine: Engine): Migration {
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
        await sql
          .raw(`CREATE TEMP TABLE search_documents_kept AS SELECT ${COLUMNS} FROM search_documents`)
          .execute(db);
        for (const trigger of DOCUMENT_TRIGGERS) {
          await sql.raw(`DROP TRIGGER ${trigger}`).execute(db);
        }
        for (const table of ['search_fts', 'search_bigrams', 'search_documents']) {
          await sql.raw(`DROP TABLE ${table}`).execute(db);
        }
        await createDocumentsTable(db, engine, KINDS);
        await createTextIndex(db, engine);
        await createSearchBigrams(engine).up(db);
        // Copied after the index triggers exist, so they index every document as it comes.
        await sql
          .raw(
            `INSERT INTO search_documents (${COLUMNS})
             SELECT ${COLUMNS} FROM search_documents_kept ORDER BY id`,
          )
          .execute(db);
        await sql.raw('DROP TABLE search_documents_kept').execute(db);
      }
      await createSourceTriggers(db, engine, triggers(engine));
      await sql.raw(walkDocs(engine, 'true')).execute(db);
    },
  };
}
