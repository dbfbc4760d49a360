import { type Kysely, type SqlBool, sql } from 'kysely';
import { compiledCount, compiledOnce } from '../../db/compiled.ts';
import type { CertificatesTable, Database, MedalMetricValue } from '../../db/schema.ts';

type Db = Kysely<Database>;

/** Credited watching that makes a live session (or its replay) count as watched. */
export const LIVE_WATCHED_SECONDS = 600;

/** Every medal rule, in display order. */
export function listMedalRules(db: Db) {
  return db.selectFrom('medal_rules').selectAll().orderBy('sort').orderBy('key').execute();
}

/**
 * The rules on `metrics` the learner has not earned yet (what an event could still award), in
 * one total order, so concurrent deeds insert shared medals in the same order (no lock cycle on
 * PostgreSQL's unique index).
 */
export function listPendingRules(db: Db, userId: number, metrics: readonly MedalMetricValue[]) {
  return db
    .selectFrom('medal_rules as r')
    .selectAll('r')
    .where('r.metric', 'in', metrics)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('learner_medals as m')
            .select('m.id')
            .where('m.user_id', '=', userId)
            .whereRef('m.medal_key', '=', 'r.key'),
        ),
      ),
    )
    .orderBy('r.threshold')
    .orderBy('r.key')
    .execute();
}

/** The medals the learner earned, with when. */
export const listLearnerMedals = compiledOnce((db, userId: number) =>
  db.selectFrom('learner_medals').select(['medal_key', 'earned_at']).where('user_id', '=', userId),
);

/** How many medals the learner earned. */
export const countLearnerMedals = compiledCount((db, userId: number) =>
  db.selectFrom('learner_medals').where('user_id', '=', userId),
);

/**
 * Awards a medal unless the learner has it: the unique (user, medal) key makes two events
 * crossing the threshold at once award it once. True when this call awarded it.
 */
export async function insertLearnerMedal(
  db: Db,
  row: { user_id: number; site_key: string; medal_key: string; earned_at: number },
): Promise<boolean> {
  const result = await db
    .insertInto('learner_medals')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'medal_key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

// ---------------------------------------------------------------------------------------------
// Metrics (across the learner's sites: one person, one path)

// Each is compiled once: the medals page measures them all on every visit.

export { countCompletedCourses } from '../statistics/statistics.queries.ts';

export const countAttendedActivities = compiledCount((db, userId: number) =>
  db
    .selectFrom('activity_applications')
    .where('user_id', '=', userId)
    .where('checked_in_at', 'is not', null),
);

/** Books whose last page the learner reached (their stored place is the last page). */
export const countFinishedBooks = compiledCount((db, userId: number) =>
  db
    .selectFrom('ebook_reading as r')
    .innerJoin('ebooks as e', 'e.id', 'r.ebook_id')
    .where('r.user_id', '=', userId)
    .whereRef('r.page', '>=', 'e.page_count'),
);

/** Team works the learner posted that are not deleted. */
export const countTeamWorks = compiledCount((db, userId: number) =>
  db.selectFrom('team_works').where('author_id', '=', userId).where('deleted_at', 'is', null),
);

/** Live sessions (or their replays) with at least {@link LIVE_WATCHED_SECONDS} credited. */
export const countWatchedLives = compiledCount((db, userId: number) =>
  db
    .selectFrom('live_watching')
    .where('user_id', '=', userId)
    .where('watched_seconds', '>=', LIVE_WATCHED_SECONDS),
);

const completionQuery = compiledOnce((db, userId: number, offset: number) =>
  db
    .selectFrom('course_learners')
    .select('completed_at')
    .where('user_id', '=', userId)
    .where('completed_at', 'is not', null)
    .orderBy('completed_at')
    .offset(offset)
    .limit(1),
);

/** When the learner completed their `n`th course (from 1), or null before they did. */
export async function findNthCourseCompletion(db: Db, userId: number, n: number) {
  const [row] = await completionQuery(db, userId, n - 1);
  return row?.completed_at === null || row?.completed_at === undefined
    ? null
    : Number(row.completed_at);
}

// ---------------------------------------------------------------------------------------------
// Certificates

/** The total `duration_seconds` of the lessons (`l`) a subquery reaches, 0 when none. */
const lessonSeconds = sql<number>`coalesce(sum(l.duration_seconds), 0)`.as('s');

/** True while the learner has no certificate for the subject whose id is the column `subjectId`. */
const noCertificate = (
  userId: number,
  type: CertificatesTable['subject_type'],
  subjectId: string,
) =>
  sql<SqlBool>`not exists (select x.id from certificates as x
    where x.user_id = ${userId} and x.subject_type = ${type} and x.subject_id = ${sql.ref(subjectId)})`;

/** What earns a certificate and has none yet: completed courses (with their lesson time). */
export const listCompletedCoursesWithoutCertificate = compiledOnce((db, userId: number) =>
  db
    .selectFrom('course_learners as cl')
    .innerJoin('courses as c', 'c.id', 'cl.course_id')
    .select((eb) => [
      'c.id',
      'c.site_key',
      'c.title',
      'cl.completed_at',
      eb
        .selectFrom('course_lessons as l')
        .select(lessonSeconds)
        .whereRef('l.course_id', '=', 'c.id')
        .as('seconds'),
    ])
    .where('cl.user_id', '=', userId)
    .where('cl.completed_at', 'is not', null)
    .where(noCertificate(userId, 'course', 'c.id')),
);

/**
 * Finished classes without a certificate: the learner's signup is still active and the class
 * has ended (`end_at` passed); classes record no attendance, so that is what finishing means.
 */
export const listFinishedClassesWithoutCertificate = compiledOnce(
  (db, userId: number, now: number) =>
    db
      .selectFrom('class_signups as s')
      .innerJoin('classes as k', 'k.id', 's.class_id')
      .select((eb) => [
        'k.id',
        'k.site_key',
        'k.title',
        'k.end_at',
        eb
          .selectFrom('class_courses as cc')
          .innerJoin('course_lessons as l', 'l.course_id', 'cc.course_id')
          .select(lessonSeconds)
          .whereRef('cc.class_id', '=', 'k.id')
          .as('seconds'),
      ])
      .where('s.user_id', '=', userId)
      .where('s.status', '=', 'active')
      .where('k.end_at', '<=', now)
      .where(noCertificate(userId, 'class', 'k.id')),
);

/** Inserts a certificate unless the learner has one for the subject (unique key); true when it did. */
export async function insertCertificate(
  db: Db,
  row: Omit<CertificatesTable, 'id'>,
): Promise<boolean> {
  const result = await db
    .insertInto('certificates')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'subject_type', 'subject_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** The learner's certificates, newest first. */
export const listCertificates = compiledOnce((db, userId: number) =>
  db
    .selectFrom('certificates')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('completed_at', 'desc')
    .orderBy('id', 'desc'),
);

/** Certificates (`c`) with their holder's nickname and site name. */
function certificatesWithHolder(db: Db) {
  return db
    .selectFrom('certificates as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .innerJoin('sites as s', 's.key', 'c.site_key')
    .selectAll('c')
    .select(['u.nickname', 's.name as site_name']);
}

/** One of the learner's certificates (another learner's is not found). */
export function findOwnCertificate(db: Db, userId: number, id: number) {
  return certificatesWithHolder(db)
    .where('c.id', '=', id)
    .where('c.user_id', '=', userId)
    .executeTakeFirst();
}

/** The certificate with this verification code, with its holder's name and site. */
export function findCertificateByCode(db: Db, code: string) {
  return certificatesWithHolder(db).where('c.code', '=', code).executeTakeFirst();
}
