import { type Kysely, sql } from 'kysely';
import { insertRows } from '../../db/rows.ts';
import type {
  Database,
  NewTopicItemRow,
  NewTopicRow,
  NewTopicSectionRow,
  TopicItemsTable,
} from '../../db/schema.ts';
import { publishedOn } from '../content/published.ts';

export type TopicContentType = TopicItemsTable['content_type'];

/** The table each content type points into; all have `id`, `site_key` and `published`. */
const CONTENT_TABLES: Record<TopicContentType, string> = {
  course: 'courses',
  activity: 'activities',
  ebook: 'ebooks',
};

/** A published topic of the site by its slug, or undefined. */
export function findTopicRow(db: Kysely<Database>, siteKey: string, slug: string) {
  return db
    .selectFrom('topics')
    .select(['id', 'slug', 'title', 'subtitle', 'banner', 'introduction'])
    .where(publishedOn(siteKey, 'topics'))
    .where('slug', '=', slug)
    .executeTakeFirst();
}

/** The site's published topics as banners (slug, title, banner), by their sort order. */
export function listTopicBannerRows(db: Kysely<Database>, siteKey: string, limit: number) {
  return db
    .selectFrom('topics')
    .select(['slug', 'title', 'banner'])
    .where(publishedOn(siteKey, 'topics'))
    .orderBy('sort')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The sections of a topic in display order. */
export function listSectionRows(db: Kysely<Database>, topicId: number) {
  return db
    .selectFrom('topic_sections')
    .select(['id', 'kind', 'title', 'item_limit'])
    .where('topic_id', '=', topicId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/**
 * `FROM ... WHERE` of the topic's items of one type that are published on the site: tagged
 * content that was withdrawn or belongs to another site is never shown or counted.
 */
function visibleItems(topicId: number, siteKey: string, type: TopicContentType) {
  return sql`topic_items ti
    JOIN ${sql.table(CONTENT_TABLES[type])} x ON x.id = ti.content_id
    WHERE ti.topic_id = ${topicId} AND ti.content_type = ${type}
      AND ${publishedOn(siteKey, 'x')}`;
}

/** Ids of the topic's visible items of one type in the topic's order, one page of them. */
export async function listVisibleItemIds(
  db: Kysely<Database>,
  topicId: number,
  siteKey: string,
  type: TopicContentType,
  limit: number,
  offset = 0,
): Promise<number[]> {
  const { rows } = await sql<{ content_id: number }>`
    SELECT ti.content_id FROM ${visibleItems(topicId, siteKey, type)}
    ORDER BY ti.sort, ti.content_id
    LIMIT ${limit} OFFSET ${offset}`.execute(db);
  return rows.map((row) => Number(row.content_id));
}

/** How many visible items of one type the topic has. */
export async function countVisibleItems(
  db: Kysely<Database>,
  topicId: number,
  siteKey: string,
  type: TopicContentType,
): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT COUNT(*) AS n FROM ${visibleItems(topicId, siteKey, type)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Inserts a topic; answers its id. */
export async function insertTopic(db: Kysely<Database>, row: NewTopicRow): Promise<number> {
  const inserted = await db
    .insertInto('topics')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export function insertTopicSections(db: Kysely<Database>, rows: NewTopicSectionRow[]) {
  return insertRows(db, 'topic_sections', rows);
}

export function insertTopicItems(db: Kysely<Database>, rows: NewTopicItemRow[]) {
  return insertRows(db, 'topic_items', rows);
}
