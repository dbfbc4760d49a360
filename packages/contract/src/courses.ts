import { z } from 'zod';
import { pageQuery } from './envelope.ts';
import { cardShape, idParam, idQuery } from './parts.ts';

export { idParam };

/** A course category (课程分类) of a site. */
export const courseCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Published courses in it. */
  courseCount: z.number().int(),
});
export type CourseCategory = z.infer<typeof courseCategorySchema>;

export const teacherSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** e.g. 高级讲师 · 静安区社区学院 */
  title: z.string(),
  avatar: z.string().nullable(),
  bio: z.string(),
});
export type Teacher = z.infer<typeof teacherSchema>;

/** How the course list is ordered: newest first, or most learners first. */
export const courseSortSchema = z.enum(['newest', 'popular']);
export type CourseSort = z.infer<typeof courseSortSchema>;

/** `GET /api/courses`: one page of published courses of the site. */
export const courseListQuerySchema = pageQuery.extend({
  categoryId: idParam.optional(),
  sort: courseSortSchema.default('newest'),
});
export type CourseListQuery = z.infer<typeof courseListQuerySchema>;

/** A course in a list (card). */
export const courseSummarySchema = z.object({
  ...cardShape(),
  summary: z.string(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  teacherName: z.string(),
  tags: z.array(z.string()),
  lessonCount: z.number().int(),
  /** Total video length in seconds. */
  durationSeconds: z.number().int(),
  viewCount: z.number().int(),
  learnerCount: z.number().int(),
  /** ISO 8601. */
  publishedAt: z.string(),
});
export type CourseSummary = z.infer<typeof courseSummarySchema>;

/** A lesson's kind: a video, an audio recording, a PDF document or an article (图文). */
export const lessonKindSchema = z.enum(['video', 'audio', 'pdf', 'article']);
export type LessonKind = z.infer<typeof lessonKindSchema>;

export const lessonSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  kind: lessonKindSchema,
  /** Video or audio length in seconds (0 for a PDF or an article). */
  durationSeconds: z.number().int(),
});
export type LessonSummary = z.infer<typeof lessonSummarySchema>;

export const chapterSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  lessons: z.array(lessonSummarySchema),
});
export type Chapter = z.infer<typeof chapterSchema>;

/** `GET /api/courses/detail?id=`: a published course with its chapters. */
export const courseDetailSchema = courseSummarySchema.extend({
  /** Rich HTML from the server: sanitize before showing it. */
  introduction: z.string(),
  teacher: teacherSchema,
  chapters: z.array(chapterSchema),
});
export type CourseDetail = z.infer<typeof courseDetailSchema>;

export const courseDetailQuerySchema = idQuery();
