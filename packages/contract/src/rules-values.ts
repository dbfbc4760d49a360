/* The points and medal rules' limits, zod-free (the console takes them from `@portal/contract/constants`). */
import { namedValues } from './named-values.ts';

/** The most points one unit of a deed may earn. */
export const POINTS_PER_UNIT_MAX = 100;
/** The most units of one deed a day counts (minutes of learning included). */
export const POINTS_DAILY_CAP_MAX = 600;
/** The most points one rule may give a learner in a day (points per unit × daily cap). */
export const RULE_DAILY_POINTS_MAX = 200;
/** The most points every active rule together may give a learner in a day. */
export const DAILY_POINTS_MAX = 600;
/** The longest name of a rule or a medal. */
export const RULE_NAME_MAX = 12;
/** The longest description of a medal. */
export const MEDAL_DESCRIPTION_MAX = 40;

/**
 * What a medal counts, with its unit and the largest threshold that makes sense (a medal no
 * learner could ever reach is a mistake, not a goal).
 */
export const [MEDAL_METRIC_KEYS, MEDAL_METRIC_NAMES] = namedValues([
  ['courses_completed', '完成课程'],
  ['streak_days', '连续学习天数'],
  ['learning_hours', '累计学习小时'],
  ['activities_attended', '参加活动'],
  ['books_finished', '读完电子书'],
  ['live_watched', '观看直播'],
  ['team_works', '团队作品'],
]);
export const MEDAL_METRIC_UNITS: Readonly<Record<(typeof MEDAL_METRIC_KEYS)[number], string>> = {
  courses_completed: '门',
  streak_days: '天',
  learning_hours: '小时',
  activities_attended: '次',
  books_finished: '本',
  live_watched: '场',
  team_works: '件',
};
export const MEDAL_THRESHOLD_MAX: Readonly<Record<(typeof MEDAL_METRIC_KEYS)[number], number>> = {
  courses_completed: 500,
  streak_days: 3650,
  learning_hours: 10_000,
  activities_attended: 1000,
  books_finished: 1000,
  live_watched: 1000,
  team_works: 1000,
};

/** The numbers a medal's description names (`完成 5 门课程` → [5]). */
export function numbersIn(text: string): number[] {
  return [...text.matchAll(/\d+/g)].map((match) => Number(match[0]));
}
