import type { Kysely } from 'kysely';
import type { Engine } from '../../db/database.ts';
import { countRows, insertReturningIds } from '../../db/rows.ts';
import type { Database, NewEbookCategoryRow, NewEbookRow } from '../../db/schema.ts';
import { containsPattern, matchesPattern } from '../../db/text-match.ts';
import { publishedOn } from '../content/published.ts';

export interface EbookListFilter {
  siteKey: string;
  categoryId?: number | undefined;
  /** Matched anywhere in the title, author or publisher; LIKE wildcards in it are literal. */
  keyword?: string | undefined;
}

/** The published e-books of a site matching the filter, as a query to count or page. */
function filteredEbooks(db: Kysely<Database>, engine: Engine, filter: EbookListFilter) {
  let query = db.selectFrom('ebooks as e').where(publishedOn(filter.siteKey, 'e'));
  if (filter.categoryId !== undefined) query = query.where('e.category_id', '=', filter.categoryId);
  if (filter.keyword) {
    const pattern = containsPattern(filter.keyword);
    query = query.where(({ or }) =>
      or(
        ['e.title', 'e.author', 'e.publisher'].map((column) =>
          matchesPattern(engine, column, pattern),
        ),
      ),
    );
  }
  return query;
}

/** How many published e-books of the site match the filter. */
export function countEbooks(db: Kysely<Database>, engine: Engine, filter: EbookListFilter) {
  return countRows(filteredEbooks(db, engine, filter));
}

const SUMMARY_COLUMNS = [
  'e.id',
  'e.title',
  'e.cover',
  'e.author',
  'e.publisher',
  'e.category_id',
  'cat.name as category_name',
  'e.page_count',
] as const;

/** One page of the matching published e-books, newest first (ties by id, newest first). */
export function listEbookRows(
  db: Kysely<Database>,
  engine: Engine,
  filter: EbookListFilter & { limit: number; offset: number },
) {
  return filteredEbooks(db, engine, filter)
    .innerJoin('ebook_categories as cat', 'cat.id', 'e.category_id')
    .select(SUMMARY_COLUMNS)
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
}

export type EbookSummaryRow = Awaited<ReturnType<typeof listEbookRows>>[number];

/** The published e-books (`e`) of the site with their category, selecting a card's columns. */
function ebookCards(db: Kysely<Database>, siteKey: string) {
  return db
    .selectFrom('ebooks as e')
    .innerJoin('ebook_categories as cat', 'cat.id', 'e.category_id')
    .select(SUMMARY_COLUMNS)
    .where(publishedOn(siteKey, 'e'));
}

/** The published e-books of the site among `ids` (any order). */
export function listEbookRowsByIds(db: Kysely<Database>, siteKey: string, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return ebookCards(db, siteKey).where('e.id', 'in', ids).execute();
}

/** A published e-book of the site with its category name, or undefined. */
export function findEbookRow(db: Kysely<Database>, siteKey: string, id: number) {
  return ebookCards(db, siteKey)
    .select(['e.introduction', 'e.published_year', 'e.isbn', 'e.pdf_path', 'e.file_size'])
    .where('e.id', '=', id)
    .executeTakeFirst();
}

/** The published e-book `id` of the site, as a query (nothing selected yet). */
function publishedEbook(db: Kysely<Database>, siteKey: string, id: number) {
  return db.selectFrom('ebooks').where('id', '=', id).where(publishedOn(siteKey, 'ebooks'));
}

/** The page count of a published e-book of the site, or undefined. */
export async function findEbookPageCount(db: Kysely<Database>, siteKey: string, id: number) {
  const row = await publishedEbook(db, siteKey, id).select('page_count').executeTakeFirst();
  return row === undefined ? undefined : Number(row.page_count);
}

/** The title and page count of a published e-book of the site, or undefined. */
export function findEbookForReading(db: Kysely<Database>, siteKey: string, id: number) {
  return publishedEbook(db, siteKey, id).select(['title', 'page_count']).executeTakeFirst();
}

/** The learner's place in one book, or undefined before their first report. */
export function findReading(db: Kysely<Database>, userId: number, ebookId: number) {
  return db
    .selectFrom('ebook_reading')
    .select(['page', 'updated_at'])
    .where('user_id', '=', userId)
    .where('ebook_id', '=', ebookId)
    .executeTakeFirst();
}

/**
 * Stores the learner's page in a book: inserts the row on the first report, else replaces the
 * page (the `(user_id, ebook_id)` key makes concurrent first reports one row).
 */
export function upsertReading(
  db: Kysely<Database>,
  row: { user_id: number; ebook_id: number; page: number; now: number },
) {
  return db
    .insertInto('ebook_reading')
    .values({
      user_id: row.user_id,
      ebook_id: row.ebook_id,
      page: row.page,
      started_at: row.now,
      updated_at: row.now,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'ebook_id']).doUpdateSet({ page: row.page, updated_at: row.now }),
    )
    .execute();
}

/** The books the learner opened on a site that are still published, as a query. */
function myReadingQuery(db: Kysely<Database>, siteKey: string, userId: number) {
  return db
    .selectFrom('ebook_reading as r')
    .innerJoin('ebooks as e', 'e.id', 'r.ebook_id')
    .where('r.user_id', '=', userId)
    .where(publishedOn(siteKey, 'e'));
}

/** How many published books of the site the learner opened. */
export function countMyReading(db: Kysely<Database>, siteKey: string, userId: number) {
  return countRows(myReadingQuery(db, siteKey, userId));
}

/** One page of the books the learner opened on a site, the latest read first. */
export function listMyReadingRows(
  db: Kysely<Database>,
  siteKey: string,
  userId: number,
  limit: number,
  offset: number,
) {
  return myReadingQuery(db, siteKey, userId)
    .innerJoin('ebook_categories as cat', 'cat.id', 'e.category_id')
    .select([...SUMMARY_COLUMNS, 'r.page', 'r.updated_at'])
    .orderBy('r.updated_at', 'desc')
    .orderBy('r.ebook_id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export function insertEbookCategories(db: Kysely<Database>, rows: NewEbookCategoryRow[]) {
  return insertReturningIds(db, 'ebook_categories', rows);
}

/** Inserts e-books (at most a few hundred at once) and answers their ids in order. */
export function insertEbooks(db: Kysely<Database>, rows: NewEbookRow[]) {
  return insertReturningIds(db, 'ebooks', rows);
}

/** Every e-book of every site with what its PDF and cover are made from (the file writer). */
export function listEbookFileRows(db: Kysely<Database>) {
  return db
    .selectFrom('ebooks as e')
    .innerJoin('ebook_categories as cat', 'cat.id', 'e.category_id')
    .select([
      'e.id',
      'e.title',
      'e.author',
      'e.publisher',
      'e.published_year',
      'e.page_count',
      'e.cover',
      'e.pdf_path',
      'cat.name as category_name',
      'cat.sort as category_sort',
    ])
    .orderBy('e.id')
    .execute();
}
