import { type Kysely, type Migration, sql } from 'kysely';
import type { Engine } from '../database.ts';
import { createSourceTriggers, type SourceTrigger } from './20261122_1740_create_search.ts';

/**
 * Search inside e-books: each e-book's PDF text, extracted page by page by a background job
 * (`modules/ebooks/ebook-text.ts`), is kept per page (`ebook_pages`, where a hit finds its page)
 * and, joined, on the book (`ebooks.page_text`), which its search document now indexes with its
 * title, author and publisher (so both text indexes and the two-character index find a phrase
 * inside it). `ebooks.text_state` says whether the text is there: none, pending, ready, scanned
 * (pages without a text layer: nothing to search) or failed. The e-books' insert and update
 * triggers are made again with the longer text. Frozen: never edit, add a new migration.
 */

/** The searchable text of the e-books picked by `where` (a condition on `e`). */
const ebookDocs = (where: string) => `
  INSERT INTO search_documents
    (kind, ref_id, site_key, title, search_text, published, popularity, sort_time)
  SELECT 'ebook', e.id, e.site_key, e.title,
    e.title || ' ' || e.author || ' ' || e.publisher || ' ' || e.page_text,
    e.published, 0, e.created_at
  FROM ebooks e
  WHERE ${where}
  ON CONFLICT (kind, ref_id) DO UPDATE SET
    site_key = excluded.site_key, title = excluded.title, search_text = excluded.search_text,
    published = excluded.published, popularity = excluded.popularity,
    sort_time = excluded.sort_time`;

const TRIGGERS: SourceTrigger[] = [
  ['search_ebooks_ins', 'ebooks', 'INSERT', ebookDocs('e.id = NEW.id')],
  [
    'search_ebooks_upd',
    'ebooks',
    'UPDATE OF title, author, publisher, site_key, published, page_text',
    ebookDocs('e.id = NEW.id'),
  ],
];

export function searchEbookPages(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('ebooks')
        .addColumn('text_state', 'varchar(12)', (c) => c.notNull().defaultTo('none'))
        .execute();
      await db.schema
        .alterTable('ebooks')
        .addColumn('page_text', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .createTable('ebook_pages')
        .addColumn('ebook_id', 'integer', (c) =>
          c.notNull().references('ebooks.id').onDelete('cascade'),
        )
        .addColumn('page', 'integer', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('ebook_pages_pkey', ['ebook_id', 'page'])
        .execute();
      for (const [name, table] of TRIGGERS) {
        if (engine === 'postgres') {
          await sql.raw(`DROP TRIGGER ${name} ON ${table}`).execute(db);
          await sql.raw(`DROP FUNCTION ${name}_fn()`).execute(db);
        } else {
          await sql.raw(`DROP TRIGGER ${name}`).execute(db);
        }
      }
      await createSourceTriggers(db, engine, TRIGGERS);
    },
  };
}
