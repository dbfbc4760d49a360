import {
  ADJUSTMENT_RULE_KEY,
  addDays,
  LEARNING_KINDS,
  PARTICIPANT_KINDS,
  type StatsActive,
  type StatsLearning,
  type StatsLive,
  type StatsPoints,
  type StatsRangeQuery,
  type StatsRollup,
  type StatsSignups,
  type StatsSummary,
  type StatsTop,
  shanghaiDay,
  shanghaiMidnight,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Operator } from '../operators/operators.service.ts';
import { mondayOf } from '../statistics/statistics.rules.ts';
import {
  countLearners,
  itemSeats,
  joinedByDay,
  learningTotals,
  liveSessions,
  liveViewers,
  pointsByDay,
  pointsByRule,
  pointsTotals,
  rolledDays,
  rolledPeriods,
  ruleNames,
  type StatsRange,
  signupsMade,
  topActivities,
  topArticles,
  topCourses,
} from './stats.queries.ts';
import { firstLearningDay, readMarks } from './stats-rollup.queries.ts';
import { rollupKeys } from './stats-rollup.rules.ts';

const DAY_MS = 86_400_000;

/** The name of the ledger's corrections, which are no rule of the table. */
const ADJUSTMENT_NAME = '积分调整';

/** Whole minutes of seconds. */
const minutes = (seconds: number) => Math.floor(seconds / 60);

