import { z } from 'zod';
import { classStatusSchema, signupFieldSchema, signupFormBody } from './classes.ts';
import { pageQuery } from './envelope.ts';
import { cardShape, idParam, idQuery, seatsShape, signupStateShape } from './parts.ts';
import { ACTIVITY_KINDS, APPLICATION_STATES, SIGNUP_STATUSES } from './signup-form.ts';

/**
 * The kind of an activity. `特色活动` (special activities) are their own kind: they open at
 * `/extensionDetails` and take a richer signup that may carry attachments.
 */
export const activityKindSchema = z.enum(ACTIVITY_KINDS);

/**
 * The status of an activity, derived from its times and seats by the same rule as a class
 * (`classStatusAt`): 已结束, 未开始, 报名中 / 已满 inside the signup window, otherwise 进行中.
 */
export const activityStatusSchema = classStatusSchema;

/** What a special activity's signup accepts as attachments (images or PDF). */
export const attachmentRuleSchema = z.object({
  /** e.g. 作品照片或报名材料 */
  label: z.string(),
  required: z.boolean(),
  /** At most this many files. */
  maxCount: z.number().int(),
  /** Each file at most this many bytes. */
  maxBytes: z.number().int(),
  /** MIME types accepted, checked by content: image/jpeg, image/png, image/webp, application/pdf. */
  accept: z.array(z.string()),
});
export type AttachmentRule = z.infer<typeof attachmentRuleSchema>;

/** An activity (活动) in a list (card). */
export const activitySummarySchema = z.object({
  ...cardShape(),
  kind: activityKindSchema,
  /** The organiser's name, e.g. 静安区图书馆. */
  organiser: z.string(),
  place: z.string(),
  /** The learning-map place the activity is held at, when it is on the map. */
  mapPlaceId: z.number().int().nullable(),
  ...signupStateShape(),
});
export type ActivitySummary = z.infer<typeof activitySummarySchema>;

/** The caller's application to an activity. */
export const myApplicationSchema = z.object({
  id: z.number().int(),
  status: z.enum(SIGNUP_STATUSES),
  /** ISO 8601: the latest time they applied (joined the waiting list). */
  appliedAt: z.string(),
  /** On the waiting list (`waiting`): their place in line, 1 first; else null. */
  place: z.number().int().nullable(),
  /** Refused (`rejected`): the reviewer's reason; else null. */
  reason: z.string().nullable(),
  /** ISO 8601 once the organiser checked them in at the door, else null. */
  checkedInAt: z.string().nullable(),
});
export type MyApplication = z.infer<typeof myApplicationSchema>;

/** `GET /api/activities/detail?id=`: a published activity of the site. */
export const activityDetailSchema = activitySummarySchema.extend({
  /** Rich HTML from the server: sanitize before showing it. */
  description: z.string(),
  /** e.g. 021-62561234 */
  contact: z.string(),
  formFields: z.array(signupFieldSchema),
  /** Special activities only (kind 特色活动): what their signup accepts as attachments. */
  attachments: attachmentRuleSchema.nullable(),
  /** Whether an application waits for the activity's reviewer (待审核) before it is confirmed. */
  reviewSignups: z.boolean(),
  /** Learners on the waiting list (候补); a full activity takes more in line. */
  waitingCount: z.number().int(),
  /** The caller's application; null for a visitor or a learner who never applied. */
  myApplication: myApplicationSchema.nullable(),
});
export type ActivityDetail = z.infer<typeof activityDetailSchema>;

/** `GET /api/activities`: one page of published activities, 报名中 first, then by start time. */
export const activityListQuerySchema = pageQuery.extend({
  kind: activityKindSchema.optional(),
  status: activityStatusSchema.optional(),
});
export type ActivityListQuery = z.infer<typeof activityListQuerySchema>;

export const activityDetailQuerySchema = idQuery();

/**
 * `POST /api/activities/apply` (JSON) for an activity without attachments. A special activity
 * takes `POST /api/activities/apply-with-files` as multipart: fields `activityId` and `form`
 * (this JSON object as a string) and files under `files`.
 */
export const activityApplyBodySchema = z.object({
  activityId: idParam,
  form: signupFormBody,
  /** When no seat is left, join the waiting list (候补) instead of being refused. */
  waitlist: z.boolean().optional(),
});
export type ActivityApplyBody = z.infer<typeof activityApplyBodySchema>;

/** `POST /api/activities/cancel`: allowed while the signup window is open; frees the seat. */
export const activityCancelBodySchema = idQuery('activityId');
export type ActivityCancelBody = z.infer<typeof activityCancelBodySchema>;

/** Answer of apply and cancel: the caller's application and the activity's seats after it. */
export const activityApplyResultSchema = z.object({
  activityId: z.number().int(),
  myApplication: myApplicationSchema,
  ...seatsShape(),
  status: activityStatusSchema,
});
export type ActivityApplyResult = z.infer<typeof activityApplyResultSchema>;

/** An uploaded attachment of an application, served only to its owner. */
export const attachmentSchema = z.object({
  id: z.number().int(),
  /** The name the file had on the phone (shown only). */
  name: z.string(),
  /** Detected from the content. */
  mime: z.string(),
  size: z.number().int(),
  /** Path to fetch it with the learner's bearer token (never a token in the URL). */
  url: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/**
 * The state of an application as `/myActive` shows it: 已报名 (active, not yet checked in),
 * 待审核 (waiting for the reviewer), 候补中 (on the waiting list), 未通过 (refused),
 * 已签到, 已取消, 已结束 (active, never checked in, the activity is over).
 */
export const applicationStateSchema = z.enum(APPLICATION_STATES);

/** `GET /api/activities/mine`: one of the learner's applications, latest first. */
export const myActivitySchema = activitySummarySchema.extend({
  application: myApplicationSchema,
  state: applicationStateSchema,
  /** True while the signup window is open and the application is active. */
  canCancel: z.boolean(),
  /** The code the QR shows at the door; null once cancelled. */
  checkinCode: z.string().nullable(),
  attachments: z.array(attachmentSchema),
});
export type MyActivity = z.infer<typeof myActivitySchema>;

export const myActivityListQuerySchema = pageQuery.extend({
  state: applicationStateSchema.optional(),
});
export type MyActivityListQuery = z.infer<typeof myActivityListQuerySchema>;

/** `POST /api/activities/checkin` (an organiser's staff): the code read from the learner's QR. */
export const checkinBodySchema = z.object({
  code: z.string().trim().min(1, '请提供签到码').max(64, '签到码格式不正确'),
});
export type CheckinBody = z.infer<typeof checkinBodySchema>;

export const checkinResultSchema = z.object({
  applicationId: z.number().int(),
  activityId: z.number().int(),
  activityTitle: z.string(),
  learnerName: z.string(),
  checkedInAt: z.string(),
});
export type CheckinResult = z.infer<typeof checkinResultSchema>;
