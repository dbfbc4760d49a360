import type { Statistics, StatisticsQuery, StatisticsSummary, Streak } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { findLearningSeconds } from '../study/study.queries.ts';
import { dayKey } from '../study/study.rules.ts';
import {
  countCompletedCourses,
  findLearningTotals,
  type LearningTotals,
  listDayTimes,
} from './statistics.queries.ts';
import { addDays, fillBuckets, spansOf } from './statistics.rules.ts';

/**
 * The learner's streaks on `today`: the run that ended on the last day learned counts as
 * current while it ended today or yesterday (today's learning may still come).
 */
export function streakOf(totals: LearningTotals, today: string): Streak {
  const current =
    totals.lastDay !== null && totals.lastDay >= addDays(today, -1) ? totals.streak : 0;
  return { current, longest: totals.longest };
}

/**
 * A learner's learning statistics: time per day, week or month split by kind of content,
 * totals and streaks, all on Asia/Shanghai days (as the learning-time credit files them).
 */
export class StatisticsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** The chart of `range` (its buckets, oldest first), the all-time totals and the streaks. */
  async statistics(userId: number, { range }: StatisticsQuery): Promise<Statistics> {
    const today = dayKey(this.now());
    const spans = spansOf(range, today);
    const first = spans[0]?.start ?? today;
    const last = spans.at(-1)?.end ?? today;
    const [days, totals, coursesCompleted] = await Promise.all([
      listDayTimes(this.db, userId, first, last),
      findLearningTotals(this.db, userId),
      countCompletedCourses(this.db, userId),
    ]);
    return {
      range,
      today,
      buckets: fillBuckets(spans, days),
      totals: { seconds: Math.round(totals.seconds), days: totals.days, coursesCompleted },
      streak: streakOf(totals, today),
    };
  }

  /** What 我的 shows: today's learning time and the streaks. */
  async summary(userId: number): Promise<StatisticsSummary> {
    const day = dayKey(this.now());
    const [seconds, totals] = await Promise.all([
      findLearningSeconds(this.db, userId, day),
      findLearningTotals(this.db, userId),
    ]);
    return { day, todaySeconds: Math.round(seconds), streak: streakOf(totals, day) };
  }
}
