import { z } from 'zod';
import { reviewedSchemaOf, reviewListQuery } from './admin.ts';
import {
  CHAPTER_LESSONS_MAX,
  COURSE_CHAPTERS_MAX,
  COURSE_TAGS_MAX,
  COURSE_TITLE_MAX,
  LESSON_SECONDS_MAX,
  REVIEW_STATUSES,
} from './admin-values.ts';
import { idParam } from './parts.ts';

/*
 * The console's courses (`/api/admin/courses`): a course with its chapters and lessons, written
 * by editors and reviewed before publication as articles are.
 */

const title = (field: string) =>
  z
    .string()
    .trim()
    .min(1, `${field}不能为空`)
    .max(COURSE_TITLE_MAX, `${field}最多 ${COURSE_TITLE_MAX} 个字`);

/** A file of this site: a cover or a PDF under `/files/`, a video or an audio under `/media/`. */
const sitePath = (prefix: '/files/' | '/media/', message: string) =>
  z
    .string()
    .max(500)
    .regex(new RegExp(`^${prefix.replace(/\//g, '\\/')}[A-Za-z0-9/_.-]+$`), message);

export const adminLessonFormSchema = z.object({
  /** The lesson's id when it exists (learners' progress stays with it); none for a new one. */
  id: idParam.optional(),
  title: title('课时标题'),
  kind: z.enum(['video', 'audio', 'pdf', 'article'], { error: '请选择视频、音频、PDF 或图文课时' }),
  /** A video lesson's file (uploaded to this site). */
  videoUrl: sitePath('/media/', '请上传课时视频').nullable().default(null),
  /** An audio lesson's file: an MP3 or M4A uploaded to this site (`/media/uploads/<site>/`). */
  audioUrl: sitePath('/media/', '请上传课时音频').nullable().default(null),
  /** A PDF lesson's file: a PDF uploaded to this site (`POST /api/admin/uploads/pdf`). */
  pdfUrl: sitePath('/files/', '请上传课时 PDF').nullable().default(null),
  /**
   * A PDF lesson's pages: read by the server from the stored file whenever the form is saved
   * (what the form sends is ignored); 0 for the other kinds.
   */
  pageCount: z.number().int().min(0).default(0),
  /** A video's or an audio's length in seconds, as the browser read it from the file. */
  durationSeconds: z.number().int().min(0).max(LESSON_SECONDS_MAX, '课时时长不合理').default(0),
  /** An article lesson's text (sanitized when stored). */
  articleHtml: z.string().max(200_000, '图文内容过长').nullable().default(null),
});
export type AdminLessonForm = z.infer<typeof adminLessonFormSchema>;

export const adminChapterFormSchema = z.object({
  id: idParam.optional(),
  title: title('章节标题'),
  lessons: z
    .array(adminLessonFormSchema)
    .max(CHAPTER_LESSONS_MAX, `每章最多 ${CHAPTER_LESSONS_MAX} 个课时`),
});
export type AdminChapterForm = z.infer<typeof adminChapterFormSchema>;

/** What an operator writes of a course (the console's form); the server checks it all. */
export const adminCourseFormSchema = z.object({
  categoryId: idParam,
  teacherId: idParam,
  title: title('课程名称'),
  summary: z.string().trim().max(200, '最多 200 个字').default(''),
  /** Rich HTML, sanitized when stored and again when shown. */
  introductionHtml: z.string().max(100_000, '内容过长').default(''),
  cover: sitePath('/files/', '请上传课程封面'),
  tags: z
    .array(z.string().trim().min(1, '标签不能为空').max(16, '每个标签最多 16 个字'))
    .max(COURSE_TAGS_MAX, `最多 ${COURSE_TAGS_MAX} 个标签`)
    .default([]),
  chapters: z
    .array(adminChapterFormSchema)
    .max(COURSE_CHAPTERS_MAX, `最多 ${COURSE_CHAPTERS_MAX} 章`),
});
export type AdminCourseForm = z.infer<typeof adminCourseFormSchema>;
export type AdminCourseFormInput = z.input<typeof adminCourseFormSchema>;

export const adminCourseUpdateBodySchema = adminCourseFormSchema.extend({
  id: idParam,
  version: z.number().int().min(1),
});
export type AdminCourseUpdateBody = z.infer<typeof adminCourseUpdateBodySchema>;

/** `GET /api/admin/courses/detail?id=`: the form, its review state, the live version beside it. */
export const adminCourseSchema = reviewedSchemaOf(adminCourseFormSchema);
export type AdminCourse = z.infer<typeof adminCourseSchema>;

/** A course in the console's list. */
export const adminCourseRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  categoryName: z.string(),
  teacherName: z.string(),
  status: z.enum(REVIEW_STATUSES),
  editStatus: z.union([z.enum(['draft', 'pending', 'rejected']), z.null()]),
  lessonCount: z.number().int(),
  version: z.number().int(),
  authorName: z.string().nullable(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
});
export type AdminCourseRow = z.infer<typeof adminCourseRowSchema>;

export const adminCourseListQuerySchema = reviewListQuery.extend({
  categoryId: idParam.optional(),
});
export type AdminCourseListQuery = z.infer<typeof adminCourseListQuerySchema>;

/** The site's categories and teachers, for the course form's choices. */
export const adminCourseChoicesSchema = z.object({
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
  teachers: z.array(z.object({ id: z.number().int(), name: z.string(), title: z.string() })),
});
export type AdminCourseChoices = z.infer<typeof adminCourseChoicesSchema>;
