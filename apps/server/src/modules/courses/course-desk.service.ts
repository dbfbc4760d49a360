import type {
  AdminCourseChoices,
  AdminCourseForm,
  AdminCourseListQuery,
  AdminCourseRow,
  Page,
} from '@portal/contract';
import { LESSON_SECONDS_MAX } from '@portal/contract/constants';
import type { Kysely } from 'kysely';
import type { Engine } from '../../db/database.ts';
import { readPage } from '../../db/paging.ts';
import { countRows } from '../../db/rows.ts';
import type { Database } from '../../db/schema.ts';
import { invalid } from '../../platform/errors.ts';
import { type FileStore, keyOfUrlPath } from '../../platform/file-store.ts';
import type { PublicCache } from '../../platform/public-cache.ts';
import { sanitizeArticleHtml } from '../../platform/sanitize-html.ts';
import {
  type DeskKind,
  listedReview,
  ReviewDesk,
  type ReviewedRow,
} from '../content/review-desk.ts';
import { reviewListWhere } from '../content/review-list.ts';
import { storedPdf } from '../ebooks/ebook-pdf.ts';
import { siteMediaFolder } from '../operators/admin-uploads.ts';
import type { AuditLog } from '../operators/audit.ts';

/** A courses row of the site with its review columns and its author's nickname. */
type CourseRow = ReviewedRow<'courses'>;

/** The course's form as stored: its row, tags, chapters and lessons in order. */
async function formOfCourse(db: Kysely<Database>, row: CourseRow): Promise<AdminCourseForm> {
  const [tags, chapters, lessons] = await Promise.all([
    db
      .selectFrom('course_tags')
      .select('tag')
      .where('course_id', '=', row.id)
      .orderBy('tag')
      .execute(),
    db
      .selectFrom('course_chapters')
      .select(['id', 'title'])
      .where('course_id', '=', row.id)
      .orderBy('sort')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('course_lessons')
      .select([
        'id',
        'chapter_id',
        'title',
        'kind',
        'video_url',
        'audio_url',
        'pdf_url',
        'page_count',
        'duration_seconds',
        'article_html',
      ])
      .where('course_id', '=', row.id)
      .orderBy('sort')
      .orderBy('id')
      .execute(),
  ]);
  return {
    categoryId: row.category_id,
    teacherId: row.teacher_id,
    title: row.title,
    summary: row.summary,
    introductionHtml: row.introduction,
    cover: row.cover,
    tags: tags.map((entry) => entry.tag),
    chapters: chapters.map((chapter) => ({
      id: chapter.id,
      title: chapter.title,
      lessons: lessons
        .filter((lesson) => lesson.chapter_id === chapter.id)
        .map((lesson) => ({
          id: lesson.id,
          title: lesson.title,
          kind: lesson.kind,
          videoUrl: lesson.video_url,
          audioUrl: lesson.audio_url,
          pdfUrl: lesson.pdf_url,
          pageCount: Number(lesson.page_count),
          durationSeconds: Number(lesson.duration_seconds),
          articleHtml: lesson.article_html,
        })),
    })),
  };
}

type LessonForm = AdminCourseForm['chapters'][number]['lessons'][number];

/** The store key of an audio of the site's media folder at `url`, or null when it is not one. */
function siteAudioKey(siteKey: string, url: string): string | null {
  const key = keyOfUrlPath(url, ['/media/']);
  if (!key?.startsWith(siteMediaFolder(siteKey))) return null;
  return /\.(mp3|m4a)$/.test(key) ? key : null;
}

/**
 * A lesson as it will be stored: only its kind's fields (the others emptied), an article's HTML
 * sanitized, an audio that is the site's upload with a length in range, a PDF's pages read from
 * its stored file (what the form says of them is ignored). Refusals name the lesson by its
 * place (`第 1 章第 2 节`).
 */
