import { type Kysely, type Migration, sql } from 'kysely';
import { siteKeyColumn } from './columns.ts';

/**
 * The dashboard's rollups (数据统计, issue 31), so its series never read the learning tables
 * whole: per site and Asia/Shanghai day, the learners who learned and their seconds, in all
 * (`all`, from `learning_days`) and by kind of content (from `learning_time`); per site and week
 * (by its Monday) or month (`YYYY-MM`), the distinct learners who learned in it; and the marks of
 * what was computed when (`day:…`, `week:…`, `month:…`), by which the rollup job knows what is
 * final and what to compute again. Frozen: never edit, add a new migration.
 */
export function createStatsRollups(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('stats_days')
        .$call(siteKeyColumn)
        .addColumn('day', 'varchar(10)', (c) => c.notNull())
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('learners', 'integer', (c) => c.notNull())
        .addColumn('seconds', 'double precision', (c) => c.notNull())
        .addPrimaryKeyConstraint('stats_days_pk', ['site_key', 'day', 'kind'])
        .addCheckConstraint('stats_days_kind_check', sql`kind in ('all', 'course', 'live')`)
        .execute();
      await db.schema
        .createTable('stats_periods')
        .$call(siteKeyColumn)
        .addColumn('unit', 'varchar(8)', (c) => c.notNull())
        .addColumn('period', 'varchar(10)', (c) => c.notNull())
        .addColumn('learners', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('stats_periods_pk', ['site_key', 'unit', 'period'])
        .addCheckConstraint('stats_periods_unit_check', sql`unit in ('week', 'month')`)
        .execute();
      await db.schema
        .createTable('stats_rollup_marks')
        .addColumn('key', 'varchar(20)', (c) => c.primaryKey())
        .addColumn('computed_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['stats_rollup_marks', 'stats_periods', 'stats_days']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
