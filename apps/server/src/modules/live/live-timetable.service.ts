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
  /** The windows of today's queries (a handful: the day, its start and length), by query. */
  private readonly windows = new Map<string, TimetableWindow>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  /** {@link timetableWindow}, worked out once a day for each start and length asked. */
  private window(query: LiveTimetableQuery, now: number): TimetableWindow {
    const key = `${shanghaiDay(now)}|${query.from ?? ''}|${query.days}`;
    let window = this.windows.get(key);
    if (!window) {
      // A refused query throws here, and is never kept.
      window = timetableWindow(query, now);
      if (this.windows.size >= 64) this.windows.clear();
      this.windows.set(key, window);
    }
    return window;
  }

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
    const window = this.window(query, now);
    const rows = await listTimetableRows(this.db, { siteKey, from: window.from, to: window.to });
    const ids = rows.map((row) => row.id);
    const reserved =
      userId === null ? new Set<number>() : await reservedAmong(this.db, userId, ids);
    // Times as numbers for the clashes and the days (the answer's ISO texts would be parsed
    // again for each comparison).
    const spans = rows.map((row) => ({
      id: row.id,
      startsAt: Number(row.starts_at),
      endsAt: Number(row.ends_at),
    }));
    const picked = spans.filter((span) => reserved.has(span.id));
    const days = new Map<string, TimetableDay>(
      window.dates.map((date) => [date, { date, sessions: [] }]),
    );
    rows.forEach((row, index) => {
      const span = spans[index] as (typeof spans)[number];
      days.get(shanghaiDay(span.startsAt))?.sessions.push({
        ...toSummary(row, now),
        reserved: reserved.has(row.id),
        clashesWith: clashesWith(span, picked).map((other) => other.id),
      });
    });
    return { today: window.today, days: [...days.values()] };
  }
}