async function checkLesson(
  files: FileStore,
  siteKey: string,
  lesson: LessonForm,
  place: string,
): Promise<LessonForm> {
  const none = { videoUrl: null, audioUrl: null, pdfUrl: null, pageCount: 0, articleHtml: null };
  switch (lesson.kind) {
    case 'video':
      return { ...lesson, ...none, videoUrl: lesson.videoUrl };
    case 'audio': {
      if (lesson.audioUrl === null) return { ...lesson, ...none };
      const key = siteAudioKey(siteKey, lesson.audioUrl);
      if (!key) throw invalid(`${place}：音频不是本站上传的 MP3 或 M4A 文件，请重新上传`);
      const opened = await files.open(key);
      if (!opened) throw invalid(`${place}：音频文件不存在，请重新上传`);
      opened.body.destroy();
      if (lesson.durationSeconds < 1 || lesson.durationSeconds > LESSON_SECONDS_MAX) {
        throw invalid(`${place}：音频时长不合理，请重新上传音频`);
      }
      return { ...lesson, ...none, audioUrl: lesson.audioUrl };
    }
    case 'pdf': {
      if (lesson.pdfUrl === null) return { ...lesson, ...none, durationSeconds: 0 };
      const { pageCount } = await storedPdf(files, siteKey, lesson.pdfUrl, `${place}的 PDF 文件`);
      return { ...lesson, ...none, pdfUrl: lesson.pdfUrl, pageCount, durationSeconds: 0 };
    }
    case 'article':
      return {
        ...lesson,
        ...none,
        durationSeconds: 0,
        articleHtml: sanitizeArticleHtml(lesson.articleHtml ?? ''),
      };
  }
}

/** The form as it will be stored: the site's category and teacher, sanitized HTML, no repeats. */
async function checkCourse(
  files: FileStore,
  db: Kysely<Database>,
  siteKey: string,
  form: AdminCourseForm,
): Promise<AdminCourseForm> {
  const [category, teacher] = await Promise.all([
    db
      .selectFrom('course_categories')
      .select('id')
      .where('id', '=', form.categoryId)
      .where('site_key', '=', siteKey)
      .executeTakeFirst(),
    db
      .selectFrom('teachers')
      .select('id')
      .where('id', '=', form.teacherId)
      .where('site_key', '=', siteKey)
      .executeTakeFirst(),
  ]);
  if (!category) throw invalid('课程分类：本站没有这个分类');
  if (!teacher) throw invalid('授课教师：本站没有这位教师');
  const chapters: AdminCourseForm['chapters'] = [];
  for (const [c, chapter] of form.chapters.entries()) {
    const lessons: LessonForm[] = [];
    for (const [l, lesson] of chapter.lessons.entries()) {
      lessons.push(await checkLesson(files, siteKey, lesson, `第 ${c + 1} 章第 ${l + 1} 节`));
    }
    chapters.push({ ...chapter, lessons });
  }
  return {
    ...form,
    introductionHtml: sanitizeArticleHtml(form.introductionHtml),
    tags: [...new Set(form.tags)],
    chapters,
  };
}

/** What a lesson of each kind must have before its course is published. */
const MISSING: Record<LessonForm['kind'], [keyof LessonForm, string]> = {
  video: ['videoUrl', '还没有视频'],
  audio: ['audioUrl', '还没有音频'],
  pdf: ['pdfUrl', '还没有 PDF 文件'],
  article: ['articleHtml', '还没有内容'],
};

/**
 * Why a course may not be published yet, or null: a lesson without its content, or a video the
 * media pipeline has not made ready (still transcoding, or failed: a lesson plays its whole
 * ladder or waits). A video without a ladder row (from before the pipeline) plays as stored.
 */
