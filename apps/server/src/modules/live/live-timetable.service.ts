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

/** The live timetable (自主选课): the coming two weeks of sessions by Asia/Shanghai day. */
export class LiveTimetableService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The days `[from, from + days)` with the site's sessions starting on each, by start time. The
   * window lies within today and the 13 days after it (else 400, naming the field). With a
   * learner, each session says whether they reserved it and which reserved sessions it overlaps
   * (the contract's `clashesWith`).
   */
  async timetable(
    siteKey: string,
    userId: number | null,
    query: LiveTimetableQuery,
  ): Promise<LiveTimetable> {
    const now = this.now();
    const today = shanghaiDay(now);
    const from = query.from ?? today;
    const start = shanghaiMidnight(from);
    const last = addDays(today, TIMETABLE_MAX_DAYS - 1);
    if (start === null || from < today || from > last)
      throw invalid(TimetableMessages.fromOutOfRange);
    const dates = Array.from({ length: query.days }, (_, i) => addDays(from, i));
    if ((dates.at(-1) ?? from) > last) throw invalid(TimetableMessages.tooLong);
    const end = shanghaiMidnight(addDays(from, query.days)) ?? start;
    const rows = await listTimetableRows(this.db, { siteKey, from: start, to: end });
    const reserved =
      userId === null
        ? new Set<number>()
        : await reservedAmong(
            this.db,
            userId,
            rows.map((r) => r.id),
          );
    const sessions = rows.map((row) => ({
      ...toSummary(row, now),
      reserved: reserved.has(row.id),
    }));
    const picked = sessions.filter((session) => session.reserved);
    const days = new Map<string, TimetableDay>(dates.map((date) => [date, { date, sessions: [] }]));
    for (const session of sessions) {
      const clashes = clashesWith(session, picked);
      days.get(shanghaiDay(session.startsAt))?.sessions.push({
        ...session,
        clashesWith: clashes.map((other) => other.id),
      });
    }
    return { today, days: [...days.values()] };
  }
}
