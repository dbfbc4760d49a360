import { z } from 'zod';
import { pageQuery } from './envelope.ts';
import { cardShape, idParam, idQuery, seatsShape, signupStateShape } from './parts.ts';
import {
  CLASS_STATUSES,
  SIGNUP_FIELD_KINDS,
  SIGNUP_STATUSES,
  type SignupField,
} from './signup-form.ts';

/**
 * The status of a class, derived from the current time and its seats by `classStatusAt`
 * (`signup-form.ts`), in this order: `now >= endAt` -> 已结束; `now < signupStart` -> 未开始;
 * inside the signup window `[signupStart, min(signupEnd, startAt))` -> 报名中, or 已满 when no
 * seat is left; otherwise (signup closed or the class has started) -> 进行中.
 */
export const classStatusSchema = z.enum(CLASS_STATUSES);

/** One field of the signup form a class asks for (姓名 and 手机号 always; some ask more). */
export const signupFieldSchema = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.enum(SIGNUP_FIELD_KINDS),
  required: z.boolean(),
  /** The allowed answers of a `choice` or `multi` field. */
  options: z.array(z.string()).optional(),
}) satisfies z.ZodType<SignupField>;

/**
 * A submitted signup form: field keys to answers (a string, or the chosen options of a `multi`
 * field). Generous caps only: the per-field rules are `validateSignupForm`'s, with clearer messages.
 */
export const signupFormBody = z.record(
  z.string().max(64, '过长'),
  z.union([z.string().max(2000, '过长'), z.array(z.string().max(200, '过长')).max(50, '过多')]),
);

/** A course a class studies. */
export const classCourseSchema = z.object({
  ...cardShape(),
  lessonCount: z.number().int(),
});
export type ClassCourse = z.infer<typeof classCourseSchema>;

/** A class (班级) in a list (card): a cohort with a term, schedule, place and seats. */
export const classSummarySchema = z.object({
  ...cardShape(),
  /** e.g. 2026年秋季 */
  term: z.string(),
  /** e.g. 每周二 9:30-11:00 */
  schedule: z.string(),
  place: z.string(),
  teacherName: z.string(),
  ...signupStateShape(),
});
export type ClassSummary = z.infer<typeof classSummarySchema>;

/**
 * The learner's own signup of a class; `signedUpAt` is the latest time they signed up (joined
 * the waiting list).
 */
export const mySignupSchema = z.object({
  status: z.enum(SIGNUP_STATUSES),
  signedUpAt: z.string(),
  /** On the waiting list (`waiting`): their place in line, 1 first; else null. */
  place: z.number().int().nullable(),
  /** Refused (`rejected`): the reviewer's reason; else null. */
  reason: z.string().nullable(),
});
export type MySignup = z.infer<typeof mySignupSchema>;

/** `GET /api/classes/detail?id=`: a published class of the site. */
export const classDetailSchema = classSummarySchema.extend({
  /** Rich HTML from the server: sanitize before showing it. */
  introduction: z.string(),
  courses: z.array(classCourseSchema),
  formFields: z.array(signupFieldSchema),
  /** Whether a signup waits for the class's reviewer (待审核) before it is confirmed. */
  reviewSignups: z.boolean(),
  /** Learners on the waiting list (候补); a full class takes more in line. */
  waitingCount: z.number().int(),
  /** The caller's signup; null for a visitor or a learner who never signed up. */
  mySignup: mySignupSchema.nullable(),
});
export type ClassDetail = z.infer<typeof classDetailSchema>;

/** `GET /api/classes`: one page of published classes, 报名中 first, then by start date. */
export const classListQuerySchema = pageQuery.extend({
  status: classStatusSchema.optional(),
});
export type ClassListQuery = z.infer<typeof classListQuerySchema>;

export const classDetailQuerySchema = idQuery();

/**
 * `POST /api/classes/signup`. `form` maps field keys to answers; the server checks it with
 * `validateSignupForm` against the class's fields (the same function the web form uses).
 */
export const classSignupBodySchema = z.object({
  classId: idParam,
  form: signupFormBody,
  /** When no seat is left, join the waiting list (候补) instead of being refused. */
  waitlist: z.boolean().optional(),
});
export type ClassSignupBody = z.infer<typeof classSignupBodySchema>;

/**
 * `POST /api/classes/cancel`: allowed while the signup window is open; frees the seat (the first
 * on the waiting list takes it) or leaves the waiting list.
 */
export const classCancelBodySchema = idQuery('classId');
export type ClassCancelBody = z.infer<typeof classCancelBodySchema>;

/** Answer of signup and cancel: the caller's signup and the class's seats after it. */
export const classSignupResultSchema = z.object({
  classId: z.number().int(),
  mySignup: mySignupSchema,
  ...seatsShape(),
  status: classStatusSchema,
});
export type ClassSignupResult = z.infer<typeof classSignupResultSchema>;

/**
 * `GET /api/classes/mine`: a class the learner signed up for (confirmed, waiting for review, on
 * the waiting list or refused; not cancelled).
 */
export const myClassSchema = classSummarySchema.extend({
  signedUpAt: z.string(),
  mySignup: mySignupSchema,
  /** True while the signup window is open, the only time a signup can be cancelled. */
  canCancel: z.boolean(),
});
export type MyClass = z.infer<typeof myClassSchema>;

export const myClassListQuerySchema = pageQuery;
