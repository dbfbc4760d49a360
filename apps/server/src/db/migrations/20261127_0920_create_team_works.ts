import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import type { Engine } from '../database.ts';
import { belongsTo, createIndex, idColumn, required } from './columns.ts';

/**
 * Team works (团队作品): a member's post of plain text and up to 9 pictures, with likes and
 * comments. The database holds the counts itself:
 *
 * - a learner likes a work at most once (primary key (work, user));
 * - `like_count` and `comment_count` move in the like's or comment's own transaction and never
 *   go below zero (a CHECK);
 * - a work has at most 9 pictures, numbered 0..8 (a CHECK on `sort` and a UNIQUE key);
 * - a deleted work keeps its row (`deleted_at`) so its likes and points stay explained.
 *
 * Frozen: never edit, add a new migration.
 */
export function createTeamWorks(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(engine, db.schema.createTable('team_works'))
        .$call(belongsTo('team_id', 'teams.id'))
        .$call(belongsTo('author_id', 'users.id'))
        .addColumn('body', 'varchar(2000)', (c) => c.notNull())
        .addColumn('featured', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('featured_at', 'bigint')
        .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('comment_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('image_count', 'integer', (c) => c.notNull().defaultTo(0))
        .$call(required({ created_at: 'bigint', updated_at: 'bigint' }))
        .addColumn('deleted_at', 'bigint')
        .addCheckConstraint('team_works_featured_check', sql`featured in (0, 1)`)
        .addCheckConstraint(
          'team_works_counts_check',
          sql`like_count >= 0 AND comment_count >= 0 AND image_count >= 0 AND image_count <= 9`,
        )
        .execute();
      await createIndex(db, 'team_works_team_idx', 'team_works', [
        'team_id',
        'deleted_at',
        'featured',
        'created_at',
      ]);
      await createIndex(db, 'team_works_author_idx', 'team_works', ['author_id', 'created_at']);

      await idColumn(engine, db.schema.createTable('team_work_images'))
        .$call(belongsTo('work_id', 'team_works.id'))
        .$call(
          required({
            sort: 'integer',
            image_key: 'varchar(64)',
            thumb_key: 'varchar(64)',
            width: 'integer',
            height: 'integer',
          }),
        )
        .addUniqueConstraint('team_work_images_work_sort_key', ['work_id', 'sort'])
        .addCheckConstraint('team_work_images_sort_check', sql`sort >= 0 AND sort < 9`)
        .execute();

      await db.schema
        .createTable('team_work_likes')
        .$call(belongsTo('work_id', 'team_works.id'))
        .$call(belongsTo('user_id', 'users.id'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('team_work_likes_pk', ['work_id', 'user_id'])
        .execute();
      await createIndex(db, 'team_work_likes_user_idx', 'team_work_likes', ['user_id']);

      await idColumn(engine, db.schema.createTable('team_work_comments'))
        .$call(belongsTo('work_id', 'team_works.id'))
        .$call(belongsTo('author_id', 'users.id'))
        .addColumn('body', 'varchar(500)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await createIndex(db, 'team_work_comments_work_idx', 'team_work_comments', [
        'work_id',
        'created_at',
      ]);
    },
    async down(db: Kysely<unknown>) {
      for (const table of [
        'team_work_comments',
        'team_work_likes',
        'team_work_images',
        'team_works',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
