import { z } from 'zod';
import {
  CANCEL_REASON_MAX,
  PARTICIPANT_KINDS,
  PARTICIPANT_STATUSES,
  REVIEW_BATCH_MAX,
  REVIEWED_KINDS,
} from './admin-values.ts';
import { pageOf, pageQuery } from './envelope.ts';
import { idParam } from './parts.ts';

/*
 * The participants of what learners sign up for (报名名单, `/api/admin/participants`): who signed
 * up, booked or reserved, with their sign-up form's answers and attachments, on the console of
 * the item's own site; a cancel on a learner's behalf with a reason they are told; and the list
 * as a CSV or XLSX file.
 */

export const participantKindSchema = z.enum(PARTICIPANT_KINDS, {
  error: '请指定班级、活动、参观时段、行走场次或直播',
});

const participantStatusSchema = z.enum(PARTICIPANT_STATUSES, {
  error: '请选择已报名、待审核、候补、未通过或已取消',
});

/** What the list (and its export) is filtered by: the item, words of a name or a phone, a status. */
const participantFilter = {
  kind: participantKindSchema,
  /** The class, activity, slot, walk session or live session. */
  id: idParam,
  /** Words of the learner's nickname, or digits of their phone number. */
  q: z.string().trim().max(40, '搜索词最多 40 个字').optional(),
  status: participantStatusSchema.optional(),
};

/** `GET /api/admin/participants`: a page of one item's participants, latest sign-up first. */
export const participantListQuerySchema = pageQuery.extend(participantFilter);
export type ParticipantListQuery = z.infer<typeof participantListQuerySchema>;

/** `GET /api/admin/participants/export`: the same list as a file, every page at once. */
export const participantExportQuerySchema = z.object({
  ...participantFilter,
  format: z.enum(['csv', 'xlsx'], { error: '请选择 CSV 或 Excel 格式' }).default('xlsx'),
});
export type ParticipantExportQuery = z.infer<typeof participantExportQuerySchema>;

/** One answer of a sign-up form as the console shows it (choices joined with 、). */
export const participantAnswerSchema = z.object({
  key: z.string(),
  value: z.string(),
});

/** A file a learner uploaded with their application (a special activity's works). */
export const participantAttachmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
});

/** One participant: the learner, their state and what they answered. */
export const participantSchema = z.object({
  userId: z.number().int(),
  nickname: z.string(),
  /** The account's phone number; masked (138****0001) for roles that do not need it. */
  phone: z.string(),
  status: participantStatusSchema,
  /** When they (last) signed up, booked or reserved, ISO 8601. */
  signedAt: z.string(),
  /** When the sign-up was cancelled (by the learner or an operator), else null. */
  cancelledAt: z.string().nullable(),
  /** On the waiting list: their place in line, 1 first; else null. */
  place: z.number().int().nullable(),
  /** Refused: the reviewer's reason, as the learner was told; else null. */
  reviewNote: z.string().nullable(),
  /** When they were checked in at the door (activities), else null. */
  checkedInAt: z.string().nullable(),
  /** The people a booking brings (a visit slot); 1 elsewhere. */
  partySize: z.number().int(),
  /** The contact a booking names (a visit slot), else null; its phone masked as the account's. */
  contact: z.object({ name: z.string(), phone: z.string() }).nullable(),
  /** The sign-up form's answers, in the order of the form's fields. */
  answers: z.array(participantAnswerSchema),
  attachments: z.array(participantAttachmentSchema),
});
export type Participant = z.infer<typeof participantSchema>;

/** An item learners sign up for: what it is, when, and its seats. */
export const participantItemRowSchema = z.object({
  kind: participantKindSchema,
  id: z.number().int(),
  title: z.string(),
  /** When it takes place, ISO 8601. */
  startAt: z.string(),
  endAt: z.string().nullable(),
  /** Its seats (null: no limit, a live session's reservations). */
  capacity: z.number().int().nullable(),
  /** Seats held by active sign-ups (a booking holds its party's). */
  seatsTaken: z.number().int(),
});
export type ParticipantItemRow = z.infer<typeof participantItemRowSchema>;

/** The item a list is of, as its heading shows it. */
export const participantItemSchema = participantItemRowSchema.extend({
  /** The sign-up form's fields, as the answers' columns: key and label. */
  fields: z.array(z.object({ key: z.string(), label: z.string() })),
  /** Where the console edits the item (the list links back to it), e.g. `/classes/edit?id=3`. */
  editPath: z.string(),
});
export type ParticipantItem = z.infer<typeof participantItemSchema>;

