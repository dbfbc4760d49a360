import { sql } from 'kysely';
import { dayKey } from '../../src/modules/study/study.rules.ts';

// What the bench's fills share.

export const DAY_MS = 86_400_000;
/** Rows a bulk insert takes at most (SQLite allows 32,766 parameters a statement). */
export const CHUNK = 500;

/** Runs `insert` on `rows` a chunk of {@link CHUNK} at a time, in order. */
export async function chunked<T>(
  rows: readonly T[],
  insert: (chunk: T[]) => Promise<unknown>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/**
 * `count` Asia/Shanghai days, oldest first, `step` days apart, the first `fromDays` before
 * `now`; each with a time at noon of that day.
 */
export function daysBefore(
  now: number,
  fromDays: number,
  count: number,
  step = 1,
): Array<{ day: string; at: number }> {
  return Array.from({ length: count }, (_, n) => {
    const at = now - (fromDays - n * step) * DAY_MS;
    return { day: dayKey(at), at };
  });
}

/** `[lo, hi]` id ranges of `size` consecutive ids of `ids` (sorted ascending), for set-based inserts. */
export function idRanges(ids: readonly number[], size: number): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (let i = 0; i < ids.length; i += size) {
    const slice = ids.slice(i, i + size);
    ranges.push([slice[0] as number, slice[slice.length - 1] as number]);
  }
  return ranges;
}

/**
 * A number as a typed value of a `VALUES` list: PostgreSQL takes an untyped parameter there for
 * text, and would then refuse it for a number column.
 */
export const int = (value: number) => sql`CAST(${value} AS INTEGER)`;
/** A time (epoch ms), or null, as a typed value of a `VALUES` list (see {@link int}). */
export const bigint = (value: number | null) => sql`CAST(${value} AS BIGINT)`;
