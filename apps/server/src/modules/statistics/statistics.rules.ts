import {
  LEARNING_KINDS,
  type LearningKind,
  type SecondsByKind,
  type StatisticsBucket,
  type StatisticsRange,
} from '@portal/contract';

const DAY_MS = 86_400_000;

/** The date `days` after `day` (`YYYY-MM-DD`, a calendar date: no time zone involved). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Monday of the week (Monday to Sunday) of `day`. */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** The first day of the month `months` after `day`'s. */
export function monthStart(day: string, months: number): string {
  const date = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().slice(0, 10);
}

/** A bucket's days, first and last. */
export interface Span {
  start: string;
  end: string;
}

/**
 * The buckets of `range` ending with the one that holds `today`, oldest first: 30 days, 12
 * weeks (Monday to Sunday) or 12 calendar months. The last bucket runs to its own end (the
 * rest of this week or month, still empty).
 */
export function spansOf(range: StatisticsRange, today: string): Span[] {
  if (range === '30d') {
    const first = Date.parse(`${addDays(today, -29)}T00:00:00Z`);
    return Array.from({ length: 30 }, (_, i) => {
      const day = new Date(first + i * DAY_MS).toISOString().slice(0, 10);
      return { start: day, end: day };
    });
  }
  if (range === '12w') {
    const monday = mondayOf(today);
    return Array.from({ length: 12 }, (_, i) => {
      const start = addDays(monday, (i - 11) * 7);
      return { start, end: addDays(start, 6) };
    });
  }
  return Array.from({ length: 12 }, (_, i) => {
    const start = monthStart(today, i - 11);
    return { start, end: addDays(monthStart(start, 1), -1) };
  });
}

/** A learner's learning time on one day for one kind. */
export interface DayTime {
  day: string;
  kind: LearningKind;
  seconds: number;
}

function noSeconds(): SecondsByKind {
  const seconds = {} as SecondsByKind;
  for (const kind of LEARNING_KINDS) seconds[kind] = 0;
  return seconds;
}

/** Whole seconds, as the learner sees them (reports credit tenths). */
const whole = (seconds: number) => Math.round(seconds);

/** The span of `spans` (in order, not overlapping) that holds `day`, by bisection. */
function bucketOf<T extends Span>(spans: readonly T[], day: string): T | undefined {
  let [low, high] = [0, spans.length - 1];
  while (low <= high) {
    const middle = (low + high) >> 1;
    const span = spans[middle] as T;
    if (day < span.start) high = middle - 1;
    else if (day > span.end) low = middle + 1;
    else return span;
  }
  return undefined;
}

/** Adds up `days` into `spans` (each day in the one span that holds it), per kind. */
export function fillBuckets(spans: readonly Span[], days: readonly DayTime[]): StatisticsBucket[] {
  const buckets = spans.map((span) => ({
    start: span.start,
    end: span.end,
    seconds: noSeconds(),
    total: 0,
  }));
  for (const { day, kind, seconds } of days) {
    const bucket = bucketOf(buckets, day);
    if (bucket) bucket.seconds[kind] += seconds;
  }
  for (const bucket of buckets) {
    for (const kind of LEARNING_KINDS) bucket.seconds[kind] = whole(bucket.seconds[kind]);
    bucket.total = LEARNING_KINDS.reduce((sum, kind) => sum + bucket.seconds[kind], 0);
  }
  return buckets;
}
