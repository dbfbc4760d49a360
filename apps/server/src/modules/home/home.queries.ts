import type { Banner } from '@portal/contract';
import type { BannerLinkKind } from '@portal/contract/constants';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The table of each kind of content a staff banner opens by id. */
export const BANNER_LINKED_TABLES = {
  course: 'courses',
  class: 'classes',
  activity: 'activities',
  ebook: 'ebooks',
  live: 'live_sessions',
  article: 'articles',
} as const satisfies Record<Exclude<BannerLinkKind, 'topic'>, keyof Database>;

/** The staff's banners of a site for home, and whether the site's content fills the carousel. */
export interface StaffBanners {
  banners: Banner[];
  fill: boolean;
}

/**
 * The site's published banners whose end has not come, in their order (position, then the latest
 * published), each only while what it opens is published itself: a banner never leads a learner
 * to a page that is not there.
 */
export async function staffBanners(
  db: Kysely<Database>,
  siteKey: string,
  now: number,
): Promise<StaffBanners> {
  const [rows, layout] = await Promise.all([
    db
      .selectFrom('home_banners')
      .select(['id', 'title', 'label', 'image', 'link_kind', 'link_id', 'link_slug'])
      .where('site_key', '=', siteKey)
      .where('published', '=', 1)
      .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
      .orderBy('position')
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .limit(20)
      .execute(),
    db
      .selectFrom('site_home')
      .select('fill_banners')
      .where('site_key', '=', siteKey)
      .executeTakeFirst(),
  ]);
  const fill = layout ? Number(layout.fill_banners) === 1 : true;
  if (rows.length === 0) return { banners: [], fill };
  const open = new Set<string>();
  const slugs = rows.flatMap((row) =>
    row.link_kind === 'topic' && row.link_slug ? [row.link_slug] : [],
  );
  if (slugs.length > 0) {
    const topics = await db
      .selectFrom('topics')
      .select('slug')
      .where('site_key', '=', siteKey)
      .where('published', '=', 1)
      .where('slug', 'in', slugs)
      .execute();
    for (const topic of topics) open.add(`topic:${topic.slug}`);
  }
  for (const [kind, table] of Object.entries(BANNER_LINKED_TABLES)) {
    const ids = rows.flatMap((row) =>
      row.link_kind === kind && row.link_id !== null ? [Number(row.link_id)] : [],
    );
    if (ids.length === 0) continue;
    const found = await db
      .selectFrom(`${table} as t` as 'courses as t')
      .select('t.id')
      .where('t.site_key', '=', siteKey)
      .where('t.published', '=', 1)
      .where('t.id', 'in', ids)
      .execute();
    for (const item of found) open.add(`${kind}:${item.id}`);
  }
  const banners: Banner[] = [];
  for (const row of rows) {
    const kind = row.link_kind as BannerLinkKind;
    const target = kind === 'topic' ? `topic:${row.link_slug}` : `${kind}:${row.link_id}`;
    if (!open.has(target) || row.image === '') continue;
    banners.push({
      key: `banner-${row.id}`,
      label: row.label,
      title: row.title,
      image: row.image,
      link:
        kind === 'topic' ? { kind, slug: row.link_slug ?? '' } : { kind, id: Number(row.link_id) },
    });
  }
  return { banners, fill };
}
