import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Random } from './random.ts';

/** Helpers every area's seed shares: the context, the demo accounts, time and sampling. */

export const DEMO_PASSWORD = 'Demo@2026';
export const DEMO_LEARNERS = [
  { username: '13800000001', nickname: '王秀兰' },
  { username: '13800000002', nickname: '李建国' },
] as const;

export interface SeedContext {
  db: Kysely<Database>;
  random: Random;
  /** 1 for the demo; larger fills the database for benchmarks. */
  scale: number;
  now: number;
}

const CHUNK = 500;

/** Inserts rows in chunks that stay under both engines' limits on bound parameters. */
export async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
/** China Standard Time (Asia/Shanghai, no daylight saving) is UTC+8. */
export const CHINA_OFFSET = 8 * HOUR;

/** Midnight (China time) of the day `offset` days from `now`'s day, plus `hour:minute`. */
export function localDay(now: number, offset: number, hour = 0, minute = 0): number {
  const midnight = Math.floor((now + CHINA_OFFSET) / DAY) * DAY - CHINA_OFFSET;
  return midnight + offset * DAY + hour * HOUR + minute * MINUTE;
}

/**
 * `count` distinct items of `items` in random order (all of them when there are fewer), picking
 * indices when `count` is small against the list.
 */
export function sample<T>(random: Random, items: readonly T[], count: number): T[] {
  if (count * 4 < items.length) {
    const picked = new Set<number>();
    while (picked.size < count) picked.add(random.int(0, items.length - 1));
    return [...picked].map((i) => items[i] as T);
  }
  const pool = [...items];
  const picked: T[] = [];
  while (picked.length < count && pool.length > 0) {
    const i = random.int(0, pool.length - 1);
    picked.push(pool[i] as T);
    pool[i] = pool[pool.length - 1] as T;
    pool.pop();
  }
  return picked;
}
