/**
 * The zod-free rules of the live timetable (自主选课) and the learner's schedule (我的日程), shared
 * by the server and the web app: days are Asia/Shanghai dates, and two sessions clash when their
 * times overlap.
 */

/** The timetable covers at most this many days (today and the 13 after it). */
export const TIMETABLE_MAX_DAYS = 14;

const DAY_MS = 86_400_000;
/** China Standard Time (Asia/Shanghai, no daylight saving) is UTC+8. */
const CHINA_OFFSET_MS = 8 * 3_600_000;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

const ms = (time: number | string) => (typeof time === 'number' ? time : Date.parse(time));

/** The Asia/Shanghai date (`YYYY-MM-DD`) of a time (epoch ms or ISO 8601). */
export function shanghaiDay(time: number | string): string {
  return new Date(ms(time) + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

/** Midnight of a `YYYY-MM-DD` date in Asia/Shanghai, in epoch ms; null for no such date. */
export function shanghaiMidnight(day: string): number | null {
  const match = DAY_PATTERN.exec(day);
  if (!match) return null;
  const utc = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  // Date.UTC rolls 02-30 over to March: a real date reads back the same.
  if (Number.isNaN(utc) || new Date(utc).toISOString().slice(0, 10) !== day) return null;
  return utc - CHINA_OFFSET_MS;
}

/** The date `count` days after a valid `YYYY-MM-DD` date (before it when negative). */
export function addDays(day: string, count: number): string {
  const midnight = shanghaiMidnight(day);
  if (midnight === null) throw new RangeError(`Not a date: ${day}`);
  return shanghaiDay(midnight + count * DAY_MS);
}

/** Something on a schedule: its id and when it starts and ends (epoch ms or ISO 8601). */
export interface TimeSpan {
  id: number;
  startsAt: number | string;
  endsAt: number | string;
}

/** True when two spans share some time; one ending as the other starts does not clash. */
export function overlaps(a: TimeSpan, b: TimeSpan): boolean {
  return ms(a.startsAt) < ms(b.endsAt) && ms(b.startsAt) < ms(a.endsAt);
}

/**
 * The clashes among `spans` (时间冲突): for each span that overlaps another, the others it
 * overlaps, by start time. Spans that clash with nothing are not in the map.
 */
export function clashesOf<T extends TimeSpan>(spans: readonly T[]): Map<number, T[]> {
  const sorted = [...spans].sort((a, b) => ms(a.startsAt) - ms(b.startsAt) || a.id - b.id);
  const clashes = new Map<number, T[]>();
  const add = (span: T, other: T) => {
    const list = clashes.get(span.id) ?? [];
    list.push(other);
    clashes.set(span.id, list);
  };
  for (let i = 0; i < sorted.length; i += 1) {
    const span = sorted[i] as T;
    for (let j = i + 1; j < sorted.length; j += 1) {
      const other = sorted[j] as T;
      // Sorted by start: once one starts after this ends, none later overlaps it.
      if (ms(other.startsAt) >= ms(span.endsAt)) break;
      if (other.id === span.id || !overlaps(span, other)) continue;
      add(span, other);
      add(other, span);
    }
  }
  for (const list of clashes.values()) {
    list.sort((a, b) => ms(a.startsAt) - ms(b.startsAt) || a.id - b.id);
  }
  return clashes;
}

/** The spans of `picked` that `candidate` would clash with if it were picked too. */
export function clashesWith<T extends TimeSpan>(candidate: TimeSpan, picked: readonly T[]): T[] {
  return picked.filter((span) => span.id !== candidate.id && overlaps(candidate, span));
}
