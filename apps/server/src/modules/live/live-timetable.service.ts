import {
  addDays,
  clashesWith,
  type LiveTimetable,
  type LiveTimetableQuery,
  shanghaiDay,
  shanghaiMidnight,
  TIMETABLE_MAX_DAYS,
  type TimetableDay,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { invalid } from '../../platform/errors.ts';
import { toSummary } from './live.service.ts';
import { listTimetableRows, reservedAmong } from './live-timetable.queries.ts';

export const TimetableMessages = {
  fromOutOfRange: `开始日期：只能是今天起 ${TIMETABLE_MAX_DAYS} 天内的日期`,
  tooLong: `天数：最多查看今天起 ${TIMETABLE_MAX_DAYS} 天的课表`,
} as const;

/** The Shanghai dates a timetable query covers and their bounds in epoch ms. */
interface TimetableWindow {
  today: string;
  dates: string[];
  from: number;
  to: number;
}

/**
 * The window `[from, from + days)` of a query at `now`: it must lie within today and the 13 days
 * after it, else 400 naming the field.
 */
export function timetableWindow(query: LiveTimetableQuery, now: number): TimetableWindow {
  const today = shanghaiDay(now);
  const first = query.from ?? today;
  const from = shanghaiMidnight(first);
  const last = addDays(today, TIMETABLE_MAX_DAYS - 1);
  if (from === null || first < today || first > last) {
    throw invalid(TimetableMessages.fromOutOfRange);
  }
  const dates = Array.from({ length: query.days }, (_, i) => addDays(first, i));
  if ((dates.at(-1) ?? first) > last) throw invalid(TimetableMessages.tooLong);
  return { today, dates, from, to: shanghaiMidnight(addDays(first, query.days)) ?? from };
}

/** The live timetable (自主选课): the coming two weeks of sessions by Asia/Shanghai day. */
export class LiveTimetableService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The days of the query's window with the site's sessions starting on each, by start time.
   * With a learner, each session says whether they reserved it and which of their reserved
   * sessions it overlaps (the contract's `clashesWith`).
   */
  async timetable(
    siteKey: string,
    userId: number | null,
    query: LiveTimetableQuery,
  ): Promise<LiveTimetable> {
    const now = this.now();
    const window = timetableWindow(query, now);
    const rows = await listTimetableRows(this.db, { siteKey, from: window.from, to: window.to });
    const ids = rows.map((row) => row.id);
    const reserved =
      userId === null ? new Set<number>() : await reservedAmong(this.db, userId, ids);
    const sessions = rows.map((row) => ({
      ...toSummary(row, now),
      reserved: reserved.has(row.id),
    }));
    const picked = sessions.filter((session) => session.reserved);
    const days = new Map<string, TimetableDay>(
      window.dates.map((date) => [date, { date, sessions: [] }]),
    );
    for (const session of sessions) {
      const clashes = clashesWith(session, picked).map((other) => other.id);
      days.get(shanghaiDay(session.startsAt))?.sessions.push({ ...session, clashesWith: clashes });
    }
    return { today: window.today, days: [...days.values()] };
  }
}
