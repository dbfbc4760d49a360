import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { publishedOn } from './published.ts';

/** Detail pages whose largest paint is their item's cover, and the table the item is in. */
export const COVER_PAGES: Readonly<Record<string, 'courses' | 'activities' | 'ebooks'>> = {
  '/scourseDetail': 'courses',
  '/activityDetails': 'activities',
  '/extensionDetails': 'activities',
  '/ebookDetails': 'ebooks',
};

/** The cover of a published item of `table` on the site, or undefined (nothing is counted). */
export async function publishedCover(
  db: Kysely<Database>,
  table: 'courses' | 'activities' | 'ebooks',
  siteKey: string,
  id: number,
): Promise<string | undefined> {
  // The three tables share `id`, `cover`, `site_key` and `published`.
  const row = await db
    .selectFrom(table as 'courses')
    .select('cover')
    .where('id', '=', id)
    .where(publishedOn(siteKey, table))
    .executeTakeFirst();
  return row?.cover;
}
