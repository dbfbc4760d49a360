import { type Kysely, type Migration, sql } from 'kysely';
import type { Engine } from '../database.ts';
import { idColumn } from './columns.ts';

/**
 * E-books: categories per site, the books (each a PDF under `/files/ebooks/`), and each
 * learner's place in the books they opened. Frozen: never edit, add a new migration.
 */
export function createEbooks(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(engine, db.schema.createTable('ebook_categories'))
        .addColumn('site_key', 'varchar(32)', (c) =>
          c.notNull().references('sites.key').onDelete('cascade'),
        )
        .addColumn('name', 'varchar(50)', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('ebook_categories_site_idx')
        .on('ebook_categories')
        .columns(['site_key', 'sort', 'id'])
        .execute();

      await idColumn(engine, db.schema.createTable('ebooks'))
        .addColumn('site_key', 'varchar(32)', (c) =>
          c.notNull().references('sites.key').onDelete('cascade'),
        )
        .addColumn('category_id', 'integer', (c) => c.notNull().references('ebook_categories.id'))
        .addColumn('title', 'varchar(200)', (c) => c.notNull())
        .addColumn('author', 'varchar(100)', (c) => c.notNull())
        .addColumn('publisher', 'varchar(100)', (c) => c.notNull())
        .addColumn('published_year', 'integer', (c) => c.notNull())
        .addColumn('isbn', 'varchar(20)', (c) => c.notNull())
        .addColumn('introduction', 'text', (c) => c.notNull())
        .addColumn('page_count', 'integer', (c) => c.notNull())
        .addColumn('cover', 'varchar(500)', (c) => c.notNull())
        .addColumn('pdf_path', 'varchar(500)', (c) => c.notNull())
        .addColumn('file_size', 'bigint', (c) => c.notNull())
        .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('ebooks_page_count_check', sql`page_count >= 1`)
        .execute();
      // The list is newest first, for the site or one of its categories: one index for each.
      await db.schema
        .createIndex('ebooks_newest_idx')
        .on('ebooks')
        .columns(['site_key', 'published', 'created_at desc', 'id desc'])
        .execute();
      await db.schema
        .createIndex('ebooks_category_newest_idx')
        .on('ebooks')
        .columns(['site_key', 'category_id', 'published', 'created_at desc', 'id desc'])
        .execute();
      await db.schema
        .createIndex('ebooks_category_idx')
        .on('ebooks')
        .column('category_id')
        .execute();

      // One row per learner and book: the unique key makes the progress report an upsert.
      await db.schema
        .createTable('ebook_reading')
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('ebook_id', 'integer', (c) =>
          c.notNull().references('ebooks.id').onDelete('cascade'),
        )
        .addColumn('page', 'integer', (c) => c.notNull())
        .addColumn('started_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('ebook_reading_pk', ['user_id', 'ebook_id'])
        .addCheckConstraint('ebook_reading_page_check', sql`page >= 1`)
        .execute();
      await db.schema
        .createIndex('ebook_reading_latest_idx')
        .on('ebook_reading')
        .columns(['user_id', 'updated_at desc', 'ebook_id desc'])
        .execute();
      await db.schema
        .createIndex('ebook_reading_ebook_idx')
        .on('ebook_reading')
        .column('ebook_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['ebook_reading', 'ebooks', 'ebook_categories']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
