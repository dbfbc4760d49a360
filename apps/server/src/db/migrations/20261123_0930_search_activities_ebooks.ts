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

/** Every kind `search_documents` holds after this migration. */
const KINDS = ['course', 'class', 'activity', 'ebook'] as const;

/** The searchable text of the activities picked by `where` (a condition on `a`). */
export const activityDocs = (where: string) => `
  INSERT INTO search_documents
    (kind, ref_id, site_key, title, search_text, published, popularity, sort_time)
  SELECT 'activity', a.id, a.site_key, a.title,
    a.title || ' ' || a.kind || ' ' || a.place || ' ' || o.name,
    a.published, a.seats_taken, a.start_at
  FROM activities a JOIN organisers o ON o.id = a.organiser_id
  WHERE ${where}
  ON CONFLICT (kind, ref_id) DO UPDATE SET
    site_key = excluded.site_key, title = excluded.title, search_text = excluded.search_text,
    published = excluded.published, popularity = excluded.popularity,
    sort_time = excluded.sort_time`;

/** The searchable text of the e-books picked by `where` (a condition on `e`). */
export const ebookDocs = (where: string) => `
  INSERT INTO search_documents
    (kind, ref_id, site_key, title, search_text, published, popularity, sort_time)
  SELECT 'ebook', e.id, e.site_key, e.title,
    e.title || ' ' || e.author || ' ' || e.publisher,
    e.published, 0, e.created_at
  FROM ebooks e
  WHERE ${where}
  ON CONFLICT (kind, ref_id) DO UPDATE SET
    site_key = excluded.site_key, title = excluded.title, search_text = excluded.search_text,
    published = excluded.published, popularity = excluded.popularity,
    sort_time = excluded.sort_time`;

const TRIGGERS: SourceTrigger[] = [
  ['search_activities_ins', 'activities', 'INSERT', activityDocs('a.id = NEW.id')],
  [
    'search_activities_upd',
    'activities',
    'UPDATE OF title, kind, place, organiser_id, site_key, published, start_at',
    activityDocs('a.id = NEW.id'),
  ],
  [
    'search_activities_pop',
    'activities',
    'UPDATE OF seats_taken',
    `UPDATE search_documents SET popularity = NEW.seats_taken WHERE kind = 'activity' AND ref_id = NEW.id`,
  ],
  ['search_activities_del', 'activities', 'DELETE', dropDocs('activity', 'OLD.id')],
  [
    'search_organisers_upd',
    'organisers',
    'UPDATE OF name',
    activityDocs('a.organiser_id = NEW.id'),
  ],
  ['search_ebooks_ins', 'ebooks', 'INSERT', ebookDocs('e.id = NEW.id')],
  [
    'search_ebooks_upd',
    'ebooks',
    'UPDATE OF title, author, publisher, site_key, published',
    ebookDocs('e.id = NEW.id'),
  ],
  ['search_ebooks_del', 'ebooks', 'DELETE', dropDocs('ebook', 'OLD.id')],
];

/**
 * Search finds activities and e-books too: `search_documents` takes the two new kinds and
 * triggers on `activities`, `organisers` and `ebooks` keep their documents in step, as for
 * courses and classes. PostgreSQL swaps the kind CHECK in place. SQLite cannot alter a CHECK; as
 * the table only holds text derived from the source tables, it is dropped with its FTS5 index
 * and built again with the wider CHECK, then filled from the sources. Frozen: never edit.
 */
export function searchActivitiesEbooks(engine: Engine): Migration {
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
        for (const trigger of ['search_fts_ins', 'search_fts_del', 'search_fts_upd']) {
          await sql.raw(`DROP TRIGGER ${trigger}`).execute(db);
        }
        await sql`DROP TABLE search_fts`.execute(db);
        await sql`DROP TABLE search_documents`.execute(db);
        await createDocumentsTable(db, engine, KINDS);
        await createTextIndex(db, engine);
        await sql.raw(courseDocs(engine, 'true')).execute(db);
        await sql.raw(classDocs('true')).execute(db);
      }
      await createSourceTriggers(db, engine, TRIGGERS);
      await sql.raw(activityDocs('true')).execute(db);
      await sql.raw(ebookDocs('true')).execute(db);
    },
  };
}
