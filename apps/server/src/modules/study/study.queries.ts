import type { Kysely } from 'kysely';
import { compiledCount, compiledExists, compiledOnce } from '../../db/compiled.ts';
import type { Database, NewLessonProgressRow } from '../../db/schema.ts';
import { publishedOn } from '../content/published.ts';

// The queries of the course page's progress and of every progress report, compiled once.
const publishedLessonQuery = compiledOnce((db, lessonId: number, siteKey: string) =>
  db
    .selectFrom('course_lessons as l')
    .innerJoin('courses as c', 'c.id', 'l.course_id')
    // A video plays its ladder once the whole of it is ready, the upload as it came until then.
    .leftJoin('video_ladders as v', (join) =>
      join.onRef('v.source_url', '=', 'l.video_url').on('v.state', '=', 'ready'),
    )
    .select([
      'l.id',
      'l.course_id',
      'l.title',
      'l.kind',
      'l.duration_seconds',
      'l.video_url',
      'l.article_html',
      'l.audio_url',
      'l.pdf_url',
      'l.page_count',
      'c.title as course_title',
      'v.hls_url',
      'v.audio_url as listen_url',
      'v.poster_url',
    ])
    .where('l.id', '=', lessonId)
    .where(publishedOn(siteKey, 'c')),
);

/** A lesson of a published course of the site, with what progress needs; undefined otherwise. */
export async function findPublishedLesson(db: Kysely<Database>, siteKey: string, lessonId: number) {
  return (await publishedLessonQuery(db, lessonId, siteKey))[0];
}

/** True when the course is published on the site. */
export const isPublishedCourse = compiledExists((db, siteKey: string, courseId: number) =>
  db.selectFrom('courses').where('id', '=', courseId).where(publishedOn(siteKey, 'courses')),
);

const courseLessonIdsQuery = compiledOnce((db, courseId: number) =>
  db
    .selectFrom('course_lessons as l')
    .innerJoin('course_chapters as ch', 'ch.id', 'l.chapter_id')
    .select('l.id')
    .where('l.course_id', '=', courseId)
    .orderBy('ch.sort')
    .orderBy('ch.id')
    .orderBy('l.sort')
    .orderBy('l.id'),
);

/** The lesson ids of a course in catalogue order (chapter by chapter). */
export function listCourseLessonIds(db: Kysely<Database>, courseId: number) {
  return courseLessonIdsQuery(db, courseId);
}

const lessonProgressQuery = compiledOnce((db, userId: number, courseId: number) =>
  db
    .selectFrom('lesson_progress')
    .select(['lesson_id', 'position_seconds', 'completed', 'updated_at'])
    .where('user_id', '=', userId)
    .where('course_id', '=', courseId),
);

/** A learner's progress rows in one course. */
export function listLessonProgress(db: Kysely<Database>, userId: number, courseId: number) {
  return lessonProgressQuery(db, userId, courseId);
}

const courseLearnerQuery = compiledOnce((db, userId: number, courseId: number) =>
  db
    .selectFrom('course_learners')
    .select(['last_lesson_id', 'completed_at'])
    .where('user_id', '=', userId)
    .where('course_id', '=', courseId),
);

/** The learner's row for a course they started, or undefined. */
export async function findCourseLearner(db: Kysely<Database>, userId: number, courseId: number) {
  return (await courseLearnerQuery(db, userId, courseId))[0];
}

/**
 * Locks the learner's clock row for the rest of the transaction (creating it first), so one
 * learner's reports are credited one after another; answers the clock. One statement: an
 * upsert that leaves the value as it is. On PostgreSQL its `DO UPDATE` locks the row until the
 * transaction ends, as `SELECT ... FOR UPDATE` would, and answers the latest committed value
 * once a concurrent report released it; SQLite runs one write transaction at a time.
 */
export async function lockStudyClock(trx: Kysely<Database>, userId: number) {
  const row = await trx
    .insertInto('study_clocks')
    .values({ user_id: userId, credited_until: 0 })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet((eb) => ({
        credited_until: eb.ref('study_clocks.credited_until'),
      })),
    )
    .returning('credited_until')
    .executeTakeFirstOrThrow();
  return Number(row.credited_until);
}

