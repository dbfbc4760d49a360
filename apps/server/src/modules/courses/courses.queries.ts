import type { CourseSort } from '@portal/contract';
import type { Kysely } from 'kysely';
import { insertReturningIds } from '../../db/rows.ts';
import type { Database, NewCourseRow } from '../../db/schema.ts';
import { publishedOn } from '../content/published.ts';

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

export interface CourseListFilter {
  siteKey: string;
  categoryId?: number | undefined;
  sort: CourseSort;
  limit: number;
  offset: number;
}

/** Published courses of the site (aliased `c`) with the columns of a course card. */
function courseCards(db: Kysely<Database>, siteKey: string) {
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
    .where(publishedOn(siteKey, 'c'));
}

/**
 * One page of published courses with their category and teacher names. Each sort has its
 * own index ending in `id desc`, so the order is stable and a page is read straight off it.
 */
export function listCourseRows(db: Kysely<Database>, filter: CourseListFilter) {
  let query = courseCards(db, filter.siteKey);
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
  return courseCards(db, siteKey).where('c.id', 'in', ids).execute();
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
    .where(publishedOn(siteKey, 'courses'))
    .returning('view_count')
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.view_count);
}

/** A published course of the site: its card's columns, introduction and teacher, or undefined. */
export function findCourseRow(db: Kysely<Database>, siteKey: string, id: number) {
  return courseCards(db, siteKey)
    .select([
      'c.introduction',
      't.id as teacher_id',
      't.title as teacher_title',
      't.bio as teacher_bio',
      't.avatar as teacher_avatar',
    ])
    .where('c.id', '=', id)
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

/** Inserts courses (at most a few hundred at once) and answers their ids in order. */
export function insertCourses(db: Kysely<Database>, rows: NewCourseRow[]) {
  return insertReturningIds(db, 'courses', rows);
}
