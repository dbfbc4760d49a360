import type { ArticleKind } from '@portal/contract';
import { type Kysely, sql } from 'kysely';
import { countRows, insertReturningIds } from '../../db/rows.ts';
import type { Database, NewArticleChannelRow, NewArticleRow } from '../../db/schema.ts';
import { publishedOn } from '../content/published.ts';

export interface ArticleListFilter {
  siteKey: string;
  kind?: ArticleKind | undefined;
  channelId?: number | undefined;
}

/** The site's channels (of one kind, or all), in their order. */
export function listChannelRows(db: Kysely<Database>, siteKey: string, kind?: ArticleKind) {
  let query = db
    .selectFrom('article_channels')
    .select(['id', 'kind', 'name'])
    .where('site_key', '=', siteKey);
  if (kind !== undefined) query = query.where('kind', '=', kind);
  return query.orderBy('kind').orderBy('sort').orderBy('id').execute();
}

/** Published articles of the site per channel. */
export async function countPublishedPerChannel(db: Kysely<Database>, siteKey: string) {
  const rows = await db
    .selectFrom('articles')
    .select(['channel_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where(publishedOn(siteKey, 'articles'))
    .groupBy('channel_id')
    .execute();
  return new Map(rows.map((row) => [row.channel_id, Number(row.n)]));
}

/** A channel of the site, or undefined. */
export function findChannel(db: Kysely<Database>, siteKey: string, id: number) {
  return db
    .selectFrom('article_channels')
    .select(['id', 'kind', 'name'])
    .where('id', '=', id)
    .where('site_key', '=', siteKey)
    .executeTakeFirst();
}

function filteredArticles(db: Kysely<Database>, filter: ArticleListFilter) {
  let query = db.selectFrom('articles as a').where(publishedOn(filter.siteKey, 'a'));
  if (filter.kind !== undefined) query = query.where('a.kind', '=', filter.kind);
  if (filter.channelId !== undefined) query = query.where('a.channel_id', '=', filter.channelId);
  return query;
}

/** How many published articles of the site match the filter. */
export function countArticles(db: Kysely<Database>, filter: ArticleListFilter) {
  return countRows(filteredArticles(db, filter));
}

const SUMMARY_COLUMNS = [
  'a.id',
  'a.kind',
  'a.channel_id',
  'ch.name as channel_name',
  'a.title',
  'a.summary',
  'a.cover',
  'a.source',
  'a.pinned',
  'a.view_count',
  'a.published_at',
  'a.attachment_url',
] as const;

/** True when the learner (null: a visitor) has a read mark on the article `a`. */
function readBy(userId: number | null) {
  if (userId === null) return sql<number>`0`;
  return sql<number>`(case when exists (select 1 from article_reads r where r.article_id = a.id and r.user_id = ${userId}) then 1 else 0 end)`;
}

/** One page of the matching articles: pinned first, then newest published (ties newest id). */
export function listArticleRows(
  db: Kysely<Database>,
  filter: ArticleListFilter & { userId: number | null; limit: number; offset: number },
) {
  return filteredArticles(db, filter)
    .innerJoin('article_channels as ch', 'ch.id', 'a.channel_id')
    .select([...SUMMARY_COLUMNS, readBy(filter.userId).as('is_read')])
    .orderBy('a.pinned', 'desc')
    .orderBy('a.published_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
}

export type ArticleSummaryRow = Awaited<ReturnType<typeof listArticleRows>>[number];

/**
 * Adds tallied views to the site's articles: `counts` maps an article's id (as text) to its
 * views since the last write. An article since withdrawn or gone keeps nothing.
 */
export async function addArticleViews(
  db: Kysely<Database>,
  siteKey: string,
  counts: ReadonlyMap<string, number>,
) {
  for (const [id, views] of counts) {
    await db
      .updateTable('articles')
      .set((eb) => ({ view_count: eb('view_count', '+', views) }))
      .where('id', '=', Number(id))
      .where('site_key', '=', siteKey)
      .execute();
  }
}

/** A published article of the site with its body and attachment, or undefined. */
export function findArticleRow(
  db: Kysely<Database>,
  siteKey: string,
  id: number,
  userId: number | null,
) {
  return db
    .selectFrom('articles as a')
    .innerJoin('article_channels as ch', 'ch.id', 'a.channel_id')
    .select([...SUMMARY_COLUMNS, readBy(userId).as('is_read'), 'a.body_html', 'a.attachment_name'])
    .where('a.id', '=', id)
    .where(publishedOn(siteKey, 'a'))
    .executeTakeFirst();
}

/** Marks one article read by the learner (a second mark keeps the first time). */
export function markRead(db: Kysely<Database>, userId: number, articleId: number, now: number) {
  return db
    .insertInto('article_reads')
    .values({ user_id: userId, article_id: articleId, read_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'article_id']).doNothing())
    .execute();
}

/**
 * Marks every published article of the kind on the site read by the learner; answers how many
 * were not marked before.
 */
export async function markAllRead(
  db: Kysely<Database>,
  siteKey: string,
  kind: ArticleKind,
  userId: number,
  now: number,
) {
  const [result] = await db
    .insertInto('article_reads')
    .columns(['user_id', 'article_id', 'read_at'])
    .expression(
      db
        .selectFrom('articles as a')
        .select([
          sql<number>`cast(${userId} as integer)`.as('user_id'),
          'a.id',
          sql<number>`cast(${now} as bigint)`.as('read_at'),
        ])
        .where(publishedOn(siteKey, 'a'))
        .where('a.kind', '=', kind)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('article_reads as r')
                .select('r.article_id')
                .whereRef('r.article_id', '=', 'a.id')
                .where('r.user_id', '=', userId),
            ),
          ),
        ),
    )
    .onConflict((oc) => oc.columns(['user_id', 'article_id']).doNothing())
    .execute();
  return Number(result?.numInsertedOrUpdatedRows ?? 0);
}

export function insertArticleChannels(db: Kysely<Database>, rows: NewArticleChannelRow[]) {
  return insertReturningIds(db, 'article_channels', rows);
}

/** Inserts articles (at most a few hundred at once) and answers their ids in order. */
export function insertArticles(db: Kysely<Database>, rows: NewArticleRow[]) {
  return insertReturningIds(db, 'articles', rows);
}

/** Records that the learner opened the article now (the read-end award times from the last). */
export function markOpened(db: Kysely<Database>, userId: number, articleId: number, now: number) {
  return db
    .insertInto('article_opens')
    .values({ user_id: userId, article_id: articleId, opened_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'article_id']).doUpdateSet({ opened_at: now }))
    .execute();
}

/** When the learner last opened the article, or undefined when they never did. */
export async function findOpenedAt(db: Kysely<Database>, userId: number, articleId: number) {
  const row = await db
    .selectFrom('article_opens')
    .select('opened_at')
    .where('user_id', '=', userId)
    .where('article_id', '=', articleId)
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.opened_at);
}
