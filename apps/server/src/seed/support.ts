import type { Kysely } from 'kysely';
import type { Engine } from '../db/database.ts';
import type { Database, NewUserRow } from '../db/schema.ts';
import { hashPassword } from '../modules/account/password.ts';
import { publishedOn } from '../modules/content/published.ts';
import type { Random } from './random.ts';

/** Helpers every area's seed shares: the context, the accounts, sites, time and sampling. */

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
  /** The engine under `db`, for the few steps that write engine-specific SQL. */
  engine: Engine;
}

/** A seeded site, in the order of its `sort`. */
export interface SeededSite {
  key: string;
  name: string;
}

/** The sites seeded so far, in their order. */
export function seededSites(db: Kysely<Database>): Promise<SeededSite[]> {
  return db.selectFrom('sites').select(['key', 'name']).orderBy('sort').execute();
}

/** A site's short district name: `静安` for 静安学习网. */
export const districtName = (site: SeededSite) => site.name.replace(/学习网$/, '');

/** The user row of an account that signs in with {@link DEMO_PASSWORD} (its own salt). */
export async function demoAccount(
  account: { username: string; nickname: string },
  now: number,
): Promise<NewUserRow> {
  return {
    ...account,
    password_hash: await hashPassword(DEMO_PASSWORD),
    avatar: null,
    created_at: now,
  };
}

/** A learner who can sign up for something: the form's name and phone come from the account. */
export interface Learner {
  id: number;
  username: string;
  nickname: string;
}

/** The seeded learners in id order: the demo learners, and the generated ones (never `except`). */
export async function learnersOf(
  db: Kysely<Database>,
  except?: number,
): Promise<{ demo: Learner[]; generated: Learner[] }> {
  const users = await db
    .selectFrom('users')
    .select(['id', 'username', 'nickname'])
    .$if(except !== undefined, (query) => query.where('id', '!=', except as number))
    .orderBy('id')
    .execute();
  const demoNames = new Set<string>(DEMO_LEARNERS.map((learner) => learner.username));
  return {
    demo: users.filter((user) => demoNames.has(user.username)),
    generated: users.filter((user) => !demoNames.has(user.username)),
  };
}

/** The ids of the site's first `limit` published rows of a content table, in id order. */
export async function publishedIds(
  db: Kysely<Database>,
  table: 'courses' | 'classes' | 'activities' | 'ebooks',
  siteKey: string,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom(table)
    .select('id')
    .where(publishedOn(siteKey, table))
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

const CHUNK = 500;

/** Inserts rows in chunks that stay under both engines' limits on bound parameters. */
export async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/** {@link insertChunked} for an insert `returning('id')`: answers the ids in the rows' order. */
export async function insertReturningIds<T>(
  rows: T[],
  insert: (chunk: T[]) => Promise<Array<{ id: number }>>,
): Promise<number[]> {
  const ids: number[] = [];
  await insertChunked(rows, async (chunk) => {
    ids.push(...(await insert(chunk)).map((row) => row.id));
  });
  return ids;
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

/** All of `items` in random order (Fisher-Yates on a copy). */
export function shuffled<T>(random: Random, items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = random.int(0, i);
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/** The rows of a site's categories, numbered from 1 in the order of `specs`. */
export const categoryRows = (siteKey: string, specs: ReadonlyArray<{ name: string }>) =>
  specs.map((spec, i) => ({ site_key: siteKey, name: spec.name, sort: i + 1 }));
