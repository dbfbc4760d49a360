import type { LearningKind } from '@portal/contract';
import { type Kysely, sql } from 'kysely';
import { compiledCount, compiledOnce } from '../../db/compiled.ts';
import type { Engine } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { DayTime } from './statistics.rules.ts';

/**
 * Adds `seconds` of `kind` to the learner's `day` with one upsert; called by the learning-time
 * credit in its transaction, beside the day's total in `learning_days`.
 */
export function addLearningTime(
  trx: Kysely<Database>,
  row: { userId: number; day: string; kind: LearningKind; seconds: number; now: number },
) {
  return trx
    .insertInto('learning_time')
    .values({
      user_id: row.userId,
      day: row.day,
      kind: row.kind,
      seconds: row.seconds,
      updated_at: row.now,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'day', 'kind']).doUpdateSet((eb) => ({
        seconds: eb('learning_time.seconds', '+', eb.ref('excluded.seconds')),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}

/** The learner's time per day and kind from `from` to `to` (inclusive), by the primary key. */
const dayTimesQuery = compiledOnce((db, userId: number, from: string, to: string) =>
  db
    .selectFrom('learning_time')
    .select(['day', 'kind', 'seconds'])
    .where('user_id', '=', userId)
    .where('day', '>=', from)
    .where('day', '<=', to),
);

export async function listDayTimes(
  db: Kysely<Database>,
  userId: number,
  from: string,
  to: string,
): Promise<DayTime[]> {
  const rows = await dayTimesQuery(db, userId, from, to);
  return rows.map((row) => ({ day: row.day, kind: row.kind, seconds: Number(row.seconds) }));
}

/** How many courses the learner completed (on any site). */
export const countCompletedCourses = compiledCount((db, userId: number) =>
  db
    .selectFrom('course_learners')
    .where('user_id', '=', userId)
    .where('completed_at', 'is not', null),
);

/** A learner's learning totals (all zero before the first credit). */
export interface LearningTotals {
  seconds: number;
  days: number;
  /** The latest day learned (`YYYY-MM-DD`), null before the first. */
  lastDay: string | null;
  /** The run of consecutive days ending on `lastDay`. */
  streak: number;
  longest: number;
}

const totalsQuery = compiledOnce((db, userId: number) =>
  db
    .selectFrom('learning_totals')
    .select(['seconds', 'days', 'last_day', 'streak', 'longest'])
    .where('user_id', '=', userId),
);

/** The learner's learning totals, one row by its primary key. */
export async function findLearningTotals(
  db: Kysely<Database>,
  userId: number,
): Promise<LearningTotals> {
  const [row] = await totalsQuery(db, userId);
  return {
    seconds: Number(row?.seconds ?? 0),
    days: Number(row?.days ?? 0),
    lastDay: row?.last_day ?? null,
    streak: Number(row?.streak ?? 0),
    longest: Number(row?.longest ?? 0),
  };
}

/**
 * Adds a credit of `seconds` on `day` to the learner's totals, in the credit's transaction
 * (after `learning_days`, which tells whether the day is a new one). The run grows when the
 * last day learned was `yesterday`, starts again after a gap, and stays on the same day; a day
 * older than the last (a credit that waited across midnight) adds its time only.
 */
export function addLearningTotals(
  trx: Kysely<Database>,
  row: {
    userId: number;
    day: string;
    yesterday: string;
    seconds: number;
    newDay: boolean;
    now: number;
  },
) {
  const last = sql.ref('learning_totals.last_day');
  const streak = sql<number>`case
    when ${last} is null or ${last} < ${row.yesterday} then 1
    when ${last} = ${row.yesterday} then learning_totals.streak + 1
    else learning_totals.streak end`;
  return trx
    .insertInto('learning_totals')
    .values({
      user_id: row.userId,
      seconds: row.seconds,
      days: 1,
      last_day: row.day,
      streak: 1,
      longest: 1,
      updated_at: row.now,
    })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet((eb) => ({
        seconds: eb('learning_totals.seconds', '+', eb.ref('excluded.seconds')),
        days: eb('learning_totals.days', '+', row.newDay ? 1 : 0),
        // The day is new only when it is later than the last: then the run moves on.
        streak: sql`case when ${last} is null or ${last} < ${row.day} then ${streak}
          else learning_totals.streak end`,
        longest: sql`case when (${last} is null or ${last} < ${row.day})
            and ${streak} > learning_totals.longest then ${streak}
          else learning_totals.longest end`,
        last_day: sql`case when ${last} is null or ${last} < ${row.day} then ${row.day}
          else ${last} end`,
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}

/**
 * Every learner's totals (or those with ids from `from` to `to`) computed again from
 * `learning_days`, as the migration that made them did: for the seed and the bench's fills,
 * which write days in bulk, and the tests, which hold the kept totals to it. Gaps and islands:
 * a day's number minus its rank is the same within a run.
 */
export async function rebuildLearningTotals(
  db: Kysely<Database>,
  engine: Engine,
  range: { from: number; to: number } = { from: 0, to: 2_147_483_647 },
) {
  const dayNumber =
    engine === 'postgres' ? sql`(day::date - date '2000-01-01')` : sql`julianday(day)`;
  await db
    .deleteFrom('learning_totals')
    .where('user_id', '>=', range.from)
    .where('user_id', '<=', range.to)
    .execute();
  await sql`
    WITH runs AS (
      SELECT user_id, day, seconds, updated_at,
        ${dayNumber} - ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY day) AS run
      FROM learning_days
      WHERE seconds > 0 AND user_id BETWEEN ${range.from} AND ${range.to}
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
}
