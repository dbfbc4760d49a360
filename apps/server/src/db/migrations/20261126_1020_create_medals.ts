import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import type { Engine } from '../database.ts';
import { belongsTo, createIndex, idColumn, required, siteKeyColumn } from './columns.ts';

/** The metrics a medal rule may count (`team_works` is reserved: teams do not exist yet). */
const METRICS = [
  'courses_completed',
  'streak_days',
  'learning_hours',
  'activities_attended',
  'books_finished',
  'live_watched',
  'team_works',
];

/** The medals every network starts with; operators change the rows, not the code. */
const RULES: ReadonlyArray<
  [key: string, name: string, description: string, metric: string, threshold: number]
> = [
  ['course-1', '初学乍练', '完成第 1 门课程', 'courses_completed', 1],
  ['course-5', '学有所成', '完成 5 门课程', 'courses_completed', 5],
  ['course-20', '博学多才', '完成 20 门课程', 'courses_completed', 20],
  ['streak-3', '持之以恒', '连续学习 3 天', 'streak_days', 3],
  ['streak-7', '七日不辍', '连续学习 7 天', 'streak_days', 7],
  ['streak-30', '月月精进', '连续学习 30 天', 'streak_days', 30],
  ['hours-1', '学习起步', '累计学习 1 小时', 'learning_hours', 1],
  ['hours-10', '勤学不倦', '累计学习 10 小时', 'learning_hours', 10],
  ['hours-100', '百时学人', '累计学习 100 小时', 'learning_hours', 100],
  ['activity-1', '积极参与', '参加 1 次活动（签到）', 'activities_attended', 1],
  ['activity-10', '活动达人', '参加 10 次活动（签到）', 'activities_attended', 10],
  ['book-1', '开卷有益', '读完 1 本电子书', 'books_finished', 1],
  ['book-10', '书香满怀', '读完 10 本电子书', 'books_finished', 10],
  ['live-1', '直播新人', '观看 1 场直播（至少 10 分钟）', 'live_watched', 1],
  ['live-10', '直播常客', '观看 10 场直播（每场至少 10 分钟）', 'live_watched', 10],
];

/**
 * Medals and certificates: the medal rules (data: a threshold on one metric, seeded here with
 * the starting set), the medals learners earned (once each: unique per learner and medal), and
 * the certificates of completed courses and finished classes (once per learner and subject,
 * each with a unique random verification code). Frozen: never edit, add a new migration.
 */
export function createMedals(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('medal_rules')
        .addColumn('key', 'varchar(32)', (c) => c.primaryKey())
        .$call(
          required({
            name: 'varchar(32)',
            description: 'varchar(200)',
            icon: 'varchar(32)',
            metric: 'varchar(32)',
            threshold: 'integer',
            sort: 'integer',
          }),
        )
        .addCheckConstraint(
          'medal_rules_metric_check',
          sql`metric in (${sql.join(METRICS.map((metric) => sql.lit(metric)))})`,
        )
        .addCheckConstraint('medal_rules_threshold_check', sql`threshold > 0`)
        .execute();
      await db
        .insertInto('medal_rules' as never)
        .values(
          RULES.map(([key, name, description, metric, threshold], i) => ({
            key,
            name,
            description,
            icon: metric,
            metric,
            threshold,
            sort: (i + 1) * 10,
          })) as never,
        )
        .execute();

      await idColumn(engine, db.schema.createTable('learner_medals'))
        .$call(belongsTo('user_id', 'users.id'))
        .$call(siteKeyColumn)
        .addColumn('medal_key', 'varchar(32)', (c) =>
          c.notNull().references('medal_rules.key').onDelete('cascade'),
        )
        .addColumn('earned_at', 'bigint', (c) => c.notNull())
        // Each medal is awarded once, however many events cross its threshold at the same time.
        .addUniqueConstraint('learner_medals_user_medal_key', ['user_id', 'medal_key'])
        .execute();

      await idColumn(engine, db.schema.createTable('certificates'))
        .$call(belongsTo('user_id', 'users.id'))
        .$call(siteKeyColumn)
        .$call(
          required({
            subject_type: 'varchar(16)',
            subject_id: 'integer',
            title: 'varchar(200)',
            seconds: 'integer',
            completed_at: 'bigint',
            code: 'varchar(32)',
            created_at: 'bigint',
          }),
        )
        .addUniqueConstraint('certificates_code_key', ['code'])
        .addUniqueConstraint('certificates_user_subject_key', [
          'user_id',
          'subject_type',
          'subject_id',
        ])
        .addCheckConstraint('certificates_subject_check', sql`subject_type in ('course', 'class')`)
        .execute();
      await createIndex(db, 'certificates_user_time_idx', 'certificates', [
        'user_id',
        'completed_at',
      ]);
    },
  };
}
