import { PICTURE_SIZES } from '@portal/contract/constants';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { publishedOn } from './published.ts';

/**
 * Detail pages whose largest paint is their item's cover: the table the item is in, and how wide
 * the page shows the cover (its `<img>`'s `sizes`).
 */
export const COVER_PAGES: Readonly<
  Record<string, { table: 'courses' | 'activities' | 'ebooks'; sizes: string }>
> = {
  '/scourseDetail': { table: 'courses', sizes: PICTURE_SIZES.wide },
  '/activityDetails': { table: 'activities', sizes: PICTURE_SIZES.wide },
  '/extensionDetails': { table: 'activities', sizes: PICTURE_SIZES.wide },
  '/ebookDetails': { table: 'ebooks', sizes: PICTURE_SIZES.book },
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
