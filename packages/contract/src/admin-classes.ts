import { z } from 'zod';
import { reviewedSchemaOf, reviewListQuery } from './admin.ts';
import { adminSignupFieldsSchema, adminWindowShape, refineWindow } from './admin-signups.ts';
import {
  CLASS_COURSES_MAX,
  CLASS_PLACE_MAX,
  CLASS_TEACHER_MAX,
  CLASS_TERM_MAX,
  CLASS_TIME_MAX,
  COURSE_TITLE_MAX,
  REVIEW_STATUSES,
  SEATS_MAX,
} from './admin-values.ts';
import { signupFieldSchema } from './classes.ts';
import { ID_MAX } from './limits.ts';
import { idParam } from './parts.ts';
import { CLASS_STATUSES } from './signup-form.ts';

/*
 * The console's classes (`/api/admin/classes`): a cohort (班级) with its term, class time, place,
 * teacher, seats, sign-up window, introduction, sign-up form and the courses it studies in order;
 * written by editors and reviewed before publication as articles are.
 */

/** A cover of this site's file store (`/files/...`), as the console's uploads answer. */
const coverPath = z
  .string()
  .max(500)
  .regex(/^\/files\/[A-Za-z0-9/_.-]+$/, '请上传封面');

/** A line of text of the form: trimmed, not empty, at most `max` characters. */
const line = (max: number) => z.string().trim().min(1, '不能为空').max(max, `最多 ${max} 个字`);

const classFormShape = z.object({
  title: line(COURSE_TITLE_MAX),
  cover: coverPath,
  /** The term learners read, e.g. 2026年秋季. */
  term: line(CLASS_TERM_MAX),
  /**
   * When it meets, as learners read it (e.g. 每周二 9:30-11:00): the `schedule` of the portal's
   * class, named apart from the review's own `schedule` (定时发布) in the console's detail.
   */
  classTime: line(CLASS_TIME_MAX),
  /** Where it meets, as learners read it (e.g. 静安区社区学院 302 教室). */
  place: line(CLASS_PLACE_MAX),
  teacherName: line(CLASS_TEACHER_MAX),
  capacity: z
    .number({ error: '请填写名额' })
    .int('须为整数')
    .min(1, '至少 1 人')
    .max(SEATS_MAX, `最多 ${SEATS_MAX} 人`),
  /** A sign-up waits for a reviewer (待审核) before it is confirmed. */
  reviewSignups: z.boolean().default(false),
  /** The sign-up window and the term's first and last day. */
  ...adminWindowShape(),
  /** Rich HTML, sanitized when stored and again when shown. */
  introductionHtml: z.string().max(100_000, '内容过长').default(''),
  formFields: adminSignupFieldsSchema.default([]),
  /** The site's published courses the class studies, in the order learners see them. */
  courseIds: z
    .array(idParam)
    .max(CLASS_COURSES_MAX, `最多 ${CLASS_COURSES_MAX} 门课程`)
    .default([]),
});

/** The checks across fields: the times in order, no course twice. */
function refineClass(form: z.infer<typeof classFormShape>, context: z.RefinementCtx) {
  refineWindow(form, context);
  const seen = new Set<number>();
  for (const [index, courseId] of form.courseIds.entries()) {
    if (seen.has(courseId)) {
      context.addIssue({
        code: 'custom',
        path: ['courseIds', index],
        message: '同一门课程选了两次',
      });
    }
    seen.add(courseId);
  }
}

/** What an operator writes of a class (the console's form); the server checks it all. */
export const adminClassFormSchema = classFormShape.superRefine(refineClass);
export type AdminClassForm = z.infer<typeof adminClassFormSchema>;
export type AdminClassFormInput = z.input<typeof adminClassFormSchema>;

export const adminClassUpdateBodySchema = classFormShape
  .extend({ id: idParam, version: z.number().int().min(1) })
  .superRefine(refineClass);
export type AdminClassUpdateBody = z.infer<typeof adminClassUpdateBodySchema>;

/**
 * `GET /api/admin/classes/detail?id=`: the form, its review state, the live version beside it,
 * and the seats taken (the least the capacity may become).
 */
export const adminClassSchema = reviewedSchemaOf(
  // As stored (the form's transforms ran when it was saved).
  classFormShape.extend({
    formFields: z.array(signupFieldSchema),
    courseIds: z.array(z.number().int()),
  }),
).extend({ seatsTaken: z.number().int() });
export type AdminClass = z.infer<typeof adminClassSchema>;

/** A class in the console's list. */
export const adminClassRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  term: z.string(),
  teacherName: z.string(),
  startAt: z.string(),
  /** Its sign-up state now, as learners see it. */
  phase: z.enum(CLASS_STATUSES),
  capacity: z.number().int(),
  seatsTaken: z.number().int(),
  status: z.enum(REVIEW_STATUSES),
  editStatus: z.union([z.enum(['draft', 'pending', 'rejected']), z.null()]),
  version: z.number().int(),
  authorName: z.string().nullable(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
});
export type AdminClassRow = z.infer<typeof adminClassRowSchema>;

export const adminClassListQuerySchema = reviewListQuery.extend({
  term: z.string().trim().max(CLASS_TERM_MAX, `最多 ${CLASS_TERM_MAX} 个字`).optional(),
});
export type AdminClassListQuery = z.infer<typeof adminClassListQuerySchema>;

/** The terms the site's classes have, newest first, for the list's filter. */
export const adminClassChoicesSchema = z.object({
  terms: z.array(z.string()),
});
export type AdminClassChoices = z.infer<typeof adminClassChoicesSchema>;

/**
 * `GET /api/admin/classes/courses?q=&ids=`: the site's published courses whose title has the
 * words (at most 20), after the chosen ones of the site (`ids`, comma-separated, in their order;
 * answered even when taken down since, so the form names them).
 */
export const adminClassCourseQuerySchema = z.object({
  q: z.string().trim().max(50, '最多 50 个字').default(''),
  ids: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10})*$/, '请用逗号分隔课程编号')
    .transform((text) => text.split(',').map(Number))
    .pipe(
      z
        .array(z.number().int().min(1, '课程编号有误').max(ID_MAX, '课程编号有误'))
        .max(CLASS_COURSES_MAX, `最多 ${CLASS_COURSES_MAX} 门课程`),
    )
    .optional(),
});
export type AdminClassCourseQuery = z.infer<typeof adminClassCourseQuerySchema>;

/** A course a class may study, as the class form's choice shows it. */
export const adminClassCourseSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  lessonCount: z.number().int(),
  /** False for a chosen course taken down since (a class may not be saved with it). */
  published: z.boolean(),
});
export type AdminClassCourse = z.infer<typeof adminClassCourseSchema>;