/** Every day of the range, oldest first. */
function daysOf(range: StatsRange): string[] {
  const days: string[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** Every value `key` gives the range's days, once each, oldest first. */
const periodsOf = (range: StatsRange, key: (day: string) => string) => [
  ...new Set(daysOf(range).map(key)),
];

/** A lookup of counted rows by their key, 0 for those without a row. */
function lookup<T>(rows: readonly T[], key: (row: T) => string, value: (row: T) => number) {
  const found = new Map(rows.map((row) => [key(row), value(row)]));
  return (wanted: string) => found.get(wanted) ?? 0;
}

/**
 * The dashboard of a site (数据统计): the figures of a range of Asia/Shanghai days, for the
 * operators of that site. Totals over the range are computed by the database over indexes
 * (nothing reads every row into the server); the series by day, week and month are read from
 * the rollups the job 统计汇总 keeps ({@link StatsRollup}), with the time they were computed.
 * Learners are the site's (`site_learners`); learning time is theirs, as the credit files it
 * by day.
 */
export class StatsDesk {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The rollups' state for the range: when its latest computed day was computed, and how many of
   * its days, weeks and months that can hold learning (from the first day anyone learned to
   * today) are not computed yet.
   */
  private async rollupOf(range: StatsRange): Promise<StatsRollup> {
    const [first, today] = [await firstLearningDay(this.db), shanghaiDay(this.now())];
    const from = first !== null && first > range.from ? first : range.from;
    const to = range.to < today ? range.to : today;
    if (first === null || from > to) return { updatedAt: null, pending: 0 };
    const keys = rollupKeys(from, to);
    const marks = await readMarks(
      this.db,
      keys.map((key) => key.key),
    );
    const latest = keys.filter((key) => key.unit === 'day' && marks.has(key.key)).at(-1);
    const computedAt = latest === undefined ? undefined : marks.get(latest.key);
    return {
      updatedAt: computedAt === undefined ? null : new Date(computedAt).toISOString(),
      pending: keys.filter((key) => !marks.has(key.key)).length,
    };
  }

  /** The range as the queries take it (the contract checked the days). */
  private rangeOf(operator: Operator, query: StatsRangeQuery): StatsRange {
    const start = shanghaiMidnight(query.from) ?? 0;
    const end = (shanghaiMidnight(query.to) ?? 0) + DAY_MS;
    return { siteKey: operator.siteKey, from: query.from, to: query.to, start, end };
  }

  async summary(operator: Operator, query: StatsRangeQuery): Promise<StatsSummary> {
    const range = this.rangeOf(operator, query);
    const [learners, learning, signups, points] = await Promise.all([
      countLearners(this.db, range),
      learningTotals(this.db, range),
      Promise.all(PARTICIPANT_KINDS.map((kind) => signupsMade(this.db, range, kind))),
      pointsTotals(this.db, range),
    ]);
    return {
      learners: learners.learners,
      newLearners: learners.joined,
      activeLearners: learning.learners,
      learningMinutes: minutes(learning.seconds),
      signups: signups.reduce((sum, count) => sum + count, 0),
      pointsIssued: points.issued,
    };
  }

  async active(operator: Operator, query: StatsRangeQuery): Promise<StatsActive> {
    const range = this.rangeOf(operator, query);
    const weeks = periodsOf(range, mondayOf);
    const months = periodsOf(range, (day) => day.slice(0, 7));
    const [days, joined, weekly, monthly, rollup] = await Promise.all([
      rolledDays(this.db, range),
      joinedByDay(this.db, range),
      rolledPeriods(this.db, range.siteKey, 'week', weeks),
      rolledPeriods(this.db, range.siteKey, 'month', months),
      this.rollupOf(range),
    ]);
    const activeOn = lookup(
      days.filter((row) => row.kind === 'all'),
      (row) => row.day,
      (row) => row.learners,
    );
    const joinedOn = lookup(
      joined,
      (row) => row.day,
      (row) => row.joined,
    );
    const inPeriod = lookup(
      [...weekly, ...monthly],
      (row) => row.period,
      (row) => row.learners,
    );
    return {
      daily: daysOf(range).map((day) => ({ day, active: activeOn(day), joined: joinedOn(day) })),
      weekly: weeks.map((week) => ({ week, active: inPeriod(week) })),
      monthly: months.map((month) => ({ month, active: inPeriod(month) })),
      rollup,
    };
  }

  async learning(operator: Operator, query: StatsRangeQuery): Promise<StatsLearning> {
    const range = this.rangeOf(operator, query);
    const [days, rollup] = await Promise.all([rolledDays(this.db, range), this.rollupOf(range)]);
    const sum = (kind: string, value: (row: (typeof days)[number]) => number) =>
      days.filter((row) => row.kind === kind).reduce((total, row) => total + value(row), 0);
    const secondsOn = lookup(
      days.filter((row) => row.kind === 'all'),
      (row) => row.day,
      (row) => row.seconds,
    );
    return {
      byKind: LEARNING_KINDS.map((kind) => ({
        kind,
        minutes: minutes(sum(kind, (row) => row.seconds)),
        learnerDays: sum(kind, (row) => row.learners),
      })),
      daily: daysOf(range).map((day) => ({ day, minutes: minutes(secondsOn(day)) })),
      rollup,
    };
  }

  async signups(operator: Operator, query: StatsRangeQuery): Promise<StatsSignups> {
    const range = this.rangeOf(operator, query);
    const byKind = await Promise.all(
      PARTICIPANT_KINDS.map(async (kind) => {
        const [seats, signups] = await Promise.all([
          itemSeats(this.db, range, kind),
          signupsMade(this.db, range, kind),
        ]);
        const fillRate =
          seats.capacity === null || seats.capacity === 0
            ? null
            : Math.round((seats.taken / seats.capacity) * 1000) / 1000;
        return { kind, ...seats, fillRate, signups };
      }),
    );
    return { byKind };
  }

  async top(operator: Operator, query: StatsRangeQuery): Promise<StatsTop> {
    const range = this.rangeOf(operator, query);
    const [courses, activities, articles] = await Promise.all([
      topCourses(this.db, range),
      topActivities(this.db, range),
      topArticles(this.db, range),
    ]);
    return { courses, activities, articles };
  }

  async live(operator: Operator, query: StatsRangeQuery): Promise<StatsLive> {
    const range = this.rangeOf(operator, query);
    const [sessions, viewers] = await Promise.all([
      liveSessions(this.db, range),
      liveViewers(this.db, range),
    ]);
    return { viewers, sessions };
  }

  async points(operator: Operator, query: StatsRangeQuery): Promise<StatsPoints> {
    const range = this.rangeOf(operator, query);
    const [totals, rules, days, names] = await Promise.all([
      pointsTotals(this.db, range),
      pointsByRule(this.db, range),
      pointsByDay(this.db, range),
      ruleNames(this.db),
    ]);
    const pointsOn = lookup(
      days,
      (row) => row.day,
      (row) => row.points,
    );
    return {
      ...totals,
      byRule: rules.map((row) => ({
        ...row,
        name:
          names.get(row.ruleKey) ??
          (row.ruleKey === ADJUSTMENT_RULE_KEY ? ADJUSTMENT_NAME : row.ruleKey),
      })),
      daily: daysOf(range).map((day) => ({ day, points: pointsOn(day) })),
    };
  }
}
