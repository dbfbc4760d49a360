import type { Kysely } from 'kysely';
import type { Database, NewTopicItemRow, NewTopicSectionRow } from '../db/schema.ts';
import { publishedOn } from '../modules/content/published.ts';
import {
  insertTopic,
  insertTopicItems,
  insertTopicSections,
} from '../modules/topics/topics.queries.ts';
import { escapeHtml } from '../platform/html.ts';
import { fileKeyOf, type SeedFiles } from './files.ts';
import { type SeedContext, seededSites } from './support.ts';

/** The demo topic of every site: family education, at `/zhuanti/2024/jtjy`. */
export const FAMILY_TOPIC_SLUG = '2024/jtjy';
/** Words that make an activity a family one (亲子活动). */
const FAMILY_WORDS = ['亲子', '家庭', '儿童', '家长', '少儿'];
/** The topic's sections, in order, with how many items each shows. */
const SECTIONS: ReadonlyArray<Pick<NewTopicSectionRow, 'kind' | 'title' | 'item_limit'>> = [
  { kind: 'courses', title: '精品课程', item_limit: 4 },
  { kind: 'activities', title: '亲子活动', item_limit: 4 },
  { kind: 'ebooks', title: '推荐书目', item_limit: 6 },
];

const INTRODUCTION = [
  '家庭是人生的第一所学校，家长是孩子的第一任老师。',
  '本专题汇集了亲子沟通、习惯培养、隔代教育等方面的精品课程、亲子活动和推荐书目，',
  '帮助家长在陪伴中成长，与孩子一起学习、一起进步。',
].join('');

/** URL path of a topic's banner (a file the start-up writer makes). */
export function topicBannerPath(siteKey: string, slug: string): string {
  return `/files/covers/topic-${siteKey}-${slug.replace('/', '-')}.svg`;
}

/** A 750x300 SVG banner: a warm gradient, the topic's title and subtitle. */
export function topicBannerSvg(title: string, subtitle: string): string {
  const font = `'Noto Sans CJK SC', 'PingFang SC', sans-serif`;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="750" height="300" viewBox="0 0 750 300">',
    '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">',
    '<stop offset="0" stop-color="#fb923c"/><stop offset="1" stop-color="#c2410c"/>',
    '</linearGradient></defs>',
    '<rect width="750" height="300" fill="url(#g)"/>',
    '<circle cx="650" cy="60" r="130" fill="#fff" fill-opacity=".12"/>',
    '<circle cx="560" cy="270" r="90" fill="#fff" fill-opacity=".1"/>',
    '<path d="M0 250 Q190 200 375 250 T750 250 V300 H0Z" fill="#fff" fill-opacity=".14"/>',
    `<text x="60" y="150" font-family="${font}" font-size="72" font-weight="700" fill="#fff" letter-spacing="8">${escapeHtml(title)}</text>`,
    `<text x="62" y="205" font-family="${font}" font-size="28" fill="#fff" fill-opacity=".9" letter-spacing="2">${escapeHtml(subtitle)}</text>`,
    '</svg>',
  ].join('');
}

/** Ids of the site's published courses of the 家庭教育 category, newest first. */
async function familyCourseIds(db: Kysely<Database>, siteKey: string) {
  const rows = await db
    .selectFrom('courses as c')
    .innerJoin('course_categories as cat', 'cat.id', 'c.category_id')
    .select('c.id')
    .where(publishedOn(siteKey, 'c'))
    .where('cat.name', '=', '家庭教育')
    .orderBy('c.published_at', 'desc')
    .orderBy('c.id', 'desc')
    .execute();
  return rows.map((row) => row.id);
}

/** Ids of the site's published activities whose title names a family, by start time. */
async function familyActivityIds(db: Kysely<Database>, siteKey: string) {
  const rows = await db
    .selectFrom('activities')
    .select('id')
    .where(publishedOn(siteKey, 'activities'))
    .where(({ or, eb }) => or(FAMILY_WORDS.map((word) => eb('title', 'like', `%${word}%`))))
    .orderBy('start_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => row.id);
}

/** Ids of the site's published e-books of the 家庭教育 category, in id order. */
async function familyEbookIds(db: Kysely<Database>, siteKey: string) {
  const rows = await db
    .selectFrom('ebooks as e')
    .innerJoin('ebook_categories as cat', 'cat.id', 'e.category_id')
    .select('e.id')
    .where(publishedOn(siteKey, 'e'))
    .where('cat.name', '=', '家庭教育')
    .orderBy('e.id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Seeds the family-education topic of every site (`2024/jtjy`): its sections 精品课程,
 * 亲子活动 and 推荐书目, and the content tagged with it (the 家庭教育 courses and e-books, the
 * activities named for families). Runs after the courses, activities and e-books steps.
 */
export async function seedTopics({ db, now }: SeedContext): Promise<void> {
  for (const site of await seededSites(db)) {
    const topicId = await insertTopic(db, {
      site_key: site.key,
      slug: FAMILY_TOPIC_SLUG,
      title: '家庭教育',
      subtitle: '2024年家庭教育专题',
      banner: topicBannerPath(site.key, FAMILY_TOPIC_SLUG),
      introduction: INTRODUCTION,
      published: 1,
      sort: 1,
      created_at: now,
    });
    await insertTopicSections(
      db,
      SECTIONS.map((section, i) => ({ ...section, topic_id: topicId, sort: i + 1 })),
    );
    const tagged = (type: NewTopicItemRow['content_type'], ids: number[]): NewTopicItemRow[] =>
      ids.map((id, sort) => ({ topic_id: topicId, content_type: type, content_id: id, sort }));
    await insertTopicItems(db, [
      ...tagged('course', await familyCourseIds(db, site.key)),
      ...tagged('activity', await familyActivityIds(db, site.key)),
      ...tagged('ebook', await familyEbookIds(db, site.key)),
    ]);
  }
}

/**
 * Writes the missing banners of every topic whose banner is one of ours into the file store's
 * `files/` folder; run at start-up. Answers how many it wrote.
 */
export async function writeTopicBanners(db: Kysely<Database>, files: SeedFiles): Promise<number> {
  const rows = await db
    .selectFrom('topics')
    .select(['site_key', 'slug', 'title', 'subtitle', 'banner'])
    .execute();
  let written = 0;
  for (const row of rows) {
    if (row.banner !== topicBannerPath(row.site_key, row.slug)) continue;
    const key = fileKeyOf(row.banner);
    if (key && (await files.writeNew(key, () => topicBannerSvg(row.title, row.subtitle)))) {
      written += 1;
    }
  }
  return written;
}
