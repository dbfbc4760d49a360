import fs from 'node:fs';
import type { ArticleKind } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Database, NewArticleRow } from '../db/schema.ts';
import { insertArticleChannels } from '../modules/articles/articles.queries.ts';
import { type ArticleInput, articleRow } from '../modules/articles/articles.service.ts';
import { gradientCoverSvg } from './covers.ts';
import { fileKeyOf, type SeedFiles } from './files.ts';
import { cachedBookPdf } from './pdf.ts';
import { districtName, insertChunked, type SeedContext, seededSites } from './support.ts';
import { HOUR } from './time.ts';
import { articleParagraphs, articleTopics } from './words.ts';

/** Articles per site (the lists' pages do not grow with the seed's scale). */
export const ARTICLES_PER_SITE = 120;

/** The channels of each kind, and how many of a site's articles each kind gets. */
const KIND_SPECS: ReadonlyArray<{
  kind: ArticleKind;
  channels: readonly string[];
  count: number;
  source: string;
}> = [
  { kind: 'news', channels: ['社区动态', '政策解读', '学习活动'], count: 48, source: '社区学院' },
  { kind: 'info', channels: ['通知'], count: 16, source: '社区学院办公室' },
  { kind: 'notice', channels: ['公告'], count: 16, source: '社区学院' },
  { kind: 'fengcai', channels: ['学员风采', '团队风采'], count: 14, source: '学习网编辑部' },
  { kind: 'zanshi', channels: ['作品展示'], count: 12, source: '学习网编辑部' },
  { kind: 'talk', channels: ['讲座', '访谈'], count: 14, source: '学习网编辑部' },
];

/** Notices pinned per site (the newest ones), and notices carrying a PDF. */
const PINNED_NOTICES = 3;
const ATTACHED_NOTICES = 2;

/** Cover variants per kind: the same colours, a different title line. */
const COVER_VARIANTS = 4;
const COVER_COLOURS: Record<ArticleKind, readonly [string, string]> = {
  news: ['#4f8cff', '#1d4ed8'],
  info: ['#34c38f', '#0f766e'],
  notice: ['#f59e0b', '#c2410c'],
  fengcai: ['#ec6a8c', '#be185d'],
  zanshi: ['#8b7cf6', '#5b21b6'],
  talk: ['#22b8cf', '#0e7490'],
};
const COVER_TITLES: Record<ArticleKind, readonly string[]> = {
  news: ['社区动态', '终身学习', '家门口的课堂', '学习新风'],
  info: ['通知', '报名提醒', '课程安排', '温馨提示'],
  notice: ['公告', '学期安排', '服务调整', '招募启事'],
  fengcai: ['学员风采', '团队风采', '学习达人', '银龄风采'],
  zanshi: ['作品展示', '书画作品', '摄影作品', '手工作品'],
  talk: ['讲座访谈', '名师讲堂', '学习对话', '专家访谈'],
};

/** URL path of a generated article image (used as covers and inside bodies). */
export const articleCoverPath = (kind: ArticleKind, variant: number) =>
  `/files/covers/article-${kind}-${variant}.svg`;

/** URL path of a notice's generated PDF attachment. */
const attachmentPath = (siteKey: string, n: number) => `/files/articles/${siteKey}-notice-${n}.pdf`;

function coverOf(kind: ArticleKind, variant: number): string {
  const title = COVER_TITLES[kind][(variant - 1) % COVER_TITLES[kind].length] ?? '资讯';
  return gradientCoverSvg({
    colours: COVER_COLOURS[kind],
    vertical: variant % 2 === 0,
    pattern:
      '<circle cx="560" cy="60" r="150" fill="#fff" fill-opacity=".12"/><circle cx="80" cy="330" r="110" fill="#fff" fill-opacity=".08"/>',
    title,
    titleSize: title.length > 5 ? 64 : 80,
    caption: '学习网 · 资讯',
  });
}

/** The first sentence of one of the kind's paragraphs, as the card's summary. */
function summaryOf(kind: ArticleKind, i: number, district: string): string {
  const paragraphs = articleParagraphs[kind];
  const text = (paragraphs[i % paragraphs.length] ?? '').replaceAll('{区}', district);
  return text.split('。')[0]?.slice(0, 80) ?? '';
}

/** Headings of the further sections of a long body. */
const LONG_SECTION_TITLES: Partial<Record<ArticleKind, readonly string[]>> = {
  talk: ['嘉宾访谈', '现场问答', '学习心得', '延伸阅读'],
  news: ['活动回顾', '学员心声', '下一步安排'],
};

/**
 * The further sections of a long body: each a heading and three of the kind's paragraphs,
 * chosen by the article's `serial` (not drawn from the seed's random stream, so the rest of the
 * demo content stays as it was).
 */
function longSections(kind: ArticleKind, district: string, serial: number): string[] {
  const paragraphs = articleParagraphs[kind];
  const paragraph = (n: number) =>
    `<p>${(paragraphs[(serial + n) % paragraphs.length] ?? '').replaceAll('{区}', district)}</p>`;
  return (LONG_SECTION_TITLES[kind] ?? []).flatMap((title, section) => [
    `<h2>${title}</h2>`,
    paragraph(section * 3),
    paragraph(section * 3 + 1),
    paragraph(section * 3 + 2),
  ]);
}

