import type { Page, PageQuery, ScheduleItem } from '@portal/contract';
import type { Kysely } from 'kysely';
import { readPage } from '../../db/paging.ts';
import type { Database } from '../../db/schema.ts';
import { isoTime } from '../../platform/time.ts';
import { countScheduleRows, listScheduleRows } from './schedule.queries.ts';

/** The learner's 我的日程: what they reserved or signed up for that has not ended yet. */
export class ScheduleService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * One page of the learner's coming schedule on the site: reserved live sessions, classes and
   * activities they signed up for (active), not ended, by start time.
   */
  coming(siteKey: string, userId: number, query: PageQuery): Promise<Page<ScheduleItem>> {
    const filter = { siteKey, userId, now: this.now() };
    return readPage(
      query,
      {
        count: () => countScheduleRows(this.db, filter),
        rows: (window) => listScheduleRows(this.db, { ...filter, ...window }),
      },
      (rows) =>
        rows.map((row) => ({
          kind: row.kind,
          id: Number(row.id),
          title: row.title,
          cover: row.cover,
          place: row.place,
          startsAt: isoTime(row.starts_at),
          endsAt: isoTime(row.ends_at),
        })),
    );
  }
}
