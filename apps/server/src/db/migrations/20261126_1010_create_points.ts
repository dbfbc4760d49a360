import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import type { Engine } from '../database.ts';
import { createIndex, idColumn, required } from './columns.ts';

/** The rules the network starts with: [key, name, unit, points per unit, daily cap in units]. */
const RULES: ReadonlyArray<[string, string, string, number, number]> = [
  ['login', '每日登录', '次', 2, 1],
  ['learning_minute', '有效学习', '分钟', 1, 30],
  ['lesson_complete', '完成课时', '个', 5, 10],
  ['course_complete', '完成课程', '门', 20, 3],
  ['activity_checkin', '参加活动', '场', 10, 3],
  ['ebook_pages', '电子书读满10页', '次', 2, 5],
  ['article_read', '读完文章', '篇', 1, 5],
  ['class_finish', '班级结业', '个', 30, 2],
];

/**
 * Points: the rules (data, seeded here so every site starts with them), the append-only ledger
 * (one row per award or deduction, unique idempotency key, guarded by triggers against any
 * UPDATE or DELETE), each learner's balance per site (kept in the ledger insert's transaction)
 * and the units awarded per rule and day (the daily cap is a conditional update of that row).
 * Frozen: never edit, add a new migration.
 */
export function createPoints(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('points_rules')
        .addColumn('key', 'varchar(32)', (c) => c.primaryKey())
        .$call(
          required({
            name: 'varchar(32)',
            unit: 'varchar(8)',
            points_per_unit: 'integer',
            daily_cap: 'integer',
            sort: 'integer',
            active: 'integer',
          }),
        )
        .addCheckConstraint('points_rules_values_check', sql`points_per_unit > 0 and daily_cap > 0`)
        .execute();

      // Not deleted with its learner or site: the ledger is never rewritten (see the triggers).
      await idColumn(engine, db.schema.createTable('points_ledger'))
        .addColumn('site_key', 'varchar(32)', (c) => c.notNull().references('sites.key'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .$call(
          required({
            rule_key: 'varchar(32)',
            amount: 'integer',
            balance_after: 'integer',
            source_type: 'varchar(16)',
          }),
        )
        .addColumn('source_id', 'integer')
        .$call(
          required({
            title: 'varchar(200)',
            day: 'varchar(10)',
            idempotency_key: 'varchar(200)',
            created_at: 'bigint',
          }),
        )
        .addUniqueConstraint('points_ledger_idempotency_key', ['idempotency_key'])
        .addCheckConstraint('points_ledger_amount_check', sql`amount <> 0 and balance_after >= 0`)
        .execute();
      // A learner's ledger on a site, newest first (and by day for today's total).
      await createIndex(db, 'points_ledger_user_site_idx', 'points_ledger', [
        'user_id',
        'site_key',
        'id',
      ]);

      await db.schema
        .createTable('points_balances')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('site_key', 'varchar(32)', (c) => c.notNull().references('sites.key'))
        .$call(required({ balance: 'integer', updated_at: 'bigint' }))
        .addPrimaryKeyConstraint('points_balances_pk', ['user_id', 'site_key'])
        .addCheckConstraint('points_balances_balance_check', sql`balance >= 0`)
        .execute();

      await db.schema
        .createTable('points_daily')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('site_key', 'varchar(32)', (c) => c.notNull().references('sites.key'))
        .$call(required({ rule_key: 'varchar(32)', day: 'varchar(10)', units: 'integer' }))
        .addPrimaryKeyConstraint('points_daily_pk', ['user_id', 'site_key', 'rule_key', 'day'])
        .addCheckConstraint('points_daily_units_check', sql`units >= 0`)
        .execute();

      await guardLedger(engine, db);
      await db
        .insertInto('points_rules' as never)
        .values(
          RULES.map(([key, name, unit, points, cap], index) => ({
            key,
            name,
            unit,
            points_per_unit: points,
            daily_cap: cap,
            sort: index + 1,
            active: 1,
          })) as never,
        )
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['points_daily', 'points_balances', 'points_ledger', 'points_rules']) {
        await db.schema.dropTable(table).execute();
      }
      if (engine === 'postgres') await sql`drop function points_ledger_append_only()`.execute(db);
    },
  };
}

/** Makes the ledger append-only in the database: any UPDATE or DELETE of a row fails. */
async function guardLedger(engine: Engine, db: Kysely<unknown>) {
  if (engine === 'sqlite') {
    for (const event of ['UPDATE', 'DELETE']) {
      await sql
        .raw(
          `CREATE TRIGGER points_ledger_no_${event.toLowerCase()} BEFORE ${event} ON points_ledger
           BEGIN SELECT RAISE(ABORT, 'points_ledger is append-only'); END`,
        )
        .execute(db);
    }
    return;
  }
  await sql
    .raw(
      `CREATE FUNCTION points_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN RAISE EXCEPTION 'points_ledger is append-only'; END $$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER points_ledger_append_only BEFORE UPDATE OR DELETE ON points_ledger
       FOR EACH ROW EXECUTE FUNCTION points_ledger_append_only()`,
    )
    .execute(db);
}
