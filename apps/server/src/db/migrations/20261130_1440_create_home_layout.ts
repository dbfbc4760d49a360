import { type Kysely, type Migration, sql } from 'kysely';
import type { Engine } from '../database.ts';
import {
  addReviewColumns,
  createIndex,
  dropReviewColumns,
  idColumn,
  required,
  siteKeyColumn,
} from './columns.ts';

/**
 * Home as the network's staff arrange it (首页设置): banners of their own (`home_banners`: a
 * picture, a title and what it opens, reviewed before publication like other content, shown until
 * an optional end), and per site the order of home's entries, those hidden, and whether slides
 * drawn from the site's content fill the carousel after the staff's own (`site_home`, versioned).
 * Frozen: never edit, add a new migration.
 */
export function createHomeLayout(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(engine, db.schema.createTable('home_banners'))
        .$call(siteKeyColumn)
        .$call(
          required({
            title: 'varchar(40)',
            label: 'varchar(8)',
            image: 'varchar(300)',
            link_kind: 'varchar(16)',
          }),
        )
        .addColumn('link_id', 'integer')
        .addColumn('link_slug', 'varchar(120)')
        .addColumn('ends_at', 'bigint')
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('published_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await addReviewColumns(db, 'home_banners');
      // Home reads the site's published banners in their order.
      await createIndex(db, 'home_banners_home_idx', 'home_banners', [
        'site_key',
        'published',
        'position',
      ]);

      await db.schema
        .createTable('site_home')
        .addColumn('site_key', 'varchar(32)', (c) =>
          c.primaryKey().references('sites.key').onDelete('cascade'),
        )
        // JSON: the entries' keys in their order; those left out are hidden.
        .$call(required({ entries: 'text' }))
        .addColumn('fill_banners', 'integer', (c) =>
          c.notNull().defaultTo(1).check(sql`fill_banners in (0, 1)`),
        )
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('site_home').execute();
      await db.schema.dropIndex('home_banners_home_idx').execute();
      await dropReviewColumns(db, 'home_banners');
      await db.schema.dropTable('home_banners').execute();
    },
  };
}
