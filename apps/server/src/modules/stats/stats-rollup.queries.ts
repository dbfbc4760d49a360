import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { type RollupKey, rollupKeys } from './stats-rollup.rules.ts';

type Db = Kysely<Database>;

const num = (value: number | string | bigint | null | undefined) => Number(value ?? 0);

/** The first day anyone learned (learning_days_day_idx: one step), null when no one has. */
export async function firstLearningDay(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('learning_days')
    .select((eb) => eb.fn.min('day').as('day'))
    .executeTakeFirst();
  return row?.day ?? null;
}

/** Every mark: when each day, week and month was last computed, by key. */
export async function readMarks(db: Db, keys?: readonly string[]): Promise<Map<string, number>> {
  if (keys?.length === 0) return new Map();
  const rows = await db
    .selectFrom('stats_rollup_marks')
    .select(['key', 'computed_at'])
    .$if(keys !== undefined, (qb) => qb.where('key', 'in', keys ?? []))
    .execute();
  return new Map(rows.map((row) => [row.key, num(row.computed_at)]));
}

/** A rollup row of a day: a site's learners and seconds, in all or of a kind. */
export interface DayRow {
  site_key: string;
  kind: 'all' | 'course' | 'live';
  learners: number;
  seconds: number;
}

/**
 * Per site, the learners who learned on `day` and their seconds, in all (learning_days) and by
 * kind (learning_time): one row per learner and day (and kind), so a count is of learners.
 */
export async function computeDay(db: Db, day: string): Promise<DayRow[]> {
  const [all, kinds] = await Promise.all([
    db
      .selectFrom('learning_days as d')
      .innerJoin('site_learners as l', 'l.user_id', 'd.user_id')
      .where('d.day', '=', day)
      .select((eb) => [
        'l.site_key',
        eb.fn.countAll<number | string>().as('learners'),
        eb.fn.sum<number | string>('d.seconds').as('seconds'),
      ])
      .groupBy('l.site_key')
      .execute(),
    db
      .selectFrom('learning_time as t')
      .innerJoin('site_learners as l', 'l.user_id', 't.user_id')
      .where('t.day', '=', day)
      .select((eb) => [
        'l.site_key',
        't.kind',
        eb.fn.countAll<number | string>().as('learners'),
        eb.fn.sum<number | string>('t.seconds').as('seconds'),
      ])
      .groupBy(['l.site_key', 't.kind'])
      .execute(),
  ]);
  return [
    ...all.map((row) => ({ site_key: row.site_key, kind: 'all' as const, ...countsOf(row) })),
    ...kinds.map((row) => ({ site_key: row.site_key, kind: row.kind, ...countsOf(row) })),
  ];
}

const countsOf = (row: { learners: number | string; seconds: number | string }) => ({
  learners: num(row.learners),
  seconds: num(row.seconds),
});

/** Per site, the distinct learners who learned on a day of `from`…`to`. */
export async function computePeriod(db: Db, from: string, to: string) {
  const rows = await db
    .selectFrom('learning_days as d')
    .innerJoin('site_learners as l', 'l.user_id', 'd.user_id')
    .where('d.day', '>=', from)
    .where('d.day', '<=', to)
    .select((eb) => ['l.site_key', eb.fn.count<number | string>('d.user_id').distinct().as('n')])
    .groupBy('l.site_key')
    .execute();
  return rows.map((row) => ({ site_key: row.site_key, learners: num(row.n) }));
}

/**
 * Replaces a key's rows with those computed and marks it computed at `now`, in one short
 * transaction (the reading was done before it, so writers wait for no scan).
 */
export async function storeKey(
  db: Db,
  key: RollupKey,
  rows: { days?: DayRow[]; periods?: { site_key: string; learners: number }[] },
  now: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const sites = (await trx.selectFrom('sites').select('key').execute()).map((row) => row.key);
    if (key.unit === 'day') {
      if (sites.length > 0) {
        await trx
          .deleteFrom('stats_days')
          .where('site_key', 'in', sites)
          .where('day', '=', key.period)
          .execute();
      }
      if (rows.days?.length) {
        await trx
          .insertInto('stats_days')
          .values(rows.days.map((row) => ({ ...row, day: key.period })))
          // Another instance's round on the same key: the later write stands.
          .onConflict((oc) =>
            oc.columns(['site_key', 'day', 'kind']).doUpdateSet((eb) => ({
              learners: eb.ref('excluded.learners'),
              seconds: eb.ref('excluded.seconds'),
            })),
          )
          .execute();
      }
    } else {
      const unit = key.unit;
      if (sites.length > 0) {
        await trx
          .deleteFrom('stats_periods')
          .where('site_key', 'in', sites)
          .where('unit', '=', unit)
          .where('period', '=', key.period)
          .execute();
      }
      if (rows.periods?.length) {
        await trx
          .insertInto('stats_periods')
          .values(rows.periods.map((row) => ({ ...row, unit, period: key.period })))
          .onConflict((oc) =>
            oc
              .columns(['site_key', 'unit', 'period'])
              .doUpdateSet((eb) => ({ learners: eb.ref('excluded.learners') })),
          )
          .execute();
      }
    }
    await trx
      .insertInto('stats_rollup_marks')
      .values({ key: key.key, computed_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ computed_at: now }))
      .execute();
  });
}

/**
 * Learning credited late to `day` (a report made offline, issue 32): its day, week and month are
 * no longer final, and the rollup job computes them again.
 */
export async function reopenRollups(db: Db, day: string): Promise<void> {
  const keys = rollupKeys(day, day).map((key) => key.key);
  await db.deleteFrom('stats_rollup_marks').where('key', 'in', keys).execute();
}
