import type { ContentType } from '@portal/contract';
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import { compiledCount, compiledOnce, perShape } from '../../db/compiled.ts';
import { hasRow } from '../../db/rows.ts';
import type { Database } from '../../db/schema.ts';
import { CONTENT_KIND_TYPES, contentVisible } from '../content/content-kinds.ts';

export interface OwnerFilter {
  userId: number;
  siteKey: string;
  /** One kind only; all kinds when missing. */
  contentType?: ContentType | undefined;
}

export interface PageFilter extends OwnerFilter {
  limit: number;
  offset: number;
}

/** One entry of a learner's saved list (favourites or history): whose, where and what. */
export interface SavedEntry {
  userId: number;
  siteKey: string;
  contentType: ContentType;
  contentId: number;
}

/** The row of `entry` in `favourites` or `history` (both keyed by learner, type and id). */
function isEntry(entry: SavedEntry): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.ref('user_id')} = ${entry.userId} and ${sql.ref('content_type')} = ${
    entry.contentType
  } and ${sql.ref('content_id')} = ${entry.contentId} and ${sql.ref('site_key')} = ${entry.siteKey})`;
}

/**
 * True for a row of `table` whose content is visible on the site, by the registry's rule of
 * its type; rows of unpublished or deleted content stay stored but drop out of the lists.
 */
function visibleRow(table: SavedTable, siteKey: string, types: readonly ContentType[]) {
  const parts = types.map(
    (type) =>
      sql<SqlBool>`(${sql.ref(`${table}.content_type`)} = ${type} and ${contentVisible(
        type,
        siteKey,
        sql.ref<number>(`${table}.content_id`),
      )})`,
  );
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

const typesOf = (filter: OwnerFilter) =>
  filter.contentType ? [filter.contentType] : CONTENT_KIND_TYPES;

/** The learner's saved lists: favourites and viewing history share their shape. */
export type SavedTable = 'favourites' | 'history';

/** The column each saved list is ordered by: when it was added, or viewed last. */
const SAVED_AT = { favourites: 'created_at', history: 'viewed_at' } as const;

/** The learner's visible rows of a saved list on the site. */
function savedRows(db: Kysely<Database>, table: SavedTable, filter: OwnerFilter) {
  return db
    .selectFrom(table)
    .where('user_id', '=', filter.userId)
    .where('site_key', '=', filter.siteKey)
    .where(visibleRow(table, filter.siteKey, typesOf(filter)));
}

/** True when the content exists, is published and belongs to the site. */
export async function isVisible(
  db: Kysely<Database>,
  siteKey: string,
  contentType: ContentType,
  contentId: number,
) {
  const row = await db
    .selectNoFrom(contentVisible(contentType, siteKey, sql.val(contentId)).as('ok'))
    .executeTakeFirst();
  return Boolean(Number(row?.ok ?? 0));
}

/**
 * Adds a favourite unless it is there: `ON CONFLICT DO NOTHING` on the primary key, so any
 * number of concurrent adds leave exactly one row and none of them fails.
 */
export function insertFavourite(db: Kysely<Database>, row: SavedEntry & { now: number }) {
  return db
    .insertInto('favourites')
    .values({
      user_id: row.userId,
      content_type: row.contentType,
      content_id: row.contentId,
      site_key: row.siteKey,
      created_at: row.now,
    })
    .onConflict((oc) => oc.columns(['user_id', 'content_type', 'content_id']).doNothing())
    .execute();
}

/** True when the learner has favourited the content on the site. */
export function hasFavourite(db: Kysely<Database>, key: SavedEntry) {
  return hasRow(db.selectFrom('favourites').where(isEntry(key)));
}

/**
 * Records a view: inserts the row or, when the learner viewed it before, moves it to `now` and
 * counts the view, in one upsert on the primary key (safe however many views race).
 */
export function upsertView(db: Kysely<Database>, row: SavedEntry & { now: number }) {
  return db
    .insertInto('history')
    .values({
      user_id: row.userId,
      content_type: row.contentType,
      content_id: row.contentId,
      site_key: row.siteKey,
      viewed_at: row.now,
      view_count: 1,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'content_type', 'content_id']).doUpdateSet((eb) => ({
        // Never backwards, should two views race with clocks a millisecond apart.
        viewed_at: sql<number>`case when ${eb.ref('history.viewed_at')} > ${row.now}
          then ${eb.ref('history.viewed_at')} else ${row.now} end`,
        view_count: eb('history.view_count', '+', 1),
        site_key: row.siteKey,
      })),
    )
    .returning(['viewed_at', 'view_count'])
    .executeTakeFirstOrThrow();
}

/** The shape of a saved list's queries: its table and the one kind asked for, if any. */
type SavedShape = `${SavedTable}:${ContentType | ''}`;

const shapeOf = (table: SavedTable, filter: OwnerFilter): SavedShape =>
  `${table}:${filter.contentType ?? ''}`;

/** What a shape stands for, to build its queries. */
function unshape(shape: SavedShape): { table: SavedTable; contentType: ContentType | undefined } {
  const [table, type] = shape.split(':') as [SavedTable, ContentType | ''];
  return { table, contentType: type === '' ? undefined : type };
}

/** Each shape's page query, compiled once (a list with every kind's visibility is costly to build). */
const savedRowsQuery = perShape((shape: SavedShape) => {
  const { table, contentType } = unshape(shape);
  const savedAt = sql.ref<number>(`${table}.${SAVED_AT[table]}`);
  return compiledOnce((db, userId: number, siteKey: string, limit: number, offset: number) =>
    savedRows(db, table, { userId, siteKey, contentType })
      .select(['content_type', 'content_id', savedAt.as('saved_at')])
      .$if(table === 'history', (query) =>
        query.select(sql.ref<number>('view_count').as('view_count')),
      )
      .orderBy(savedAt, 'desc')
      .orderBy('content_type')
      .orderBy('content_id', 'desc')
      .limit(limit)
      .offset(offset),
  );
});

/**
 * One page of the learner's visible saved list on the site, latest first: favourites by when
 * they were added, history by the latest view (with its count).
 */
export function listSavedRows(db: Kysely<Database>, table: SavedTable, filter: PageFilter) {
  const query = savedRowsQuery(shapeOf(table, filter));
  return query(db, filter.userId, filter.siteKey, filter.limit, filter.offset);
}

const countSavedQuery = perShape((shape: SavedShape) => {
  const { table, contentType } = unshape(shape);
  return compiledCount((db, userId: number, siteKey: string) =>
    savedRows(db, table, { userId, siteKey, contentType }),
  );
});

/** How many visible entries the learner's saved list has on the site. */
export function countSavedRows(db: Kysely<Database>, table: SavedTable, filter: OwnerFilter) {
  return countSavedQuery(shapeOf(table, filter))(db, filter.userId, filter.siteKey);
}

/** Deletes one entry of the learner's list on the site; answers how many rows went (0 or 1). */
export async function deleteSaved(db: Kysely<Database>, table: SavedTable, key: SavedEntry) {
  const result = await db.deleteFrom(table).where(isEntry(key)).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes the learner's whole list on the site (hidden entries too); answers how many. */
export async function deleteAllSaved(
  db: Kysely<Database>,
  table: SavedTable,
  userId: number,
  siteKey: string,
) {
  const result = await db
    .deleteFrom(table)
    .where('user_id', '=', userId)
    .where('site_key', '=', siteKey)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
