import type { LearningKind } from '@portal/contract';
import { type Kysely, sql } from 'kysely';
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
export async function listDayTimes(
  db: Kysely<Database>,
  userId: number,
  from: string,
  to: string,
): Promise<DayTime[]> {
  const rows = await db
    .selectFrom('learning_time')
    .select(['day', 'kind', 'seconds'])
    .where('user_id', '=', userId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .execute();
  return rows.map((row) => ({ day: row.day, kind: row.kind, seconds: Number(row.seconds) }));
}

/** All the learner's learning time (seconds) and the number of days it fell on. */
export async function findTotals(db: Kysely<Database>, userId: number) {
  const row = await db
    .selectFrom('learning_days')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('days'),
      eb.fn.sum<number | string | null>('seconds').as('seconds'),
    ])
    .where('user_id', '=', userId)
    .where('seconds', '>', 0)
    .executeTakeFirst();
  return { days: Number(row?.days ?? 0), seconds: Number(row?.seconds ?? 0) };
}

/** How many courses the learner completed (on any site). */
export async function countCompletedCourses(db: Kysely<Database>, userId: number) {
  const row = await db
    .selectFrom('course_learners')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('completed_at', 'is not', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * The learner's runs of consecutive days with learning time (gaps and islands: a day's number
 * minus its rank is the same within a run), answered as the longest run and the one that ends
 * on `yesterday` or later (the current streak; 0 when the last run ended before). Reads the
 * learner's rows of `learning_days` by its primary key.
 */
export async function findStreaks(
  db: Kysely<Database>,
  engine: Engine,
  userId: number,
  yesterday: string,
) {
  const dayNumber =
    engine === 'postgres' ? sql`(day::date - date '2000-01-01')` : sql`julianday(day)`;
  const { rows } = await sql<{ longest: number | string; current: number | string }>`
    WITH runs AS (
      SELECT day, ${dayNumber} - ROW_NUMBER() OVER (ORDER BY day) AS run
      FROM learning_days
      WHERE user_id = ${userId} AND seconds > 0
    ), islands AS (
      SELECT MAX(day) AS last_day, COUNT(*) AS days FROM runs GROUP BY run
    )
    SELECT COALESCE(MAX(days), 0) AS longest,
      COALESCE(MAX(CASE WHEN last_day >= ${yesterday} THEN days END), 0) AS current
    FROM islands
  `.execute(db);
  const row = rows[0];
  return { current: Number(row?.current ?? 0), longest: Number(row?.longest ?? 0) };
}
