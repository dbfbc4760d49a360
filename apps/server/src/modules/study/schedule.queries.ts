import type { ScheduleKind } from '@portal/contract';
import { type Kysely, sql } from 'kysely';
import { compiledCount, compiledOnce } from '../../db/compiled.ts';
import type { Database } from '../../db/schema.ts';
import { myApplications } from '../activities/activities.queries.ts';
import { myClasses } from '../classes/classes.queries.ts';
import { scheduleQuery } from '../live/live.queries.ts';

export interface ScheduleFilter {
  siteKey: string;
  userId: number;
  now: number;
}

const kind = (value: ScheduleKind) => sql<ScheduleKind>`${sql.lit(value)}`.as('kind');

/**
 * The learner's coming schedule as one query: reserved live sessions, classes with an active
 * signup and activities with an active application (the areas' own "mine" queries) that have not
 * ended at `now`, each as `{kind, id, title, cover, place, starts_at, ends_at}`.
 */
function comingSchedule(db: Kysely<Database>, filter: ScheduleFilter) {
  const { siteKey, userId, now } = filter;
  const live = scheduleQuery(db, siteKey, userId)
    .where('s.ends_at', '>', now)
    .select([
      kind('live'),
      's.id',
      's.title',
      's.cover',
      'ch.name as place',
      's.starts_at',
      's.ends_at',
    ]);
  const classes = myClasses(db, { siteKey, userId })
    .where('classes.end_at', '>', now)
    .select([
      kind('class'),
      'classes.id',
      'classes.title',
      'classes.cover',
      'classes.place',
      'classes.start_at as starts_at',
      'classes.end_at as ends_at',
    ]);
  const activities = myApplications(db, { siteKey, userId, now })
    .where('activity_applications.status', '=', 'active')
    .where('activities.end_at', '>', now)
    .select([
      kind('activity'),
      'activities.id',
      'activities.title',
      'activities.cover',
      'activities.place',
      'activities.start_at as starts_at',
      'activities.end_at as ends_at',
    ]);
  return db.selectFrom(live.unionAll(classes).unionAll(activities).as('u'));
}

const countScheduleQuery = compiledCount((db, siteKey: string, userId: number, now: number) =>
  comingSchedule(db, { siteKey, userId, now }),
);

/** How many entries the learner's coming schedule has. */
export function countScheduleRows(db: Kysely<Database>, filter: ScheduleFilter) {
  return countScheduleQuery(db, filter.siteKey, filter.userId, filter.now);
}

/** The page query, compiled once (three areas' queries in one: costly to build every time). */
const scheduleRowsQuery = compiledOnce(
  (db, siteKey: string, userId: number, now: number, limit: number, offset: number) =>
    comingSchedule(db, { siteKey, userId, now })
      .selectAll()
      .orderBy('u.starts_at')
      .orderBy(sql`case u.kind when 'live' then 0 when 'class' then 1 else 2 end`)
      .orderBy('u.id')
      .limit(limit)
      .offset(offset),
);

/** One page of the learner's coming schedule, by start time (then live, class, activity; id). */
export function listScheduleRows(
  db: Kysely<Database>,
  filter: ScheduleFilter & { limit: number; offset: number },
) {
  const { siteKey, userId, now, limit, offset } = filter;
  return scheduleRowsQuery(db, siteKey, userId, now, limit, offset);
}