export const participantPageSchema = pageOf(participantSchema).extend({
  item: participantItemSchema,
  /** Whether phone numbers are masked for this operator (their roles do not need them). */
  phonesMasked: z.boolean(),
  /** Whether this operator may cancel sign-ups on a learner's behalf. */
  canCancel: z.boolean(),
  /** Whether this operator may accept or refuse sign-ups (classes and activities). */
  canReview: z.boolean(),
  /** Whether the item's sign-ups wait for review (classes and activities; false elsewhere). */
  reviewSignups: z.boolean(),
  /** Learners on the item's waiting list (classes and activities; 0 elsewhere). */
  waitingCount: z.number().int(),
});
export type ParticipantPage = z.infer<typeof participantPageSchema>;

/** `POST /api/admin/participants/cancel`: cancels one learner's sign-up, telling them why. */
export const participantCancelBodySchema = z.object({
  kind: participantKindSchema,
  id: z.number({ error: '请指定报名的项目' }).int().min(1, '请指定报名的项目'),
  userId: z.number({ error: '请指定学员' }).int().min(1, '请指定学员'),
  reason: z
    .string({ error: '请写明取消的原因' })
    .trim()
    .min(2, '请写明取消的原因（至少 2 个字）')
    .max(CANCEL_REASON_MAX, `取消原因最多 ${CANCEL_REASON_MAX} 个字`),
});
export type ParticipantCancelBody = z.infer<typeof participantCancelBodySchema>;

export const participantCancelResultSchema = z.object({
  userId: z.number().int(),
  status: participantStatusSchema,
  /** The item's seats taken after the cancel. */
  seatsTaken: z.number().int(),
});
export type ParticipantCancelResult = z.infer<typeof participantCancelResultSchema>;

/**
 * `GET /api/admin/participants/items`: the site's items of one kind whose participants the
 * console lists (报名名单's first page), upcoming ones soonest first, or those that have ended,
 * latest first; found by title.
 */
export const participantItemListQuerySchema = pageQuery.extend({
  kind: participantKindSchema,
  q: z.string().trim().max(40, '搜索词最多 40 个字').optional(),
  when: z.enum(['upcoming', 'ended'], { error: '请选择未结束或已结束' }).default('upcoming'),
});
export type ParticipantItemListQuery = z.infer<typeof participantItemListQuerySchema>;

/**
 * `POST /api/admin/participants/review`: accepts (已通过) or refuses (未通过, with a reason the
 * learners are told) sign-ups of a class or activity, one or many at once, all or none: accepting
 * takes sign-ups waiting for review; refusing also takes learners off the waiting list. A refusal
 * frees its seat for the first in line.
 */
export const participantReviewBodySchema = z
  .object({
    kind: z.enum(REVIEWED_KINDS, { error: '只有班级和活动的报名需要审核' }),
    id: z.number({ error: '请指定报名的项目' }).int().min(1, '请指定报名的项目'),
    userIds: z
      .array(z.number({ error: '请指定学员' }).int().min(1, '请指定学员'), {
        error: '请选择要审核的学员',
      })
      .min(1, '请选择要审核的学员')
      .max(REVIEW_BATCH_MAX, `一次最多审核 ${REVIEW_BATCH_MAX} 人`),
    decision: z.enum(['accept', 'refuse'], { error: '请选择通过或不通过' }),
    reason: z
      .string()
      .trim()
      .max(CANCEL_REASON_MAX, `原因最多 ${CANCEL_REASON_MAX} 个字`)
      .optional(),
  })
  .refine((body) => body.decision === 'accept' || (body.reason ?? '').length >= 2, {
    message: '请写明不通过的原因（至少 2 个字）',
    path: ['reason'],
  });
export type ParticipantReviewBody = z.infer<typeof participantReviewBodySchema>;

export const participantReviewResultSchema = z.object({
  /** How many sign-ups the decision took. */
  reviewed: z.number().int(),
  /** How many learners took a freed seat from the waiting list. */
  promoted: z.number().int(),
  /** The item's seats taken after it. */
  seatsTaken: z.number().int(),
});
export type ParticipantReviewResult = z.infer<typeof participantReviewResultSchema>;
