import type { Kysely, Migration } from 'kysely';
import { createIndex } from './columns.ts';

/**
 * The dashboard's reads (数据统计, issue 31) by range of days or times rather than by learner:
 * learning days and time by day (holding the learner and seconds, so a range is read from the
 * index alone), a site's ledger by day, courses started, articles read. Frozen: never edit, add
 * a new migration.
 */
export function createDashboardIndexes(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await createIndex(db, 'learning_days_day_idx', 'learning_days', [
        'day',
        'user_id',
        'seconds',
      ]);
      await createIndex(db, 'learning_time_day_idx', 'learning_time', [
        'day',
        'kind',
        'user_id',
        'seconds',
      ]);
      await createIndex(db, 'points_ledger_site_day_idx', 'points_ledger', ['site_key', 'day']);
      await createIndex(db, 'course_learners_started_idx', 'course_learners', [
        'started_at',
        'course_id',
      ]);
      await createIndex(db, 'article_reads_read_idx', 'article_reads', ['read_at', 'article_id']);
    },
  };
}
