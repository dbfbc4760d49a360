import { z } from 'zod';
import { DASHBOARD_MAX_DAYS, PARTICIPANT_KINDS } from './admin-values.ts';
import { LEARNING_KINDS } from './learning-kinds.ts';
import { shanghaiMidnight } from './schedule-rules.ts';

/*
 * The dashboard of a site (数据统计, `/api/admin/stats/*`): its learners, learning, sign-ups,
 * most read and joined content, live viewers and points over a range of Asia/Shanghai days,
 * each part its own call (a card of the page, a query of the bench).
 */

const DAY_MS = 86_400_000;

const day = (what: string) =>
  z
    .string({ error: `请选择${what}` })
    .refine((value) => shanghaiMidnight(value) !== null, `${what}应为有效的日期（YYYY-MM-DD）`);

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD`: the days counted, both included, at most 366. */
export const statsRangeQuerySchema = z
  .object({ from: day('开始日期'), to: day('结束日期') })
  .refine((range) => range.from <= range.to, {
    message: '开始日期不能晚于结束日期',
    path: ['to'],
  })
  .refine(
    (range) =>
      ((shanghaiMidnight(range.to) ?? 0) - (shanghaiMidnight(range.from) ?? 0)) / DAY_MS <
      DASHBOARD_MAX_DAYS,
    { message: `统计范围最多 ${DASHBOARD_MAX_DAYS} 天`, path: ['to'] },
  );
export type StatsRangeQuery = z.infer<typeof statsRangeQuerySchema>;

const count = () => z.number().int();

/** `GET /api/admin/stats/summary`: the range's headline figures. */
export const statsSummarySchema = z.object({
  /** The site's learners now (those who ever signed in on it, stopped accounts included). */
  learners: count(),
  /** Of those, who first came in the range. */
  newLearners: count(),
  /** The site's learners who learned on a day of the range. */
  activeLearners: count(),
  /** Their learning in the range, in whole minutes. */
  learningMinutes: count(),
  /** Sign-ups made in the range, all kinds (cancelled ones included: they were made). */
  signups: count(),
  /** Points the site gave in the range (its ledger's additions). */
  pointsIssued: count(),
});
export type StatsSummary = z.infer<typeof statsSummarySchema>;

/**
 * The state of the rollups a series is read from (the job 统计汇总 computes them every few
 * minutes): when the range's latest day was last computed, and how many of its days, weeks and
 * months (those since anyone first learned, up to today) are not computed yet.
 */
export const statsRollupSchema = z.object({
  updatedAt: z.string().nullable(),
  pending: count(),
});
export type StatsRollup = z.infer<typeof statsRollupSchema>;

/** `GET /api/admin/stats/active`: learners who learned, by day, week and month, and new ones. */
export const statsActiveSchema = z.object({
  /** Every day of the range, oldest first: who learned, who first came. */
  daily: z.array(z.object({ day: z.string(), active: count(), joined: count() })),
  /** Each week (Monday to Sunday) the range touches, by its Monday: who learned in that week. */
  weekly: z.array(z.object({ week: z.string(), active: count() })),
  /** Each calendar month the range touches (`YYYY-MM`): who learned in that month. */
  monthly: z.array(z.object({ month: z.string(), active: count() })),
  rollup: statsRollupSchema,
});
export type StatsActive = z.infer<typeof statsActiveSchema>;

/**
 * `GET /api/admin/stats/learning`: learning minutes by kind of content with the learner-days
 * (学习人次: each learner counted once a day they learned that kind), and minutes by day.
 */
export const statsLearningSchema = z.object({
  byKind: z.array(
    z.object({ kind: z.enum(LEARNING_KINDS), minutes: count(), learnerDays: count() }),
  ),
  daily: z.array(z.object({ day: z.string(), minutes: count() })),
  rollup: statsRollupSchema,
});
export type StatsLearning = z.infer<typeof statsLearningSchema>;

/**
 * `GET /api/admin/stats/signups`: per kind, the items taking place in the range (those starting
 * on one of its days), their seats and those taken, and the sign-ups made in the range.
 */
export const statsSignupsSchema = z.object({
  byKind: z.array(
    z.object({
      kind: z.enum(PARTICIPANT_KINDS),
      items: count(),
      /** Seats of those items (null when none limits them: live sessions). */
      capacity: count().nullable(),
      /** Seats taken on those items now. */
      taken: count(),
      /** taken / capacity, 0 to 1 (null without seats). */
      fillRate: z.number().nullable(),
      /** Sign-ups made in the range, whatever they were for. */
      signups: count(),
    }),
  ),
});
export type StatsSignups = z.infer<typeof statsSignupsSchema>;

/** `GET /api/admin/stats/top`: the range's ten most taken courses, activities and articles. */
export const statsTopSchema = z.object({
  /** By learners who started the course in the range. */
  courses: z.array(z.object({ id: count(), title: z.string(), learners: count() })),
  /** Activities starting in the range, by seats taken. */
  activities: z.array(
    z.object({
      id: count(),
      title: z.string(),
      startAt: z.string(),
      taken: count(),
      capacity: count(),
    }),
  ),
  /** By learners who read the article in the range. */
  articles: z.array(z.object({ id: count(), title: z.string(), reads: count() })),
});
export type StatsTop = z.infer<typeof statsTopSchema>;

/** `GET /api/admin/stats/live`: the live sessions starting in the range, the latest first. */
export const statsLiveSchema = z.object({
  /** Learners who watched any of them (live or replay). */
  viewers: count(),
  sessions: z.array(
    z.object({
      id: count(),
      title: z.string(),
      startsAt: z.string(),
      reservations: count(),
      /** Learners who watched it, live or its replay. */
      viewers: count(),
      /** Their watching, in whole minutes. */
      minutes: count(),
    }),
  ),
});
export type StatsLive = z.infer<typeof statsLiveSchema>;

/** `GET /api/admin/stats/points`: points given and taken in the range, by rule and by day. */
export const statsPointsSchema = z.object({
  issued: count(),
  /** Taken away (corrections, as a positive number). */
  deducted: count(),
  byRule: z.array(
    z.object({ ruleKey: z.string(), name: z.string(), points: count(), learners: count() }),
  ),
  daily: z.array(z.object({ day: z.string(), points: count() })),
});
export type StatsPoints = z.infer<typeof statsPointsSchema>;
