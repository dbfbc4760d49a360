import { type Kysely, type Migration, sql } from 'kysely';
import { belongsTo, createIndex, required } from './columns.ts';

/**
 * Learners' study: progress per lesson, the courses each learner has started (learner counts
 * and course completion), learning time per learner per day, and the per-learner clock that
 * bounds how much learning time reports can claim. Frozen: never edit, add a new migration.
 */
export function createStudy(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('lesson_progress')
        .$call(belongsTo('user_id', 'users.id'))
        .$call(belongsTo('lesson_id', 'course_lessons.id'))
        .$call(belongsTo('course_id', 'courses.id'))
        .addColumn('position_seconds', 'double precision', (c) => c.notNull().defaultTo(0))
        .addColumn('watched_seconds', 'double precision', (c) => c.notNull().defaultTo(0))
        .addColumn('completed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('completed_at', 'bigint')
        // Server time up to which watching was credited (see study.rules.ts, creditWatch).
        .$call(required({ credited_until: 'bigint', created_at: 'bigint', updated_at: 'bigint' }))
        .addPrimaryKeyConstraint('lesson_progress_pk', ['user_id', 'lesson_id'])
        .addCheckConstraint('lesson_progress_completed_check', sql`completed in (0, 1)`)
        .addCheckConstraint(
          'lesson_progress_seconds_check',
          sql`position_seconds >= 0 AND watched_seconds >= 0`,
        )
        .execute();
      await createIndex(db, 'lesson_progress_course_idx', 'lesson_progress', [
        'user_id',
        'course_id',
      ]);
      await createIndex(db, 'lesson_progress_lesson_idx', 'lesson_progress', ['lesson_id']);

      // One row per learner and course they started: the unique key makes the learner count
      // of a course go up exactly once per learner, however many first reports race.
      await db.schema
        .createTable('course_learners')
        .$call(belongsTo('user_id', 'users.id'))
        .$call(belongsTo('course_id', 'courses.id'))
        .addColumn('last_lesson_id', 'integer', (c) =>
          c.references('course_lessons.id').onDelete('set null'),
        )
        .$call(required({ started_at: 'bigint', last_studied_at: 'bigint' }))
        // Set when every lesson of the course was complete; never cleared.
        .addColumn('completed_at', 'bigint')
        .addPrimaryKeyConstraint('course_learners_pk', ['user_id', 'course_id'])
        .execute();
      await createIndex(db, 'course_learners_recent_idx', 'course_learners', [
        'user_id',
        'last_studied_at',
      ]);
      await createIndex(db, 'course_learners_course_idx', 'course_learners', ['course_id']);
      await createIndex(db, 'course_learners_lesson_idx', 'course_learners', ['last_lesson_id']);

      // `day` is the calendar date in Asia/Shanghai (YYYY-MM-DD).
      await db.schema
        .createTable('learning_days')
        .$call(belongsTo('user_id', 'users.id'))
        .addColumn('day', 'varchar(10)', (c) => c.notNull())
        .addColumn('seconds', 'double precision', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('learning_days_pk', ['user_id', 'day'])
        .addCheckConstraint('learning_days_seconds_check', sql`seconds >= 0`)
        .execute();

      // One row per learner: the clock of credited learning time across all lessons, and the
      // row a report locks so that one learner's reports are counted one after another.
      await db.schema
        .createTable('study_clocks')
        .addColumn('user_id', 'integer', (c) =>
          c.primaryKey().references('users.id').onDelete('cascade'),
        )
        .addColumn('credited_until', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['study_clocks', 'learning_days', 'course_learners', 'lesson_progress']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
