import type {
  StatsActive,
  StatsLearning,
  StatsLive,
  StatsPoints,
  StatsRangeQuery,
  StatsSignups,
  StatsSummary,
  StatsTop,
} from '@portal/contract';
import { get } from '@/api/client.ts';

/** The query keys of the dashboard: all start with `stats`, so one refresh takes them all. */
export const statsKeys = {
  all: ['stats'] as const,
  summary: (range: StatsRangeQuery) => ['stats', 'summary', range] as const,
  active: (range: StatsRangeQuery) => ['stats', 'active', range] as const,
  learning: (range: StatsRangeQuery) => ['stats', 'learning', range] as const,
  signups: (range: StatsRangeQuery) => ['stats', 'signups', range] as const,
  top: (range: StatsRangeQuery) => ['stats', 'top', range] as const,
  live: (range: StatsRangeQuery) => ['stats', 'live', range] as const,
  points: (range: StatsRangeQuery) => ['stats', 'points', range] as const,
};

// Only the two days go out (a caller's wider object is not copied into the address).
const days = ({ from, to }: StatsRangeQuery) => ({ from, to });

/** The range's headline figures: learners, new and active ones, minutes, sign-ups, points. */
export const getStatsSummary = (range: StatsRangeQuery) =>
  get<StatsSummary>('/api/admin/stats/summary', days(range));

/** Learners who learned, by day, week and month, and those who first came, by day. */
export const getStatsActive = (range: StatsRangeQuery) =>
  get<StatsActive>('/api/admin/stats/active', days(range));

/** Learning minutes by kind of content and by day. */
export const getStatsLearning = (range: StatsRangeQuery) =>
  get<StatsLearning>('/api/admin/stats/learning', days(range));

/** Per kind of item: the items held, their seats, those taken and the sign-ups made. */
export const getStatsSignups = (range: StatsRangeQuery) =>
  get<StatsSignups>('/api/admin/stats/signups', days(range));

/** The most taken courses, activities and articles. */
export const getStatsTop = (range: StatsRangeQuery) =>
  get<StatsTop>('/api/admin/stats/top', days(range));

/** The live sessions starting in the range and who watched them. */
export const getStatsLive = (range: StatsRangeQuery) =>
  get<StatsLive>('/api/admin/stats/live', days(range));

/** Points given and taken, by rule and by day. */
export const getStatsPoints = (range: StatsRangeQuery) =>
  get<StatsPoints>('/api/admin/stats/points', days(range));
