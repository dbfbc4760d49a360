import { type Insertable, type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from './schema.ts';

/** How many rows `query` (a FROM and WHERE, nothing selected yet) matches. */
export async function countRows<DB, TB extends keyof DB>(
  query: SelectQueryBuilder<DB, TB, object>,
): Promise<number> {
  const row = await query
    .select((eb) => eb.fn.countAll<number>().as('n'))
    // The selection's type is lost in the generic builder; it is exactly `n`.
    .$castTo<{ n: number | string }>()
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** True when `query` (a FROM and WHERE, nothing selected yet) matches at least one row. */
export async function hasRow<DB, TB extends keyof DB>(
  query: SelectQueryBuilder<DB, TB, object>,
): Promise<boolean> {
  const row = await query.select(sql<number>`1`.as('found')).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Inserts `rows` into `table` in one statement; nothing at all when there are none. */
export async function insertRows<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  rows: ReadonlyArray<Insertable<Database[T]>>,
): Promise<void> {
  if (rows.length > 0) await db.insertInto(table).values(rows).execute();
}

/** The tables whose rows get their `id` from the database. */
type TableWithId = {
  [T in keyof Database]: Database[T] extends { id: unknown } ? T : never;
}[keyof Database] &
  string;

/**
 * Inserts `rows` into `table` in one statement and answers their ids in the order of `rows`.
 * Both engines hand out the ids of one multi-row insert in the order of its values; sorting
 * makes that independent of the order `RETURNING` lists them in.
 */
export async function insertReturningIds<T extends TableWithId>(
  db: Kysely<Database>,
  table: T,
  rows: ReadonlyArray<Insertable<Database[T]>>,
): Promise<number[]> {
  if (rows.length === 0) return [];
  const returned = await db.insertInto(table).values(rows).returning('id').execute();
  return returned.map((row) => Number(row.id)).sort((a, b) => a - b);
}

/**
 * The rows `read` finds for `ids`, put in the order of `ids` (each id once, ids without a row
 * left out) and mapped to items: how one area hands its cards to another (topics, home).
 */
export async function readInIdOrder<Row extends { id: number }, Item>(
  ids: readonly number[],
  read: (ids: number[]) => Promise<Row[]>,
  toItems: (rows: Row[]) => Item[] | Promise<Item[]>,
): Promise<Item[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  const byId = new Map((await read(wanted)).map((row) => [Number(row.id), row]));
  return toItems(wanted.flatMap((id) => byId.get(id) ?? []));
}
