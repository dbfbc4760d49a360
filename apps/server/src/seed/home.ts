import { BANNER_TITLE_MAX } from '@portal/contract/constants';
import { type SeedContext, seededSites } from './support.ts';

/**
 * Home as the demo network's staff arranged it: on every site one banner of their own (首页设置),
 * published, leading to the site's newest activity with its picture; the slides drawn from the
 * site's content follow it. No random draws.
 */
export async function seedHomeBanners({ db, now }: SeedContext): Promise<void> {
  for (const site of await seededSites(db)) {
    const activity = await db
      .selectFrom('activities')
      .select(['id', 'title', 'cover'])
      .where('site_key', '=', site.key)
      .where('published', '=', 1)
      .orderBy('start_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (!activity) continue;
    await db
      .insertInto('home_banners')
      .values({
        site_key: site.key,
        title: activity.title.slice(0, BANNER_TITLE_MAX),
        label: '活动推荐',
        image: activity.cover,
        link_kind: 'activity',
        link_id: activity.id,
        link_slug: null,
        ends_at: null,
        position: 0,
        published: 1,
        published_at: now,
        created_at: now,
        status: 'published',
        updated_at: now,
      })
      .execute();
  }
}
