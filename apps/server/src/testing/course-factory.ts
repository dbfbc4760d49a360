import type { LessonKind } from '@portal/contract';
import type { Kysely } from 'kysely';
import { insertReturningIds, insertRows } from '../db/rows.ts';
import type { Database, NewCourseRow } from '../db/schema.ts';
import { insertCourses } from '../modules/courses/courses.queries.ts';
import { insertSites } from '../modules/sites/sites.queries.ts';
import { DEMO_SITES } from '../seed/seed.ts';

/** Inserts the demo sites (`jingan`, `xuhui`) into a database built without the demo seed. */
export async function createSites(db: Kysely<Database>) {
  await insertSites(
    db,
    DEMO_SITES.map((site) => ({ ...site, created_at: Date.now() })),
  );
}

/** Inserts a course category; answers its id. */
export async function createCategory(
  db: Kysely<Database>,
  overrides: { siteKey?: string; name?: string; sort?: number } = {},
): Promise<number> {
  const [id] = await insertReturningIds(db, 'course_categories', [
    {
      site_key: overrides.siteKey ?? 'jingan',
      name: overrides.name ?? '测试分类',
      sort: overrides.sort ?? 1,
    },
  ]);
  return id as number;
}

/** Inserts a teacher; answers their id. */
export async function createTeacher(
  db: Kysely<Database>,
  overrides: { siteKey?: string; name?: string; title?: string; bio?: string } = {},
): Promise<number> {
  const [id] = await insertReturningIds(db, 'teachers', [
    {
      site_key: overrides.siteKey ?? 'jingan',
      name: overrides.name ?? '张老师',
      title: overrides.title ?? '高级讲师 · 静安区社区学院',
      bio: overrides.bio ?? '张老师从事社区教育二十年。',
      avatar: null,
    },
  ]);
  return id as number;
}

export interface LessonSpec {
  title: string;
  kind?: LessonKind;
  durationSeconds?: number;
}

export interface ChapterSpec {
  title: string;
  lessons: LessonSpec[];
}

export interface CourseOverrides extends Partial<Omit<NewCourseRow, 'category_id' | 'teacher_id'>> {
  /** A category of the course's site; one is created when missing. */
  category_id?: number;
  /** A teacher of the course's site; one is created when missing. */
  teacher_id?: number;
  tags?: string[];
  /** Defaults to one chapter of two video lessons. */
  chapters?: ChapterSpec[];
}

export interface CreatedCourse {
  id: number;
  chapterIds: number[];
  /** Lesson ids in course order. */
  lessonIds: number[];
}

const DEFAULT_CHAPTERS: ChapterSpec[] = [
  {
    title: '第一章 入门',
    lessons: [
      { title: '第一课', durationSeconds: 300 },
      { title: '第二课', durationSeconds: 600 },
    ],
  },
];

/**
 * Inserts a published course of `jingan` (by default) with its chapters, lessons and tags;
 * `lesson_count` and `duration_seconds` follow the lessons unless overridden.
 */
export async function createCourse(
  db: Kysely<Database>,
  overrides: CourseOverrides = {},
): Promise<CreatedCourse> {
  const { tags = [], chapters = DEFAULT_CHAPTERS, ...row } = overrides;
  const siteKey = row.site_key ?? 'jingan';
  const categoryId = row.category_id ?? (await createCategory(db, { siteKey }));
  const teacherId = row.teacher_id ?? (await createTeacher(db, { siteKey }));
  const lessons = chapters.flatMap((chapter) => chapter.lessons);
  const now = Date.now();
  const published = row.published ?? 1;
  const [id] = await insertCourses(db, [
    {
      title: '测试课程',
      summary: '测试课程摘要',
      introduction: '<p>测试课程介绍</p>',
      cover: '/files/covers/test.svg',
      lesson_count: lessons.length,
      duration_seconds: lessons.reduce((sum, lesson) => sum + (lesson.durationSeconds ?? 0), 0),
      view_count: 0,
      learner_count: 0,
      created_at: now - 1000,
      published_at: published ? now : null,
      ...row,
      published,
      site_key: siteKey,
      category_id: categoryId,
      teacher_id: teacherId,
    },
  ]);
  const courseId = id as number;
  await insertRows(
    db,
    'course_tags',
    tags.map((tag) => ({ course_id: courseId, tag })),
  );
  const chapterIds = await insertReturningIds(
    db,
    'course_chapters',
    chapters.map((chapter, sort) => ({ course_id: courseId, title: chapter.title, sort })),
  );
  let sort = 0;
  const lessonRows = chapters.flatMap((chapter, c) =>
    chapter.lessons.map((lesson) => {
      const kind = lesson.kind ?? 'video';
      sort += 1;
      return {
        course_id: courseId,
        chapter_id: chapterIds[c] as number,
        title: lesson.title,
        kind,
        duration_seconds: lesson.durationSeconds ?? 0,
        video_url: kind === 'video' ? '/media/demo/lesson.mp4' : null,
        article_html: kind === 'article' ? `<p>${lesson.title}</p>` : null,
        audio_url: kind === 'audio' ? '/media/uploads/jingan/AAAAAAAAAAAAAAAAAAAAAA.mp3' : null,
        pdf_url: kind === 'pdf' ? '/files/docs/学习指南.pdf' : null,
        page_count: kind === 'pdf' ? 12 : 0,
        sort,
      };
    }),
  );
  await insertRows(db, 'course_lessons', lessonRows);
  const lessonIds = await db
    .selectFrom('course_lessons')
    .select('id')
    .where('course_id', '=', courseId)
    .orderBy('sort')
    .execute();
  return { id: courseId, chapterIds, lessonIds: lessonIds.map((lesson) => lesson.id) };
}
