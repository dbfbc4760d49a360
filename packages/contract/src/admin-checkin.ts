import { z } from 'zod';
import { checkinResultSchema } from './activities.ts';
import { idParam, idQuery } from './parts.ts';

/*
 * The check-in desk (签到台, `/api/admin/checkin`): a tablet at the door of an activity of the
 * operator's site checks learners in by the QR their phone shows or by their phone number, with
 * the live count checked in / signed up. The portal's check-in rules and points apply.
 */

/** `GET /api/admin/checkin/summary?activityId=`: the desk's heading, counts and latest arrivals. */
export const checkinDeskQuerySchema = idQuery('activityId');
export type CheckinDeskQuery = z.infer<typeof checkinDeskQuerySchema>;

/** A learner checked in at the desk, as its list of arrivals shows them. */
export const checkinArrivalSchema = z.object({
  applicationId: z.number().int(),
  nickname: z.string(),
  /** Masked (138****0001) for roles that do not need the number. */
  phone: z.string(),
  checkedInAt: z.string(),
});
export type CheckinArrival = z.infer<typeof checkinArrivalSchema>;

export const checkinDeskSummarySchema = z.object({
  activity: z.object({
    id: z.number().int(),
    title: z.string(),
    place: z.string(),
    startAt: z.string(),
    endAt: z.string(),
  }),
  /** Confirmed applications (已报名, checked in or not). */
  signedUp: z.number().int(),
  checkedIn: z.number().int(),
  /** The latest arrivals, newest first (at most 10). */
  recent: z.array(checkinArrivalSchema),
});
export type CheckinDeskSummary = z.infer<typeof checkinDeskSummarySchema>;

/**
 * `POST /api/admin/checkin`: checks a learner in at the activity's door by the code their QR
 * shows (`code`) or by the phone number of their account (`phone`), exactly one of them.
 */
export const checkinDeskBodySchema = z
  .object({
    activityId: idParam,
    code: z.string().trim().max(64, '签到码格式不正确').optional(),
    phone: z
      .string()
      .trim()
      .regex(/^1\d{10}$/, '请输入 11 位手机号')
      .optional(),
  })
  .refine((body) => Boolean(body.code) !== Boolean(body.phone), {
    message: '请扫描签到码或输入手机号（二选一）',
    path: ['code'],
  });
export type CheckinDeskBody = z.infer<typeof checkinDeskBodySchema>;

export const checkinDeskResultSchema = z.object({
  checkin: checkinResultSchema,
  summary: checkinDeskSummarySchema,
});
export type CheckinDeskResult = z.infer<typeof checkinDeskResultSchema>;
