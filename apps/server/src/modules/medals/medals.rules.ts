import type { MedalMetricValue } from '../../db/schema.ts';

/** The metrics each side effect can move (what an award check recomputes after it). */
export const METRICS_OF_EFFECT: Readonly<Record<string, readonly MedalMetricValue[]>> = {
  'course.complete': ['courses_completed'],
  'activity.checkin': ['activities_attended'],
  'ebook.finish': ['books_finished'],
  'learning.credited': ['learning_hours', 'streak_days', 'live_watched'],
  'team_work.post': ['team_works'],
};

/** Whole hours of learning (a medal for 10 hours needs 10 full hours). */
export const wholeHours = (seconds: number) => Math.floor(seconds / 3600);

/** Hours to the tenth, as a certificate states them. */
export const tenthHours = (seconds: number) => Math.round(seconds / 360) / 10;

/**
 * A holder's name as a public verification shows it: a quarter of it (at least one character)
 * kept at each end, the rest masked: 王*兰, 李*, 13*******01; one character shows as `*`.
 */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length <= 1) return '*';
  if (chars.length === 2) return `${chars[0]}*`;
  const keep = Math.max(1, Math.floor(chars.length / 4));
  const head = chars.slice(0, keep).join('');
  const tail = chars.slice(-keep).join('');
  return `${head}${'*'.repeat(chars.length - 2 * keep)}${tail}`;
}
