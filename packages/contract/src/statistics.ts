import { z } from 'zod';
import { LEARNING_KINDS, STATISTICS_RANGES } from './learning-kinds.ts';

/** Seconds of learning per kind of content. */
export const secondsByKindSchema = z.object(
  Object.fromEntries(LEARNING_KINDS.map((kind) => [kind, z.number()])) as Record<
    (typeof LEARNING_KINDS)[number],
    z.ZodNumber
  >,
);
export type SecondsByKind = z.infer<typeof secondsByKindSchema>;

/** `GET /api/statistics?range=` (login); the range defaults to the last 30 days. */
export const statisticsQuerySchema = z.object({
  range: z.enum(STATISTICS_RANGES).default('30d'),
});
export type StatisticsQuery = z.infer<typeof statisticsQuerySchema>;

/** One bar of the chart: a day, a week (Monday to Sunday) or a month, in Asia/Shanghai. */
export const statisticsBucketSchema = z.object({
  /** First day, `YYYY-MM-DD`. */
  start: z.string(),
  /** Last day, `YYYY-MM-DD` (the same as `start` for a day). */
  end: z.string(),
  seconds: secondsByKindSchema,
  total: z.number(),
});
export type StatisticsBucket = z.infer<typeof statisticsBucketSchema>;

/** Consecutive Asia/Shanghai days with learning time. */
export const streakSchema = z.object({
  /** Days in a row up to today, or up to yesterday while today has none yet. */
  current: z.number().int(),
  longest: z.number().int(),
});
export type Streak = z.infer<typeof streakSchema>;

/** The learner's statistics: the range's buckets (oldest first), all-time totals and streaks. */
export const statisticsSchema = z.object({
  range: z.enum(STATISTICS_RANGES),
  /** Today in Asia/Shanghai, `YYYY-MM-DD`. */
  today: z.string(),
  buckets: z.array(statisticsBucketSchema),
  totals: z.object({
    /** All learning time, in seconds. */
    seconds: z.number(),
    /** Days with learning time. */
    days: z.number().int(),
    coursesCompleted: z.number().int(),
  }),
  streak: streakSchema,
});
export type Statistics = z.infer<typeof statisticsSchema>;

/** `GET /api/statistics/summary` (login): the figures 我的 shows. */
export const statisticsSummarySchema = z.object({
  /** Today in Asia/Shanghai, `YYYY-MM-DD`. */
  day: z.string(),
  todaySeconds: z.number(),
  streak: streakSchema,
});
export type StatisticsSummary = z.infer<typeof statisticsSummarySchema>;
