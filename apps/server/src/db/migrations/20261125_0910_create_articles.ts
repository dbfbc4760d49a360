import { type Kysely, type Migration, sql } from 'kysely';
import type { Engine } from '../database.ts';
import { belongsTo, createIndex, idColumn, required, siteKeyColumn } from './columns.ts';

/**
 * Articles (资讯, 通知, 公告, 风采, 展示, 讲座访谈): channels per site and kind, the articles (a
 * sanitized HTML body, maybe a PDF attachment), and which notices each learner has read.
 * Frozen: never edit, add a new migration.
 */
export function createArticles(engine: Engine): Migration {
  const kinds = sql`kind in ('news', 'info', 'notice', 'fengcai', 'zanshi', 'talk')`;
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(engine, db.schema.createTable('article_channels'))
        .$call(siteKeyColumn)
        .$call(required({ kind: 'varchar(16)', name: 'varchar(50)' }))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addCheckConstraint('article_channels_kind_check', kinds)
        .execute();
      await createIndex(db, 'article_channels_site_kind_idx', 'article_channels', [
        'site_key',
        'kind',
        'sort',
        'id',
      ]);

      await idColumn(engine, db.schema.createTable('articles'))
        .$call(siteKeyColumn)
        .addColumn('channel_id', 'integer', (c) => c.notNull().references('article_channels.id'))
        .$call(
          required({
            kind: 'varchar(16)',
            title: 'varchar(200)',
            summary: 'varchar(500)',
          }),
        )
        .addColumn('cover', 'varchar(500)')
        .$call(required({ source: 'varchar(100)', body_html: 'text' }))
        .addColumn('attachment_url', 'varchar(500)')
        .addColumn('attachment_name', 'varchar(200)')
        .addColumn('pinned', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
        .$call(required({ published_at: 'bigint', created_at: 'bigint' }))
        .addCheckConstraint('articles_kind_check', kinds)
        .execute();
      // The lists: pinned first, then newest published, for a kind or one of its channels.
      await createIndex(db, 'articles_kind_list_idx', 'articles', [
        'site_key',
        'kind',
        'published',
        'pinned desc',
        'published_at desc',
        'id desc',
      ]);
      await createIndex(db, 'articles_channel_list_idx', 'articles', [
        'site_key',
        'channel_id',
        'published',
        'pinned desc',
        'published_at desc',
        'id desc',
      ]);
      await createIndex(db, 'articles_channel_idx', 'articles', ['channel_id']);

      // One row per learner and article read: the key makes marking read idempotent.
      await db.schema
        .createTable('article_reads')
        .$call(belongsTo('user_id', 'users.id'))
        .$call(belongsTo('article_id', 'articles.id'))
        .$call(required({ read_at: 'bigint' }))
        .addPrimaryKeyConstraint('article_reads_pk', ['user_id', 'article_id'])
        .execute();
      await createIndex(db, 'article_reads_article_idx', 'article_reads', ['article_id']);
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['article_reads', 'articles', 'article_channels']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
