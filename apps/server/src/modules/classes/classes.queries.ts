import type { ClassStatus } from '@portal/contract';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { countRows } from '../../db/rows.ts';
import type { Database } from '../../db/schema.ts';
import { publishedOn } from '../content/published.ts';
import type { SeatLedger } from '../seats/seats.ts';

type ClassesEb = ExpressionBuilder<Database, 'classes'>;

/** The columns a class card needs. */
const SUMMARY_COLUMNS = [
  'classes.id',
  'classes.title',
  'classes.cover',
  'classes.term',
  'classes.schedule',
  'classes.place',
  'classes.teacher_name',
  'classes.capacity',
  'classes.seats_taken',
  'classes.signup_start',
  'classes.signup_end',
  'classes.start_at',
  'classes.end_at',
] as const;

/**
 * The contract's status rule (`classStatusAt`) as SQL, for one status at `now`: the list filter.
 * Kept as plain comparisons on the columns so each engine can use its indexes.
 */
function hasStatus(eb: ClassesEb, status: ClassStatus, now: number) {
  const notEnded = eb('classes.end_at', '>', now);
  const open = eb.and([
    notEnded,
    eb('classes.signup_start', '<=', now),
    eb('classes.signup_end', '>', now),
    eb('classes.start_at', '>', now),
  ]);
  switch (status) {
    case '已结束':
      return eb('classes.end_at', '<=', now);
    case '未开始':
      return eb.and([notEnded, eb('classes.signup_start', '>', now)]);
    case '报名中':
      return eb.and([open, eb('classes.seats_taken', '<', eb.ref('classes.capacity'))]);
    case '已满':
      return eb.and([open, eb('classes.seats_taken', '>=', eb.ref('classes.capacity'))]);
    case '进行中':
      return eb.and([
        notEnded,
        eb('classes.signup_start', '<=', now),
        eb.or([eb('classes.signup_end', '<=', now), eb('classes.start_at', '<=', now)]),
      ]);
  }
}

/**
 * The list position of a class's status at `now`, the index of that status in the contract's
 * `CLASS_STATUSES` (报名中 0, 未开始 1, 已满 2, 进行中 3, 已结束 4); the same rule as `classStatusAt`.
 */
function statusRank(now: number) {
  return sql<number>`case
    when classes.end_at <= ${now} then 4
    when classes.signup_start > ${now} then 1
    when classes.signup_end > ${now} and classes.start_at > ${now}
      then case when classes.seats_taken < classes.capacity then 0 else 2 end
    else 3 end`;
}

export interface ClassListFilter {
  siteKey: string;
  status?: ClassStatus | undefined;
  now: number;
  limit: number;
  offset: number;
}

/** The published classes of a site, of one status at `now` when a status is given. */
function publishedClasses(db: Kysely<Database>, filter: Omit<ClassListFilter, 'limit' | 'offset'>) {
  const query = db.selectFrom('classes').where(publishedOn(filter.siteKey, 'classes'));
  const { status, now } = filter;
  return status ? query.where((eb) => hasStatus(eb, status, now)) : query;
}

/** One page of a site's published classes: 报名中 first, then by status, start date and id. */
export function listClassRows(db: Kysely<Database>, filter: ClassListFilter) {
  return publishedClasses(db, filter)
    .select(SUMMARY_COLUMNS)
    .orderBy(statusRank(filter.now))
    .orderBy('classes.start_at')
    .orderBy('classes.id')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
}

/** How many published classes of the site the list filter matches. */
export function countClassRows(
  db: Kysely<Database>,
  filter: Omit<ClassListFilter, 'limit' | 'offset'>,
) {
  return countRows(publishedClasses(db, filter));
}

/** A published class of the site with everything its detail page shows, or undefined. */
export function findPublishedClass(db: Kysely<Database>, siteKey: string, id: number) {
  return db
    .selectFrom('classes')
    .select([...SUMMARY_COLUMNS, 'classes.introduction', 'classes.form_fields'])
    .where('classes.id', '=', id)
    .where(publishedOn(siteKey, 'classes'))
    .executeTakeFirst();
}

/** The published courses a class studies, in the class's order. */
export function listClassCourseRows(db: Kysely<Database>, classId: number) {
  return db
    .selectFrom('class_courses')
    .innerJoin('courses', 'courses.id', 'class_courses.course_id')
    .select(['courses.id', 'courses.title', 'courses.cover', 'courses.lesson_count'])
    .where('class_courses.class_id', '=', classId)
    .where('courses.published', '=', 1)
    .orderBy('class_courses.sort')
    .orderBy('courses.id')
    .execute();
}

/** The learner's signup row of a class (active or cancelled), or undefined. */
export function findSignup(db: Kysely<Database>, classId: number, userId: number) {
  return db
    .selectFrom('class_signups')
    .select(['id', 'status', 'signed_up_at'])
    .where('class_id', '=', classId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Where class seats live, for the shared seat keeping (`modules/seats`). */
export const CLASS_SEATS: SeatLedger<'class_signups'> = {
  parent: 'classes',
  signups: 'class_signups',
  parentKey: 'class_id',
  signedAt: 'signed_up_at',
};

/** The learner's active signups at published classes of the site. */
function myClasses(db: Kysely<Database>, filter: { userId: number; siteKey: string }) {
  return db
    .selectFrom('class_signups')
    .innerJoin('classes', 'classes.id', 'class_signups.class_id')
    .where('class_signups.user_id', '=', filter.userId)
    .where('class_signups.status', '=', 'active')
    .where(publishedOn(filter.siteKey, 'classes'));
}

/** One page of the learner's active signups at published classes of the site, newest first. */
export function listMyClassRows(
  db: Kysely<Database>,
  filter: { userId: number; siteKey: string; limit: number; offset: number },
) {
  return myClasses(db, filter)
    .select([...SUMMARY_COLUMNS, 'class_signups.signed_up_at'])
    .orderBy('class_signups.signed_up_at', 'desc')
    .orderBy('class_signups.id', 'desc')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
}

/** How many active signups the learner has at published classes of the site. */
export function countMyClassRows(
  db: Kysely<Database>,
  filter: { userId: number; siteKey: string },
) {
  return countRows(myClasses(db, filter));
}