async function unpublishable(
  form: AdminCourseForm,
  db: Kysely<Database>,
  siteKey: string,
): Promise<string | null> {
  if (form.chapters.length === 0) return '课程还没有章节，不能发布';
  const videos: { title: string; url: string }[] = [];
  for (const chapter of form.chapters) {
    if (chapter.lessons.length === 0) return `章节“${chapter.title}”还没有课时，不能发布`;
    for (const lesson of chapter.lessons) {
      const [field, missing] = MISSING[lesson.kind];
      if (!lesson[field]) return `课时“${lesson.title}”${missing}`;
      if (lesson.kind === 'video' && lesson.videoUrl) {
        videos.push({ title: lesson.title, url: lesson.videoUrl });
      }
    }
  }
  if (videos.length === 0) return null;
  const ladders = await db
    .selectFrom('video_ladders')
    .select(['source_url', 'state', 'reason'])
    .where('site_key', '=', siteKey)
    .where(
      'source_url',
      'in',
      videos.map((video) => video.url),
    )
    .execute();
  const byUrl = new Map(ladders.map((ladder) => [ladder.source_url, ladder]));
  for (const video of videos) {
    const ladder = byUrl.get(video.url);
    if (ladder?.state === 'pending') {
      return `课时“${video.title}”的视频还在转码，转码完成后才能发布`;
    }
    if (ladder?.state === 'failed') {
      return `课时“${video.title}”的视频转码失败（${ladder.reason ?? '原因未知'}），请重新上传视频`;
    }
  }
  return null;
}

/**
 * Writes a form onto a course: its row, tags, and chapters and lessons matched by id (a kept
 * lesson keeps its id, and learners their progress on it); those left out are removed.
 */
