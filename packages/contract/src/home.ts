import { z } from 'zod';
import { activitySummarySchema } from './activities.ts';
import { articleSummarySchema } from './articles.ts';
import { classSummarySchema, myClassSchema } from './classes.ts';
import { courseSummarySchema } from './courses.ts';
import { ebookSummarySchema } from './ebooks.ts';
import { pageQuery } from './envelope.ts';
import { lessonCountShape } from './parts.ts';

/**
 * Where a banner leads: a course, a class, an activity, an e-book, a live session, an article, a
 * topic, or a list page of an area.
 */
export const bannerLinkSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('course'), id: z.number().int() }),
  z.object({ kind: z.literal('class'), id: z.number().int() }),
  z.object({ kind: z.literal('activity'), id: z.number().int() }),
  z.object({ kind: z.literal('ebook'), id: z.number().int() }),
  z.object({ kind: z.literal('live'), id: z.number().int() }),
  z.object({ kind: z.literal('article'), id: z.number().int() }),
  /** A topic page, e.g. `2024/jtjy` for `/zhuanti/2024/jtjy`. */
  z.object({ kind: z.literal('topic'), slug: z.string() }),
  z.object({ kind: z.literal('courseList') }),
]);
export type BannerLink = z.infer<typeof bannerLinkSchema>;

/** A slide of the home page's banner swiper. */
export const bannerSchema = z.object({
  /** Stable within one answer, e.g. `course-12`. */
  key: z.string(),
  /** e.g. 人气课程 */
  label: z.string(),
  title: z.string(),
  /** URL path of a 16:9 image. */
  image: z.string(),
  link: bannerLinkSchema,
});
export type Banner = z.infer<typeof bannerSchema>;

/** A home section: a title and the cards of one area. */
const sectionOf = <K extends string, T extends z.ZodType>(kind: K, item: T) =>
  z.object({ kind: z.literal(kind), title: z.string(), items: z.array(item) });

/**
 * A block of one content area on the home page. Each area adds its own `kind` (activities,
 * e-books...) with the cards of that area; the web app renders the kinds it knows.
 */
export const homeSectionSchema = z.discriminatedUnion('kind', [
  sectionOf('courses', courseSummarySchema),
  sectionOf('classes', classSummarySchema),
  sectionOf('activities', activitySummarySchema),
  sectionOf('ebooks', ebookSummarySchema),
]);
export type HomeSection = z.infer<typeof homeSectionSchema>;

/** `GET /api/home`: everything the public home page shows, for the request's site. */
export const homeSchema = z.object({
  banners: z.array(bannerSchema),
  /** Most learned and newest courses, mixed. */
  recommended: z.array(courseSummarySchema),
  /** Classes open for signup (报名中) with seats left. */
  openClasses: z.array(classSummarySchema),
  sections: z.array(homeSectionSchema),
  /** The newest 资讯 (news articles), pinned first. */
  news: z.array(articleSummarySchema),
  /** For the notice bar: the newest 公告, pinned first (`unread` is always false here). */
  notices: z.array(articleSummarySchema),
});
export type Home = z.infer<typeof homeSchema>;

/** The course a learner studied last, to pick it up again. */
export const continueLearningSchema = z.object({
  courseId: z.number().int(),
  title: z.string(),
  cover: z.string(),
  teacherName: z.string(),
  /** The lesson to resume, or null when the course has none left to point at. */
  lessonId: z.number().int().nullable(),
  lessonTitle: z.string().nullable(),
  ...lessonCountShape(),
  /** ISO 8601. */
  lastStudiedAt: z.string(),
});
export type ContinueLearning = z.infer<typeof continueLearningSchema>;

/** `GET /api/home/me`: the learner's own panel on the entry home (login required). */
export const homeMeSchema = z.object({
  continueLearning: continueLearningSchema.nullable(),
  /** Active signups, newest first, at most 3. */
  myClasses: z.array(myClassSchema),
  myClassCount: z.number().int(),
  /** Learning time today (Asia/Shanghai), in seconds. */
  todaySeconds: z.number().int(),
});
export type HomeMe = z.infer<typeof homeMeSchema>;

/** Which of the learner's courses `GET /api/study/courses` lists. */
export const studyStateSchema = z.enum(['learning', 'completed']);
export type StudyState = z.infer<typeof studyStateSchema>;

/** `GET /api/study/courses?state=&page=&size=`. */
export const studyCoursesQuerySchema = pageQuery.extend({
  state: studyStateSchema.default('learning'),
});
export type StudyCoursesQuery = z.infer<typeof studyCoursesQuerySchema>;

/** A course the learner started, with their progress in it. */
export const studyCourseSchema = continueLearningSchema.extend({
  /** ISO 8601 when every lesson was complete, else null. */
  completedAt: z.string().nullable(),
});
export type StudyCourse = z.infer<typeof studyCourseSchema>;
