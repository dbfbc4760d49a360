import { type Kysely, type Migration, sql } from 'kysely';
import type { Engine } from '../database.ts';
import { belongsTo, createIndex, idColumn, required, siteKeyColumn } from './columns.ts';

/**
 * Topics (专题) as data: a topic per site and slug, its sections (one area each), and the
 * content tagged with it. A new topic is rows, not code. Frozen: never edit, add a new migration.
 */
export function createTopics(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(engine, db.schema.createTable('topics'))
        .$call(siteKeyColumn)
        .$call(
          required({
            slug: 'varchar(64)',
            title: 'varchar(100)',
            subtitle: 'varchar(200)',
            banner: 'varchar(500)',
            introduction: 'text',
          }),
        )
        .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('topics_site_slug_key', ['site_key', 'slug'])
        .execute();

      await idColumn(engine, db.schema.createTable('topic_sections'))
        .$call(belongsTo('topic_id', 'topics.id'))
        .$call(required({ kind: 'varchar(16)', title: 'varchar(100)' }))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('item_limit', 'integer', (c) => c.notNull())
        .addCheckConstraint(
          'topic_sections_kind_check',
          sql`kind in ('courses', 'activities', 'ebooks')`,
        )
        .addCheckConstraint('topic_sections_limit_check', sql`item_limit between 1 and 50`)
        .execute();
      await createIndex(db, 'topic_sections_topic_idx', 'topic_sections', [
        'topic_id',
        'sort',
        'id',
      ]);

      // No foreign key on content_id: it points into the table its content_type names.
      await db.schema
        .createTable('topic_items')
        .$call(belongsTo('topic_id', 'topics.id'))
        .$call(required({ content_type: 'varchar(16)', content_id: 'integer' }))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('topic_items_pk', ['topic_id', 'content_type', 'content_id'])
        .addCheckConstraint(
          'topic_items_type_check',
          sql`content_type in ('course', 'activity', 'ebook')`,
        )
        .execute();
      await createIndex(db, 'topic_items_order_idx', 'topic_items', [
        'topic_id',
        'content_type',
        'sort',
        'content_id',
      ]);
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['topic_items', 'topic_sections', 'topics']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