export function setStudyClock(trx: Kysely<Database>, userId: number, creditedUntil: number) {
  return trx
    .updateTable('study_clocks')
    .set({ credited_until: creditedUntil })
    .where('user_id', '=', userId)
    .execute();
}

/** The learner's progress in one lesson, or undefined before the first report. */
export function findLessonProgress(trx: Kysely<Database>, userId: number, lessonId: number) {
  return trx
    .selectFrom('lesson_progress')
    .select(['position_seconds', 'watched_seconds', 'completed', 'credited_until'])
    .where('user_id', '=', userId)
    .where('lesson_id', '=', lessonId)
    .executeTakeFirst();
}

export function insertLessonProgress(trx: Kysely<Database>, row: NewLessonProgressRow) {
  return trx.insertInto('lesson_progress').values(row).execute();
}

export function updateLessonProgress(
  trx: Kysely<Database>,
  userId: number,
  lessonId: number,
  changes: {
    position_seconds: number;
    watched_seconds: number;
    completed: number;
    completed_at?: number;
    credited_until: number;
    updated_at: number;
  },
) {
  return trx
    .updateTable('lesson_progress')
    .set(changes)
    .where('user_id', '=', userId)
    .where('lesson_id', '=', lessonId)
    .execute();
}

/**
 * Adds seconds to the learner's day with one upsert (the same statement on both engines);
 * answers whether the day is a new learning day (it had no time before).
 */
