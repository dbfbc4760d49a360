import { type Kysely, type Migration, sql } from 'kysely';
import { belongsTo } from './columns.ts';

/**
 * Learning time per learner, Asia/Shanghai day and kind of content (`course` lessons, `live`
 * sessions and replays), for the statistics: added by the same credit, in the same
 * transaction, as `learning_days`, so a day's kinds add up to its total. The time credited
 * before this migration was all lessons': it is copied in as `course`. Frozen: never edit, add
 * a new migration.
 */
export function createLearningTime(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // The primary key (user, day, kind) is the index a learner's range of days is read by.
      await db.schema
        .createTable('learning_time')
        .$call(belongsTo('user_id', 'users.id'))
        .addColumn('day', 'varchar(10)', (c) => c.notNull())
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('seconds', 'double precision', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('learning_time_pk', ['user_id', 'day', 'kind'])
        .addCheckConstraint('learning_time_seconds_check', sql`seconds >= 0`)
        .addCheckConstraint('learning_time_kind_check', sql`kind in ('course', 'live')`)
        .execute();
      await sql`
        INSERT INTO learning_time (user_id, day, kind, seconds, updated_at)
        SELECT user_id, day, 'course', seconds, updated_at FROM learning_days
      `.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('learning_time').execute();
    },
  };
}