/** A body of real sentences: an opening, a heading, more paragraphs, maybe an image. */
function bodyOf(
  context: SeedContext,
  kind: ArticleKind,
  district: string,
  topic: string,
  image: string | null,
  /** Several screens long (talks, some news): sections follow the first part. */
  long: boolean,
  serial: number,
): string {
  const { random } = context;
  const paragraphs = articleParagraphs[kind];
  const pick = () =>
    (paragraphs[random.int(0, paragraphs.length - 1)] ?? '').replaceAll('{区}', district);
  const parts = [
    `<p>${pick()}</p>`,
    `<h2>${kind === 'notice' || kind === 'info' ? '具体安排' : '详细内容'}</h2>`,
    `<p>${pick()}</p>`,
  ];
  if (image) {
    parts.push(
      `<figure><img src="${image}" alt="${topic}" width="640" height="360"><figcaption>${topic}</figcaption></figure>`,
    );
  }
  parts.push(`<p>${pick()}</p>`, `<p>${pick()}</p>`);
  if (long) parts.push(...longSections(kind, district, serial));
  if (kind === 'notice' || kind === 'info') {
    parts.push(
      '<ul><li>咨询时间：工作日 9:00-17:00</li><li>咨询方式：到所在街道社区学校现场咨询</li></ul>',
    );
  }
  return parts.join('');
}

/**
 * Channels of every kind and {@link ARTICLES_PER_SITE} articles per site, through the store
 * path's row builder (titles checked, bodies sanitized): dates spread over the last four months,
 * the newest notices pinned, some with images in the body, two notices with a PDF.
 */
export async function seedArticles(context: SeedContext): Promise<void> {
  const { db, random, now } = context;
  for (const site of await seededSites(db)) {
    const district = districtName(site);
    const rows: NewArticleRow[] = [];
    for (const spec of KIND_SPECS) {
      const channelIds = await insertArticleChannels(
        db,
        spec.channels.map((name, i) => ({
          site_key: site.key,
          kind: spec.kind,
          name,
          sort: i + 1,
        })),
      );
      const topics = articleTopics[spec.kind];
      // Newest first, so the first ones of the kind are the pinned ones.
      const ages = Array.from({ length: spec.count }, () => random.int(0, 120 * 24))
        .sort((a, b) => a - b)
        .map((hours) => hours * HOUR + random.int(0, 59) * 60_000);
      for (let i = 0; i < spec.count; i += 1) {
        const topic = (topics[i % topics.length] ?? '').replaceAll('{区}', district);
        const round = Math.floor(i / topics.length);
        const title = round === 0 ? topic : `${topic}（第${round + 1}期）`;
        const variant = (i % COVER_VARIANTS) + 1;
        const withImage = i % 3 === 0;
        const notice = spec.kind === 'notice';
        const attached = notice && i >= 1 && i <= ATTACHED_NOTICES;
        const input: ArticleInput = {
          channelId: channelIds[i % channelIds.length] as number,
          title,
          summary: summaryOf(spec.kind, i, district),
          cover: notice || spec.kind === 'info' ? null : articleCoverPath(spec.kind, variant),
          source: `${district}${spec.source}`,
          bodyHtml: bodyOf(
            context,
            spec.kind,
            district,
            topic,
            withImage ? articleCoverPath(spec.kind, ((i + 1) % COVER_VARIANTS) + 1) : null,
            spec.kind === 'talk' || (spec.kind === 'news' && i % 4 === 1),
            i,
          ),
          attachment: attached ? { url: attachmentPath(site.key, i), name: `${topic}.pdf` } : null,
          pinned: (notice && i < PINNED_NOTICES) || (spec.kind === 'info' && i === 0),
          publishedAt: now - HOUR - (ages[i] ?? 0),
        };
        const channel = { id: input.channelId, kind: spec.kind };
        rows.push(articleRow(site.key, channel, input, now));
      }
    }
    await insertChunked(rows, (chunk) => db.insertInto('articles').values(chunk).execute());
  }
}

/**
 * Writes the article images and the notices' PDFs that are missing into the file store's
 * `files/` folder; answers how many it wrote.
 */
export async function writeArticleFiles(db: Kysely<Database>, files: SeedFiles): Promise<number> {
  let written = 0;
  for (const spec of KIND_SPECS) {
    for (let variant = 1; variant <= COVER_VARIANTS; variant += 1) {
      const key = fileKeyOf(articleCoverPath(spec.kind, variant));
      if (key && (await files.writeNew(key, () => coverOf(spec.kind, variant)))) written += 1;
    }
  }
  const attached = await db
    .selectFrom('articles as a')
    .innerJoin('sites as s', 's.key', 'a.site_key')
    .select(['a.title', 'a.attachment_url', 's.name as site_name'])
    .where('a.attachment_url', 'is not', null)
    .execute();
  for (const row of attached) {
    const key = row.attachment_url ? fileKeyOf(row.attachment_url) : null;
    // The PDF comes from the cache (generated on a miss) only when the store lacks it.
    if (!key || (await files.has(key))) continue;
    const options = {
      title: row.title,
      author: row.site_name,
      publisher: row.site_name,
      pageCount: 2,
      chapters: ['通知正文', '报名回执'],
    };
    const pdf = await fs.promises.readFile(await cachedBookPdf(options));
    if (await files.writeNew(key, pdf)) written += 1;
  }
  return written;
}
