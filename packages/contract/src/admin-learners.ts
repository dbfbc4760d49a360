import { z } from 'zod';
import { deviceSchema } from './account-settings.ts';
import {
  LEARNER_NOTE_MAX,
  LEARNER_STATES,
  PARTICIPANT_KINDS,
  PARTICIPANT_STATUSES,
  POINTS_ADJUSTMENT_MAX,
} from './admin-values.ts';
import { pageOf, pageQuery } from './envelope.ts';
import { LEARNING_KINDS } from './learning-kinds.ts';
import { ID_MAX } from './limits.ts';
import { idParam, idQuery } from './parts.ts';
import { pointsLedgerQuerySchema } from './points.ts';

/*
 * The learners of a site (学员管理, `/api/admin/learners`): a search by name or phone, one
 * learner's records on the site (sign-ups, learning time, points, medals, teams, devices), an
 * account stopped on the site and started again (停用 signs its devices out), and a correction
 * of their points with a reason (积分调整, a ledger row of its own kind, in the audit log).
 */

/** `GET /api/admin/learners`: a page of the site's learners, the latest to join first. */
export const learnerListQuerySchema = pageQuery.extend({
  /** Words of the nickname, or digits of the phone number (3 or more). */
  q: z.string().trim().max(40, '搜索词最多 40 个字').optional(),
  state: z.enum(LEARNER_STATES, { error: '请选择正常或已停用' }).optional(),
});
export type LearnerListQuery = z.infer<typeof learnerListQuerySchema>;

/** A learner as the list shows them. */
export const learnerRowSchema = z.object({
  id: z.number().int(),
  nickname: z.string(),
  /** The account's phone number; masked (138****0001) for roles that do not need it. */
  phone: z.string(),
  avatar: z.string().nullable(),
  /** When they first came to the site (signed in on it), ISO 8601. */
  joinedAt: z.string(),
  /** Their latest sign-in on the site, ISO 8601. */
  lastSeenAt: z.string(),
  /** Their points on the site. */
  points: z.number().int(),
  state: z.enum(LEARNER_STATES),
});
export type LearnerRow = z.infer<typeof learnerRowSchema>;

export const learnerPageSchema = pageOf(learnerRowSchema).extend({
  /** Whether phone numbers are masked for this operator (their roles do not need them). */
  phonesMasked: z.boolean(),
});
export type LearnerPage = z.infer<typeof learnerPageSchema>;

/** `GET /api/admin/learners/detail?id=`: one learner's records on the operator's site. */
export const learnerDetailQuerySchema = idQuery();

/** A sign-up of the learner on the site: a class, activity, visit slot, walk or live session. */
export const learnerSignupSchema = z.object({
  kind: z.enum(PARTICIPANT_KINDS),
  /** The item (the participants list of `kind` and `itemId` shows the sign-up). */
  itemId: z.number().int(),
  title: z.string(),
  /**
   * When the slot, walk or live session starts, ISO 8601 (sessions of one programme share its
   * title); null for a class or an activity.
   */
  startsAt: z.string().nullable(),
  status: z.enum(PARTICIPANT_STATUSES),
  /** When they (last) signed up, ISO 8601. */
  signedAt: z.string(),
});
export type LearnerSignup = z.infer<typeof learnerSignupSchema>;

export const learnerDetailSchema = z.object({
  learner: learnerRowSchema.extend({
    /** When the account was stopped on the site, and why (shown to the learner at sign-in). */
    disabledAt: z.string().nullable(),
    disabledReason: z.string().nullable(),
  }),
  phonesMasked: z.boolean(),
  /** Whether this operator may stop and start the account, and correct its points. */
  canManage: z.boolean(),
  learning: z.object({
    /** All-time credited learning time, in seconds, and days learned. */
    seconds: z.number().int(),
    days: z.number().int(),
    /** Consecutive days up to the latest day learned, and the longest such run. */
    streak: z.number().int(),
    longest: z.number().int(),
    /** The last 30 days' time by kind, in seconds. */
    recent: z.array(z.object({ kind: z.enum(LEARNING_KINDS), seconds: z.number().int() })),
  }),
  /** The latest sign-ups on the site (at most 50), newest first. */
  signups: z.array(learnerSignupSchema),
  medals: z.array(z.object({ key: z.string(), name: z.string(), earnedAt: z.string() })),
  teams: z.array(
    z.object({ id: z.number().int(), name: z.string(), leader: z.boolean(), joinedAt: z.string() }),
  ),
  /** The devices signed in on the site now (a stop signs them all out). */
  devices: z.array(deviceSchema.omit({ current: true })),
});
export type LearnerDetail = z.infer<typeof learnerDetailSchema>;

/** `GET /api/admin/learners/ledger?id=&type&page&size`: the learner's points ledger on the site. */
export const learnerLedgerQuerySchema = pointsLedgerQuerySchema.extend({ id: idParam });
export type LearnerLedgerQuery = z.infer<typeof learnerLedgerQuerySchema>;

const reasonOf = (what: string) =>
  z
    .string({ error: `请写明${what}的原因` })
    .trim()
    .min(2, `请写明${what}的原因（至少 2 个字）`)
    .max(LEARNER_NOTE_MAX, `${what}原因最多 ${LEARNER_NOTE_MAX} 个字`);

const learnerId = z
  .number({ error: '请指定学员' })
  .int('学员编号有误')
  .min(1, '请指定学员')
  .max(ID_MAX, '学员编号有误');

/** `POST /api/admin/learners/disable`: stops the account on the site and signs it out. */
export const learnerDisableBodySchema = z.object({ id: learnerId, reason: reasonOf('停用') });
export type LearnerDisableBody = z.infer<typeof learnerDisableBodySchema>;

/** `POST /api/admin/learners/enable`: lets the learner sign in on the site again. */
export const learnerEnableBodySchema = z.object({ id: learnerId });
export type LearnerEnableBody = z.infer<typeof learnerEnableBodySchema>;

/**
 * `POST /api/admin/learners/points`: adds (positive) or takes away (negative) points with a
 * reason the learner's ledger shows; never below a zero balance. `key` makes a retried
 * submission (a double click, a lost answer) one adjustment.
 */
export const learnerPointsBodySchema = z.object({
  id: learnerId,
  amount: z
    .number({ error: '请填写调整的积分' })
    .int('调整的积分必须是整数')
    .min(-POINTS_ADJUSTMENT_MAX, `一次最多扣减 ${POINTS_ADJUSTMENT_MAX} 积分`)
    .max(POINTS_ADJUSTMENT_MAX, `一次最多增加 ${POINTS_ADJUSTMENT_MAX} 积分`)
    .refine((amount) => amount !== 0, '调整的积分不能为 0'),
  reason: reasonOf('调整'),
  key: z.string({ error: '缺少提交编号' }).regex(/^[A-Za-z0-9-]{8,64}$/, '提交编号格式不正确'),
});
export type LearnerPointsBody = z.infer<typeof learnerPointsBodySchema>;

export const learnerPointsResultSchema = z.object({
  /** The balance after the adjustment. */
  balance: z.number().int(),
  /** False when the same `key` was adjusted before (nothing written this time). */
  applied: z.boolean(),
});
export type LearnerPointsResult = z.infer<typeof learnerPointsResultSchema>;

/** What a stop or a start answers: the learner's row as the list shows it now. */
export const learnerStateResultSchema = learnerRowSchema;
