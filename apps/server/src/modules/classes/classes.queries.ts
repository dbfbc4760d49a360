import type { ClassStatus } from '@portal/contract';
import type { Kysely } from 'kysely';
import { compiledCount, compiledOnce } from '../../db/compiled.ts';
import { countRows } from '../../db/rows.ts';
import type { Database } from '../../db/schema.ts';
import { isPublished, publishedOn } from '../content/published.ts';
import { hasStatus, statusRank } from '../seats/seat-status.ts';
import type { SeatLedger } from '../seats/seats.ts';

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
  return status ? query.where(hasStatus('classes', status, now)) : query;
}

/** One page of a site's published classes: 报名中 first, then by status, start date and id. */
export function listClassRows(db: Kysely<Database>, filter: ClassListFilter) {
  return publishedClasses(db, filter)
    .select(SUMMARY_COLUMNS)
    .orderBy(statusRank('classes', filter.now))
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
    .select([
      ...SUMMARY_COLUMNS,
      'classes.introduction',
      'classes.form_fields',
      'classes.review_signups',
    ])
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
    .where(isPublished('courses'))
    .orderBy('class_courses.sort')
    .orderBy('courses.id')
    .execute();
}

/** The learner's signup row of a class (in any status), or undefined. */
export function findSignup(db: Kysely<Database>, classId: number, userId: number) {
  return db
    .selectFrom('class_signups')
    .select(['id', 'status', 'signed_up_at', 'review_note'])
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
export function myClasses(db: Kysely<Database>, filter: { userId: number; siteKey: string }) {
  return db
    .selectFrom('class_signups')
    .innerJoin('classes', 'classes.id', 'class_signups.class_id')
    .where('class_signups.user_id', '=', filter.userId)
    .where('class_signups.status', '=', 'active')
    .where(publishedOn(filter.siteKey, 'classes'));
}

/**
 * The learner's signups at published classes of the site that 我的班级 lists: confirmed, waiting
 * for review, in line or refused (not cancelled).
 */
function mySignups(db: Kysely<Database>, filter: { userId: number; siteKey: string }) {
  return db
    .selectFrom('class_signups')
    .innerJoin('classes', 'classes.id', 'class_signups.class_id')
    .where('class_signups.user_id', '=', filter.userId)
    .where('class_signups.status', 'in', ['active', 'pending', 'waiting', 'rejected'])
    .where(publishedOn(filter.siteKey, 'classes'));
}

const myClassRowsQuery = compiledOnce(
  (db, userId: number, siteKey: string, limit: number, offset: number) =>
    mySignups(db, { userId, siteKey })
      .select([
        ...SUMMARY_COLUMNS,
        'class_signups.id as signup_id',
        'class_signups.status as signup_status',
        'class_signups.signed_up_at',
        'class_signups.review_note',
      ])
      .orderBy('class_signups.signed_up_at', 'desc')
      .orderBy('class_signups.id', 'desc')
      .limit(limit)
      .offset(offset),
);

/**
 * One page of the learner's signups at published classes of the site (not cancelled), newest first
 * (compiled once, as home asks for it on every visit of a learner).
 */
export function listMyClassRows(
  db: Kysely<Database>,
  filter: { userId: number; siteKey: string; limit: number; offset: number },
) {
  return myClassRowsQuery(db, filter.userId, filter.siteKey, filter.limit, filter.offset);
}

const countMyClassesQuery = compiledCount((db, userId: number, siteKey: string) =>
  mySignups(db, { userId, siteKey }),
);

/** How many signups (not cancelled) the learner has at published classes of the site. */
export function countMyClassRows(
  db: Kysely<Database>,
  filter: { userId: number; siteKey: string },
) {
  return countMyClassesQuery(db, filter.userId, filter.siteKey);
}
