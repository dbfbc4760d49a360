import type { Statistics, StatisticsQuery, StatisticsSummary, Streak } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Engine } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { findLearningSeconds } from '../study/study.queries.ts';
import { dayKey } from '../study/study.rules.ts';
import {
  countCompletedCourses,
  findStreaks,
  findTotals,
  listDayTimes,
} from './statistics.queries.ts';
import { addDays, fillBuckets, spansOf } from './statistics.rules.ts';

/**
 * A learner's learning statistics: time per day, week or month split by kind of content,
 * totals and streaks, all on Asia/Shanghai days (as the learning-time credit files them).
 */
export class StatisticsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
    private readonly now: () => number = () => Date.now(),
  ) {}

  private streak(userId: number, today: string): Promise<Streak> {
    return findStreaks(this.db, this.engine, userId, addDays(today, -1));
  }

  /** The chart of `range` (its buckets, oldest first), the all-time totals and the streaks. */
  async statistics(userId: number, { range }: StatisticsQuery): Promise<Statistics> {
    const today = dayKey(this.now());
    const spans = spansOf(range, today);
    const first = spans[0]?.start ?? today;
    const last = spans.at(-1)?.end ?? today;
    const [days, totals, coursesCompleted, streak] = await Promise.all([
      listDayTimes(this.db, userId, first, last),
      findTotals(this.db, userId),
      countCompletedCourses(this.db, userId),
      this.streak(userId, today),
    ]);
    return {
      range,
      today,
      buckets: fillBuckets(spans, days),
      totals: { seconds: Math.round(totals.seconds), days: totals.days, coursesCompleted },
      streak,
    };
  }

  /** What 我的 shows: today's learning time and the streaks. */
  async summary(userId: number): Promise<StatisticsSummary> {
    const day = dayKey(this.now());
    const [seconds, streak] = await Promise.all([
      findLearningSeconds(this.db, userId, day),
      this.streak(userId, day),
    ]);
    return { day, todaySeconds: Math.round(seconds), streak };
  }
}
