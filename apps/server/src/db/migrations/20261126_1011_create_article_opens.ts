import type { Kysely, Migration } from 'kysely';
import { belongsTo } from './columns.ts';

/**
 * When a learner last opened an article (its detail), so that "read to the end" can be checked
 * for plausibility: a read-end report sooner than a few seconds after the open earns nothing.
 * Frozen: never edit, add a new migration.
 */
export function createArticleOpens(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('article_opens')
        .$call(belongsTo('user_id', 'users.id'))
        .$call(belongsTo('article_id', 'articles.id'))
        .addColumn('opened_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('article_opens_pk', ['user_id', 'article_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('article_opens').execute();
    },
  };
}
