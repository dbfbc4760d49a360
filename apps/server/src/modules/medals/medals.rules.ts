import type { MedalMetricValue } from '../../db/schema.ts';
import { dayKey } from '../study/study.rules.ts';

/** The metrics each side effect can move (what an award check recomputes after it). */
export const METRICS_OF_EFFECT: Readonly<Record<string, readonly MedalMetricValue[]>> = {
  'course.complete': ['courses_completed'],
  'activity.checkin': ['activities_attended'],
  'ebook.finish': ['books_finished'],
  'learning.credited': ['learning_hours', 'streak_days', 'live_watched'],
  'team_work.post': ['team_works'],
};

const DAY_MS = 86_400_000;

/** The calendar day before `day` (`YYYY-MM-DD`). */
function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
}

/**
 * The learner's current run of learning days in Asia/Shanghai: days in a row ending today, or
 * yesterday (today's learning may still come). `days` are distinct, latest first.
 */
export function currentStreak(days: readonly string[], now: number): number {
  const today = dayKey(now);
  const first = days[0];
  if (first === undefined || (first !== today && first !== dayBefore(today))) return 0;
  let streak = 1;
  for (let i = 1; i < days.length && days[i] === dayBefore(days[i - 1] as string); i += 1) {
    streak += 1;
  }
  return streak;
}

/** The longest run of consecutive days among `days` (distinct, latest first). */
export function longestStreak(days: readonly string[]): number {
  let best = 0;
  let run = 0;
  days.forEach((day, i) => {
    run = i > 0 && day === dayBefore(days[i - 1] as string) ? run + 1 : 1;
    best = Math.max(best, run);
  });
  return best;
}

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