async function writeCourse(trx: Kysely<Database>, courseId: number, form: AdminCourseForm) {
  const lessons = form.chapters.flatMap((chapter) => chapter.lessons);
  await trx
    .updateTable('courses')
    .set({
      category_id: form.categoryId,
      teacher_id: form.teacherId,
      title: form.title,
      summary: form.summary,
      introduction: form.introductionHtml,
      cover: form.cover,
      lesson_count: lessons.length,
      duration_seconds: lessons.reduce((sum, lesson) => sum + lesson.durationSeconds, 0),
    })
    .where('id', '=', courseId)
    .execute();
  await trx.deleteFrom('course_tags').where('course_id', '=', courseId).execute();
  if (form.tags.length > 0) {
    await trx
      .insertInto('course_tags')
      .values(form.tags.map((tag) => ({ course_id: courseId, tag })))
      .execute();
  }
  const [ownChapters, ownLessons] = await Promise.all([
    trx.selectFrom('course_chapters').select('id').where('course_id', '=', courseId).execute(),
    trx.selectFrom('course_lessons').select('id').where('course_id', '=', courseId).execute(),
  ]);
  const chapterIds = new Set(ownChapters.map((row) => row.id));
  const lessonIds = new Set(ownLessons.map((row) => row.id));
  const keptChapters = new Set<number>();
  const keptLessons = new Set<number>();
  let lessonSort = 0;
  for (const [sort, chapter] of form.chapters.entries()) {
    let chapterId: number;
    if (chapter.id !== undefined) {
      if (!chapterIds.has(chapter.id)) throw invalid('章节：不属于这门课程，请刷新后再改');
      chapterId = chapter.id;
      await trx
        .updateTable('course_chapters')
        .set({ title: chapter.title, sort })
        .where('id', '=', chapterId)
        .execute();
    } else {
      chapterId = (
        await trx
          .insertInto('course_chapters')
          .values({ course_id: courseId, title: chapter.title, sort })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    }
    keptChapters.add(chapterId);
    for (const lesson of chapter.lessons) {
      const values = {
        chapter_id: chapterId,
        title: lesson.title,
        kind: lesson.kind,
        video_url: lesson.videoUrl,
        audio_url: lesson.audioUrl,
        pdf_url: lesson.pdfUrl,
        page_count: lesson.pageCount,
        duration_seconds: lesson.durationSeconds,
        article_html: lesson.articleHtml,
        sort: lessonSort,
      };
      lessonSort += 1;
      if (lesson.id !== undefined) {
        if (!lessonIds.has(lesson.id)) throw invalid('课时：不属于这门课程，请刷新后再改');
        if (keptLessons.has(lesson.id)) throw invalid('课时：同一课时出现了两次');
        keptLessons.add(lesson.id);
        await trx.updateTable('course_lessons').set(values).where('id', '=', lesson.id).execute();
      } else {
        await trx
          .insertInto('course_lessons')
          .values({ ...values, course_id: courseId })
          .execute();
      }
    }
  }
  const droppedLessons = [...lessonIds].filter((id) => !keptLessons.has(id));
  if (droppedLessons.length > 0) {
    await trx.deleteFrom('course_lessons').where('id', 'in', droppedLessons).execute();
  }
  const droppedChapters = [...chapterIds].filter((id) => !keptChapters.has(id));
  if (droppedChapters.length > 0) {
    await trx.deleteFrom('course_chapters').where('id', 'in', droppedChapters).execute();
  }
}

/** Courses as the review desk handles them (lesson files are checked in `files`). */
const courseKindOf = (files: FileStore): DeskKind<AdminCourseForm, CourseRow> => ({
  entity: 'course',
  table: 'courses',
  name: '课程',
  formOf: formOfCourse,
  check: (db, siteKey, form) => checkCourse(files, db, siteKey, form),
  async insert(trx, operator, form, now) {
    const { id } = await trx
      .insertInto('courses')
      .values({
        site_key: operator.siteKey,
        category_id: form.categoryId,
        teacher_id: form.teacherId,
        title: form.title,
        summary: form.summary,
        introduction: form.introductionHtml,
        cover: form.cover,
        published: 0,
        created_at: now,
        published_at: null,
        status: 'draft',
        author_id: operator.userId,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeCourse(trx, id, form);
    return id;
  },
  write: (trx, row, form) => writeCourse(trx, row.id, form),
  title: (form) => form.title,
  publishable: unpublishable,
});

/**
 * The courses of a site as its operators write and review them (the review is the
 * {@link ReviewDesk}'s): the console's list, and the categories and teachers to choose from.
 */
export class CourseDesk {
  /** The review of its records (the operations every reviewed kind has). */
  readonly review: ReviewDesk<AdminCourseForm, CourseRow>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
    files: FileStore,
    audit: AuditLog,
    publicCache: PublicCache,
    now: () => number = Date.now,
  ) {
    this.review = new ReviewDesk(db, courseKindOf(files), audit, publicCache, now);
  }

  async choices(siteKey: string): Promise<AdminCourseChoices> {
    const [categories, teachers] = await Promise.all([
      this.db
        .selectFrom('course_categories')
        .select(['id', 'name'])
        .where('site_key', '=', siteKey)
        .orderBy('sort')
        .orderBy('id')
        .execute(),
      this.db
        .selectFrom('teachers')
        .select(['id', 'name', 'title'])
        .where('site_key', '=', siteKey)
        .orderBy('id')
        .execute(),
    ]);
    return { categories, teachers };
  }

  private filtered(siteKey: string, query: AdminCourseListQuery) {
    let builder = this.db
      .selectFrom('courses as c')
      .leftJoin('content_edits as e', (join) =>
        join.onRef('e.entity_id', '=', 'c.id').on('e.entity', '=', 'course'),
      )
      .where('c.site_key', '=', siteKey)
      .where(reviewListWhere(this.engine, query, { alias: 'c' }));
    if (query.categoryId !== undefined)
      builder = builder.where('c.category_id', '=', query.categoryId);
    return builder;
  }

  /** The site's courses, newest change first. */
  async list(siteKey: string, query: AdminCourseListQuery): Promise<Page<AdminCourseRow>> {
    return readPage(
      query,
      {
        count: () => countRows(this.filtered(siteKey, query)),
        rows: ({ limit, offset }) =>
          this.filtered(siteKey, query)
            .innerJoin('course_categories as cat', 'cat.id', 'c.category_id')
            .innerJoin('teachers as t', 't.id', 'c.teacher_id')
            .leftJoin('users as u', 'u.id', 'c.author_id')
            .select([
              'c.id',
              'c.title',
              'cat.name as category_name',
              't.name as teacher_name',
              'c.status',
              'c.lesson_count',
              'c.version',
              'u.nickname as author_name',
              'c.updated_at',
              'c.published_at',
              'e.status as edit_status',
              'e.data as edit_data',
            ])
            .orderBy('c.updated_at', 'desc')
            .orderBy('c.id', 'desc')
            .limit(limit)
            .offset(offset)
            .execute(),
      },
      (rows) =>
        rows.map((row) => ({
          ...listedReview(row),
          id: row.id,
          categoryName: row.category_name,
          teacherName: row.teacher_name,
          lessonCount: Number(row.lesson_count),
        })),
    );
  }
}
