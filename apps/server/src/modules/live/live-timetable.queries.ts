import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { publishedSessions, SUMMARY_COLUMNS } from './live.queries.ts';

/**
 * Most sessions one timetable answer holds: two weeks of a busy site is well under it, and it
 * bounds the answer whatever is published.
 */
export const TIMETABLE_MAX_SESSIONS = 500;

/**
 * The published sessions of the site (in a published channel) starting in `[from, to)`, epoch
 * ms, by start time (ties by id). The columns are those of a session card.
 */
export function listTimetableRows(
  db: Kysely<Database>,
  window: { siteKey: string; from: number; to: number },
) {
  return publishedSessions(db, window.siteKey)
    .select(SUMMARY_COLUMNS)
    .where('s.starts_at', '>=', window.from)
    .where('s.starts_at', '<', window.to)
    .orderBy('s.starts_at')
    .orderBy('s.id')
    .limit(TIMETABLE_MAX_SESSIONS)
    .execute();
}

/** Which of `sessionIds` the learner has reserved. */
export async function reservedAmong(
  db: Kysely<Database>,
  userId: number,
  sessionIds: readonly number[],
): Promise<Set<number>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('live_reservations')
    .select('session_id')
    .where('user_id', '=', userId)
    .where('session_id', 'in', sessionIds)
    .execute();
  return new Set(rows.map((row) => Number(row.session_id)));
}