export async function addLearningSeconds(
  trx: Kysely<Database>,
  userId: number,
  day: string,
  seconds: number,
  now: number,
): Promise<boolean> {
  const row = await trx
    .insertInto('learning_days')
    .values({ user_id: userId, day, seconds, updated_at: now })
    .onConflict((oc) =>
      oc.columns(['user_id', 'day']).doUpdateSet((eb) => ({
        seconds: eb('learning_days.seconds', '+', eb.ref('excluded.seconds')),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .returning('seconds')
    .executeTakeFirstOrThrow();
  return Number(row.seconds) <= seconds;
}

/** The learner's learning seconds on a day (0 when none). */
const learningSecondsQuery = compiledOnce((db, userId: number, day: string) =>
  db
    .selectFrom('learning_days')
    .select('seconds')
    .where('user_id', '=', userId)
    .where('day', '=', day),
);

export async function findLearningSeconds(db: Kysely<Database>, userId: number, day: string) {
  const [row] = await learningSecondsQuery(db, userId, day);
  return Number(row?.seconds ?? 0);
}

/**
 * Records that the learner started the course; true only for the one call that inserted the
 * row (the primary key makes every other, concurrent or later, a no-op).
 */
export async function insertCourseLearner(
  trx: Kysely<Database>,
  row: { user_id: number; course_id: number; last_lesson_id: number; now: number },
) {
  const inserted = await trx
    .insertInto('course_learners')
    .values({
      user_id: row.user_id,
      course_id: row.course_id,
      last_lesson_id: row.last_lesson_id,
      started_at: row.now,
      last_studied_at: row.now,
      completed_at: null,
    })
    .onConflict((oc) => oc.columns(['user_id', 'course_id']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * Moves the learner's course row to this lesson and time; false when the learner has not
 * started the course yet (no row).
 */
export async function touchCourseLearner(
  trx: Kysely<Database>,
  userId: number,
  courseId: number,
  lessonId: number,
  now: number,
) {
  const result = await trx
    .updateTable('course_learners')
    .set({ last_lesson_id: lessonId, last_studied_at: now })
    .where('user_id', '=', userId)
    .where('course_id', '=', courseId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Marks the course complete for the learner, once; true when this call marked it. */
export async function completeCourseLearner(
  trx: Kysely<Database>,
  userId: number,
  courseId: number,
  now: number,
): Promise<boolean> {
  const result = await trx
    .updateTable('course_learners')
    .set({ completed_at: now })
    .where('user_id', '=', userId)
    .where('course_id', '=', courseId)
    .where('completed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Adds one learner to the course's count (an atomic increment). */
export function incrementLearnerCount(trx: Kysely<Database>, courseId: number) {
  return trx
    .updateTable('courses')
    .set((eb) => ({ learner_count: eb('learner_count', '+', 1) }))
    .where('id', '=', courseId)
    .execute();
}

/** Lessons of the course, and how many of them the learner completed (one statement). */
export async function countCourseCompletion(
  db: Kysely<Database>,
  userId: number,
  courseId: number,
) {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('course_lessons')
        .select(eb.fn.countAll<number>().as('n'))
        .where('course_id', '=', courseId)
        .as('total_lessons'),
      eb
        .selectFrom('lesson_progress')
        .select(eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('course_id', '=', courseId)
        .where('completed', '=', 1)
        .as('completed_lessons'),
    ])
    .executeTakeFirstOrThrow();
  return {
    totalLessons: Number(row.total_lessons ?? 0),
    completedLessons: Number(row.completed_lessons ?? 0),
  };
}

export interface StudyCourseFilter {
  userId: number;
  siteKey: string;
  /** Started and not complete, or complete. */
  state: 'learning' | 'completed';
}

/** The learner's started courses of one state at published courses of the site. */
function studyCourses(db: Kysely<Database>, filter: StudyCourseFilter) {
  return db
    .selectFrom('course_learners as cl')
    .innerJoin('courses as c', 'c.id', 'cl.course_id')
    .where('cl.user_id', '=', filter.userId)
    .where(publishedOn(filter.siteKey, 'c'))
    .where('cl.completed_at', filter.state === 'completed' ? 'is not' : 'is', null);
}

/** The page query of one state, compiled once (home asks for 继续学习 on every visit). */
const studyCourseRowsQuery = (state: StudyCourseFilter['state']) =>
  compiledOnce((db, userId: number, siteKey: string, limit: number, offset: number) =>
    studyCourses(db, { userId, siteKey, state })
      .innerJoin('teachers as t', 't.id', 'c.teacher_id')
      .leftJoin('course_lessons as l', 'l.id', 'cl.last_lesson_id')
      .select([
        'c.id',
        'c.title',
        'c.cover',
        'c.lesson_count',
        't.name as teacher_name',
        'cl.last_lesson_id',
        'l.title as last_lesson_title',
        'cl.last_studied_at',
        'cl.completed_at',
      ])
      .orderBy('cl.last_studied_at', 'desc')
      .orderBy('cl.course_id', 'desc')
      .limit(limit)
      .offset(offset),
  );
const STUDY_COURSE_ROWS = {
  learning: studyCourseRowsQuery('learning'),
  completed: studyCourseRowsQuery('completed'),
};

/**
 * One page of the courses the learner started (or completed), the latest studied first, with
 * the course's card fields and the lesson studied last. Read off `course_learners_recent_idx`.
 */
export function listStudyCourseRows(
  db: Kysely<Database>,
  filter: StudyCourseFilter & { limit: number; offset: number },
) {
  return STUDY_COURSE_ROWS[filter.state](
    db,
    filter.userId,
    filter.siteKey,
    filter.limit,
    filter.offset,
  );
}

const STUDY_COURSE_COUNTS = {
  learning: compiledCount((db, userId: number, siteKey: string) =>
    studyCourses(db, { userId, siteKey, state: 'learning' }),
  ),
  completed: compiledCount((db, userId: number, siteKey: string) =>
    studyCourses(db, { userId, siteKey, state: 'completed' }),
  ),
};

/** How many courses of one state the learner has at published courses of the site. */
export function countStudyCourseRows(db: Kysely<Database>, filter: StudyCourseFilter) {
  return STUDY_COURSE_COUNTS[filter.state](db, filter.userId, filter.siteKey);
}

/** Completed lessons of the learner per course, for several courses in one query. */
export async function countCompletedLessons(
  db: Kysely<Database>,
  userId: number,
  courseIds: number[],
): Promise<Map<number, number>> {
  if (courseIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('lesson_progress')
    .select(['course_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('user_id', '=', userId)
    .where('course_id', 'in', courseIds)
    .where('completed', '=', 1)
    .groupBy('course_id')
    .execute();
  return new Map(rows.map((row) => [row.course_id, Number(row.n)]));
}
