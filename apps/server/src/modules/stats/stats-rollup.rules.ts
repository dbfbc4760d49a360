import { addDays, shanghaiMidnight } from '@portal/contract';
import { mondayOf, monthStart } from '../statistics/statistics.rules.ts';

/** A day, week (by its Monday) or month (`YYYY-MM`) the rollup computes, with its days. */
export interface RollupKey {
  /** Its mark: `day:2026-12-01`, `week:2026-11-30` or `month:2026-12`. */
  key: string;
  unit: 'day' | 'week' | 'month';
  /** The day (`YYYY-MM-DD`), the week's Monday or the month (`YYYY-MM`). */
  period: string;
  /** Its first and last days. */
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;

const dayKey = (day: string): RollupKey => ({
  key: `day:${day}`,
  unit: 'day',
  period: day,
  from: day,
  to: day,
});

const weekKey = (monday: string): RollupKey => ({
  key: `week:${monday}`,
  unit: 'week',
  period: monday,
  from: monday,
  to: addDays(monday, 6),
});

const monthKey = (first: string): RollupKey => ({
  key: `month:${first.slice(0, 7)}`,
  unit: 'month',
  period: first.slice(0, 7),
  from: first,
  to: addDays(monthStart(first, 1), -1),
});

/**
 * The days, weeks and months touching `first`…`last` (both included, `first` ≤ `last`), each
 * once: days oldest first, then weeks, then months.
 */
export function rollupKeys(first: string, last: string): RollupKey[] {
  const days: RollupKey[] = [];
  const weeks = new Map<string, RollupKey>();
  const months = new Map<string, RollupKey>();
  for (let day = first; day <= last; day = addDays(day, 1)) {
    days.push(dayKey(day));
    const monday = mondayOf(day);
    if (!weeks.has(monday)) weeks.set(monday, weekKey(monday));
    const month = monthStart(day, 0);
    if (!months.has(month)) months.set(month, monthKey(month));
  }
  return [...days, ...weeks.values(), ...months.values()];
}

/**
 * Whether a key computed at `computedAt` is final: computed on or after the second day after its
 * last (a day's grace for learning credited late, e.g. across midnight). Others are computed again.
 */
export function isFinal(key: RollupKey, computedAt: number | undefined): boolean {
  if (computedAt === undefined) return false;
  return computedAt >= (shanghaiMidnight(key.to) ?? 0) + 2 * DAY_MS;
}
