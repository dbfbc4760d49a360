/** The zod-free part of the statistics contract (the web imports it through `constants`). */

/**
 * The kinds of content the server credits learning time for: course lessons (video and
 * article) and live sessions (live or replay). E-book and article reading credit none yet.
 */
export const LEARNING_KINDS = ['course', 'live'] as const;
export type LearningKind = (typeof LEARNING_KINDS)[number];

/** What a learner calls each kind, in the chart's legend and the table's columns. */
export const LEARNING_KIND_LABELS: Readonly<Record<LearningKind, string>> = {
  course: '课程',
  live: '直播',
};

/**
 * The ranges of `/statistics`: the last 30 days by day, the last 12 weeks (Monday to Sunday)
 * by week, the last 12 months by month, all in Asia/Shanghai and ending with today's.
 */
export const STATISTICS_RANGES = ['30d', '12w', '12m'] as const;
export type StatisticsRange = (typeof STATISTICS_RANGES)[number];

export const STATISTICS_RANGE_LABELS: Readonly<Record<StatisticsRange, string>> = {
  '30d': '近30天',
  '12w': '近12周',
  '12m': '近12个月',
};
