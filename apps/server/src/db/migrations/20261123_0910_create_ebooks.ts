import { type Kysely, type Migration, sql } from 'kysely';
import type { Engine } from '../database.ts';
import { belongsTo, createIndex, idColumn, required, siteKeyColumn } from './columns.ts';

/**
 * E-books: categories per site, the books (each a PDF under `/files/ebooks/`), and each
 * learner's place in the books they opened. Frozen: never edit, add a new migration.
 */
export function createEbooks(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(engine, db.schema.createTable('ebook_categories'))
        .$call(siteKeyColumn)
        .addColumn('name', 'varchar(50)', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await createIndex(db, 'ebook_categories_site_idx', 'ebook_categories', [
        'site_key',
        'sort',
        'id',
      ]);

      await idColumn(engine, db.schema.createTable('ebooks'))
        .$call(siteKeyColumn)
        .addColumn('category_id', 'integer', (c) => c.notNull().references('ebook_categories.id'))
        .$call(
          required({
            title: 'varchar(200)',
            author: 'varchar(100)',
            publisher: 'varchar(100)',
            published_year: 'integer',
            isbn: 'varchar(20)',
            introduction: 'text',
            page_count: 'integer',
            cover: 'varchar(500)',
            pdf_path: 'varchar(500)',
            file_size: 'bigint',
          }),
        )
        .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('ebooks_page_count_check', sql`page_count >= 1`)
        .execute();
      // The list is newest first, for the site or one of its categories: one index for each.
      await createIndex(db, 'ebooks_newest_idx', 'ebooks', [
        'site_key',
        'published',
        'created_at desc',
        'id desc',
      ]);
      await createIndex(db, 'ebooks_category_newest_idx', 'ebooks', [
        'site_key',
        'category_id',
        'published',
        'created_at desc',
        'id desc',
      ]);
      await createIndex(db, 'ebooks_category_idx', 'ebooks', ['category_id']);

      // One row per learner and book: the unique key makes the progress report an upsert.
      await db.schema
        .createTable('ebook_reading')
        .$call(belongsTo('user_id', 'users.id'))
        .$call(belongsTo('ebook_id', 'ebooks.id'))
        .$call(required({ page: 'integer', started_at: 'bigint', updated_at: 'bigint' }))
        .addPrimaryKeyConstraint('ebook_reading_pk', ['user_id', 'ebook_id'])
        .addCheckConstraint('ebook_reading_page_check', sql`page >= 1`)
        .execute();
      await createIndex(db, 'ebook_reading_latest_idx', 'ebook_reading', [
        'user_id',
        'updated_at desc',
        'ebook_id desc',
      ]);
      await createIndex(db, 'ebook_reading_ebook_idx', 'ebook_reading', ['ebook_id']);
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['ebook_reading', 'ebooks', 'ebook_categories']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
