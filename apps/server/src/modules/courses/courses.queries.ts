import type { CourseSort } from '@portal/contract';
import type { Kysely } from 'kysely';
import type {
  Database,
  NewCourseCategoryRow,
  NewCourseChapterRow,
  NewCourseLessonRow,
  NewCourseRow,
  NewCourseTagRow,
  NewTeacherRow,
} from '../../db/schema.ts';

/** The categories of a site in display order. */
export function listCategoryRows(db: Kysely<Database>, siteKey: string) {
  return db
    .selectFrom('course_categories')
    .select(['id', 'name', 'sort'])
    .where('site_key', '=', siteKey)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** Every category of every site with its site's name (the cover writer needs both). */
export function listAllCategoryRows(db: Kysely<Database>) {
  return db
    .selectFrom('course_categories as c')
    .innerJoin('sites as s', 's.key', 'c.site_key')
    .select(['c.id', 'c.site_key', 's.name as site_name', 'c.name', 'c.sort'])
    .orderBy('c.site_key')
    .orderBy('c.sort')
    .execute();
}

/**
 * Published courses per category of a site, read off the `(site_key, category_id, published)`
 * index without touching the rows.
 */
export async function countPublishedByCategory(db: Kysely<Database>, siteKey: string) {
  const rows = await db
    .selectFrom('courses')
    .select(['category_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('site_key', '=', siteKey)
    .where('published', '=', 1)
    .groupBy('category_id')
    .execute();
  return new Map(rows.map((row) => [row.category_id, Number(row.n)]));
}

export interface CourseListFilter {
  siteKey: string;
  categoryId?: number | undefined;
  sort: CourseSort;
  limit: number;
  offset: number;
}

/**
 * One page of published courses with their category and teacher names. Each sort has its
 * own index ending in `id desc`, so the order is stable and a page is read straight off it.
 */
export function listCourseRows(db: Kysely<Database>, filter: CourseListFilter) {
  let query = db
    .selectFrom('courses as c')
    .innerJoin('course_categories as cat', 'cat.id', 'c.category_id')
    .innerJoin('teachers as t', 't.id', 'c.teacher_id')
    .select([
      'c.id',
      'c.title',
      'c.cover',
      'c.summary',
      'c.category_id',
      'cat.name as category_name',
      't.name as teacher_name',
      'c.lesson_count',
      'c.duration_seconds',
      'c.view_count',
      'c.learner_count',
      'c.created_at',
      'c.published_at',
    ])
    .where('c.site_key', '=', filter.siteKey)
    .where('c.published', '=', 1);
  if (filter.categoryId !== undefined) query = query.where('c.category_id', '=', filter.categoryId);
  query =
    filter.sort === 'popular'
      ? query.orderBy('c.learner_count', 'desc').orderBy('c.id', 'desc')
      : query.orderBy('c.published_at', 'desc').orderBy('c.id', 'desc');
  return query.limit(filter.limit).offset(filter.offset).execute();
}

export type CourseListRow = Awaited<ReturnType<typeof listCourseRows>>[number];

/** The published courses of the site among `ids` (any order), with the list's columns. */
export function listCourseRowsByIds(
  db: Kysely<Database>,
  siteKey: string,
  ids: number[],
): Promise<CourseListRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('courses as c')
    .innerJoin('course_categories as cat', 'cat.id', 'c.category_id')
    .innerJoin('teachers as t', 't.id', 'c.teacher_id')
    .select([
      'c.id',
      'c.title',
      'c.cover',
      'c.summary',
      'c.category_id',
      'cat.name as category_name',
      't.name as teacher_name',
      'c.lesson_count',
      'c.duration_seconds',
      'c.view_count',
      'c.learner_count',
      'c.created_at',
      'c.published_at',
    ])
    .where('c.id', 'in', ids)
    .where('c.site_key', '=', siteKey)
    .where('c.published', '=', 1)
    .execute();
}

/** The tags of several courses in one query. */
export function listTagRows(db: Kysely<Database>, courseIds: number[]) {
  if (courseIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('course_tags')
    .select(['course_id', 'tag'])
    .where('course_id', 'in', courseIds)
    .execute();
}

/**
 * Counts one view of a published course of the site, atomically, and answers the new count;
 * undefined when there is no such course.
 */
export async function countView(db: Kysely<Database>, siteKey: string, id: number) {
  const row = await db
    .updateTable('courses')
    .set((eb) => ({ view_count: eb('view_count', '+', 1) }))
    .where('id', '=', id)
    .where('site_key', '=', siteKey)
    .where('published', '=', 1)
    .returning('view_count')
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.view_count);
}

/** A published course of the site with its category and teacher, or undefined. */
export function findCourseRow(db: Kysely<Database>, siteKey: string, id: number) {
  return db
    .selectFrom('courses as c')
    .innerJoin('course_categories as cat', 'cat.id', 'c.category_id')
    .innerJoin('teachers as t', 't.id', 'c.teacher_id')
    .select([
      'c.id',
      'c.title',
      'c.cover',
      'c.summary',
      'c.introduction',
      'c.category_id',
      'cat.name as category_name',
      'c.lesson_count',
      'c.duration_seconds',
      'c.view_count',
      'c.learner_count',
      'c.created_at',
      'c.published_at',
      't.id as teacher_id',
      't.name as teacher_name',
      't.title as teacher_title',
      't.bio as teacher_bio',
      't.avatar as teacher_avatar',
    ])
    .where('c.id', '=', id)
    .where('c.site_key', '=', siteKey)
    .where('c.published', '=', 1)
    .executeTakeFirst();
}

/** The chapters of a course in order. */
export function listChapterRows(db: Kysely<Database>, courseId: number) {
  return db
    .selectFrom('course_chapters')
    .select(['id', 'title'])
    .where('course_id', '=', courseId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** Every lesson of a course in order (grouped into chapters by the caller). */
export function listLessonRows(db: Kysely<Database>, courseId: number) {
  return db
    .selectFrom('course_lessons')
    .select(['id', 'chapter_id', 'title', 'kind', 'duration_seconds'])
    .where('course_id', '=', courseId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/**
 * Inserts rows and answers their ids in the order of `rows`. Both engines hand out the ids of
 * one multi-row insert in the order of its values; sorting makes that independent of the
 * order `RETURNING` lists them in.
 */
async function insertReturningIds(
  rows: unknown[],
  insert: () => Promise<Array<{ id: number }>>,
): Promise<number[]> {
  if (rows.length === 0) return [];
  const returned = await insert();
  return returned.map((row) => Number(row.id)).sort((a, b) => a - b);
}

export function insertCategories(db: Kysely<Database>, rows: NewCourseCategoryRow[]) {
  return insertReturningIds(rows, () =>
    db.insertInto('course_categories').values(rows).returning('id').execute(),
  );
}

export function insertTeachers(db: Kysely<Database>, rows: NewTeacherRow[]) {
  return insertReturningIds(rows, () =>
    db.insertInto('teachers').values(rows).returning('id').execute(),
  );
}

/** Inserts courses (at most a few hundred at once) and answers their ids in order. */
export function insertCourses(db: Kysely<Database>, rows: NewCourseRow[]) {
  return insertReturningIds(rows, () =>
    db.insertInto('courses').values(rows).returning('id').execute(),
  );
}

export async function insertCourseTags(db: Kysely<Database>, rows: NewCourseTagRow[]) {
  if (rows.length > 0) await db.insertInto('course_tags').values(rows).execute();
}

/** Inserts chapters (at most a few hundred at once) and answers their ids in order. */
export function insertChapters(db: Kysely<Database>, rows: NewCourseChapterRow[]) {
  return insertReturningIds(rows, () =>
    db.insertInto('course_chapters').values(rows).returning('id').execute(),
  );
}

export async function insertLessons(db: Kysely<Database>, rows: NewCourseLessonRow[]) {
  if (rows.length > 0) await db.insertInto('course_lessons').values(rows).execute();
}
