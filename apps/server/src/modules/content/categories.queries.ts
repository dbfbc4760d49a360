import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { publishedOn } from './published.ts';

/** The categories of a site in display order (`id`, `name`, `sort`). */
export function listSiteCategories(
  db: Kysely<Database>,
  table: 'course_categories' | 'ebook_categories',
  siteKey: string,
) {
  return db
    .selectFrom(table)
    .select(['id', 'name', 'sort'])
    .where('site_key', '=', siteKey)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/**
 * How many published rows of `table` each category of the site holds, by category id (read off
 * the table's `(site_key, category_id, published)` index without touching the rows).
 */
export async function countPublishedPerCategory(
  db: Kysely<Database>,
  table: 'courses' | 'ebooks',
  siteKey: string,
): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom(table)
    .select(['category_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where(publishedOn(siteKey, table))
    .groupBy('category_id')
    .execute();
  return new Map(rows.map((row) => [row.category_id, Number(row.n)]));
}
