import { type Kysely, type Migration, sql } from 'kysely';
import type { Engine } from '../database.ts';
import { belongsTo } from './columns.ts';

/**
 * A learner's learning totals, kept by the learning-time credit in its transaction beside
 * `learning_days`: all-time seconds, days learned, and the run of consecutive days ending on the
 * last one (with the longest run), so the statistics, medals and achievements read one row
 * instead of every day the learner ever learned. Filled from `learning_days` (gaps and islands:
 * a day's number minus its rank is the same within a run). Frozen: never edit, add a new
 * migration.
 */
export function keepLearningTotals(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('learning_totals')
        .$call(belongsTo('user_id', 'users.id'))
        .addColumn('seconds', 'double precision', (c) => c.notNull().defaultTo(0))
        .addColumn('days', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_day', 'varchar(10)')
        .addColumn('streak', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('longest', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('learning_totals_pk', ['user_id'])
        .addCheckConstraint(
          'learning_totals_check',
          sql`seconds >= 0 and days >= 0 and streak >= 0 and longest >= streak`,
        )
        .execute();
      const dayNumber =
        engine === 'postgres' ? sql`(day::date - date '2000-01-01')` : sql`julianday(day)`;
      await sql`
        WITH runs AS (
          SELECT user_id, day, seconds, updated_at,
            ${dayNumber} - ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY day) AS run
          FROM learning_days WHERE seconds > 0
        ), islands AS (
          SELECT user_id, MAX(day) AS last_day, COUNT(*) AS days, SUM(seconds) AS seconds,
            MAX(updated_at) AS updated_at
          FROM runs GROUP BY user_id, run
        ), learners AS (
          SELECT user_id, MAX(last_day) AS last_day, SUM(days) AS days, SUM(seconds) AS seconds,
            MAX(days) AS longest, MAX(updated_at) AS updated_at
          FROM islands GROUP BY user_id
        )
        INSERT INTO learning_totals (user_id, seconds, days, last_day, streak, longest, updated_at)
        SELECT l.user_id, l.seconds, l.days, l.last_day, i.days, l.longest, l.updated_at
        FROM learners l
        JOIN islands i ON i.user_id = l.user_id AND i.last_day = l.last_day
      `.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('learning_totals').execute();
    },
  };
}
