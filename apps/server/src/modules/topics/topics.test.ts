import type { EbookSummary, Page, Topic, TopicSection } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCourse } from '../../testing/course-factory.ts';
import { createEbook, createEbookCategory } from '../../testing/ebook-factory.ts';
import { body, describeEachEngine } from '../../testing/test-app.ts';
import { insertTopic, insertTopicItems, insertTopicSections } from './topics.queries.ts';

const SITE = 'topictest';
const SLUG = '2025/test';

function get(app: FastifyInstance, url: string, site = SITE) {
  return app.inject({ url, headers: { 'x-site': site } });
}

const sectionOf = <K extends TopicSection['kind']>(topic: Topic, kind: K) =>
  topic.sections.find((section) => section.kind === kind) as Extract<TopicSection, { kind: K }>;

describeEachEngine('topics API', (ctx) => {
  const ebookIds: number[] = [];
  const courseIds: number[] = [];
  let hiddenEbook = 0;
  let otherSiteEbook = 0;

  beforeAll(async () => {
    const { app } = ctx();
    const { db } = app.database;
    await db
      .insertInto('sites')
      .values({ key: SITE, name: '专题测试学习网', sort: 9, created_at: Date.now() })
      .execute();
    app.sites.invalidate();
    const category = await createEbookCategory(db, { siteKey: SITE, name: '家庭教育' });
    for (let i = 1; i <= 7; i += 1) {
      ebookIds.push(
        await createEbook(db, { site_key: SITE, category_id: category, title: `书${i}` }),
      );
    }
    hiddenEbook = await createEbook(db, { site_key: SITE, category_id: category, published: 0 });
    otherSiteEbook = await createEbook(db, { site_key: 'xuhui', title: '别站的书' });
    for (let i = 1; i <= 3; i += 1) {
      courseIds.push((await createCourse(db, { site_key: SITE, title: `课${i}` })).id);
    }
    const topicId = await insertTopic(db, {
      site_key: SITE,
      slug: SLUG,
      title: '测试专题',
      subtitle: '2025年测试专题',
      banner: '/files/covers/topic-test.svg',
      introduction: '专题简介',
      published: 1,
      created_at: Date.now(),
    });
    await insertTopicSections(db, [
      { topic_id: topicId, kind: 'ebooks', title: '推荐书目', sort: 2, item_limit: 3 },
      { topic_id: topicId, kind: 'courses', title: '精品课程', sort: 1, item_limit: 5 },
    ]);
    // The topic's own order: the books from the last to the first, withdrawn and foreign ones
    // tagged in between (never shown or counted).
    await insertTopicItems(db, [
      ...ebookIds.map((id, i) => ({
        topic_id: topicId,
        content_type: 'ebook' as const,
        content_id: id,
        sort: 100 - i,
      })),
      { topic_id: topicId, content_type: 'ebook', content_id: hiddenEbook, sort: 0 },
      { topic_id: topicId, content_type: 'ebook', content_id: otherSiteEbook, sort: 0 },
      ...courseIds.map((id, i) => ({
        topic_id: topicId,
        content_type: 'course' as const,
        content_id: id,
        sort: i,
      })),
    ]);
    await insertTopic(db, {
      site_key: SITE,
      slug: '2025/draft',
      title: '未上线专题',
      subtitle: '',
      banner: '',
      introduction: '',
      published: 0,
      created_at: Date.now(),
    });
  });

  describe('GET /api/topics/detail', () => {
    it('assembles the sections in order, each up to its limit with its total', async () => {
      const { code, data } = body<Topic>(
        await get(ctx().app, `/api/topics/detail?slug=${encodeURIComponent(SLUG)}`),
      );
      expect(code).toBe(0);
      expect(data).toMatchObject({
        slug: SLUG,
        title: '测试专题',
        subtitle: '2025年测试专题',
        banner: '/files/covers/topic-test.svg',
        introduction: '专题简介',
      });
      expect(data.sections.map((section) => [section.kind, section.title])).toEqual([
        ['courses', '精品课程'],
        ['ebooks', '推荐书目'],
      ]);
      const courses = sectionOf(data, 'courses');
      expect(courses.total).toBe(3);
      expect(courses.items.map((item) => item.id)).toEqual(courseIds);
      expect(courses.items[0]).toMatchObject({ title: '课1', teacherName: '张老师' });
      const ebooks = sectionOf(data, 'ebooks');
      expect(ebooks.total).toBe(7);
      expect(ebooks.items.map((item) => item.id)).toEqual(ebookIds.slice(-3).reverse());
      expect(ebooks.items[0]).toMatchObject({ title: '书7', categoryName: '家庭教育' });
    });

    it('answers the seeded family-education topic of a site', async () => {
      const { code, data } = body<Topic>(
        await get(ctx().app, '/api/topics/detail?slug=2024/jtjy', 'jingan'),
      );
      expect(code).toBe(0);
      expect(data.title).toBe('家庭教育');
      expect(data.banner).toMatch(/^\/files\/covers\/topic-jingan-2024-jtjy\.svg$/);
      expect(data.sections.map((section) => section.title)).toEqual([
        '精品课程',
        '亲子活动',
        '推荐书目',
      ]);
      for (const section of data.sections) {
        expect(section.items.length, section.title).toBeGreaterThan(0);
        expect(section.items.length).toBeLessThanOrEqual(section.total);
      }
      const ebooks = sectionOf(data, 'ebooks');
      expect(ebooks.items.length).toBe(6);
      expect(ebooks.items.every((item) => item.categoryName === '家庭教育')).toBe(true);
      const banner = await ctx().app.inject({ url: data.banner });
      expect(banner.statusCode).toBe(200);
      expect(banner.headers['content-type']).toContain('image/svg+xml');
    });

    it("answers 404 for an unknown, unpublished or other site's topic", async () => {
      for (const [slug, site] of [
        ['2025/none', SITE],
        ['2025/draft', SITE],
        [SLUG, 'jingan'],
      ] as const) {
        const { code, message } = body(
          await get(ctx().app, `/api/topics/detail?slug=${slug}`, site),
        );
        expect(code, slug).toBe(404);
        expect(message).toBe('专题不存在或已下线');
      }
    });

    it('answers 400 for a malformed slug', async () => {
      for (const slug of ['', 'jtjy', '2024/JTJY', '2024/jtjy/x', '../2024', '24/jtjy']) {
        const { code } = body(
          await get(ctx().app, `/api/topics/detail?slug=${encodeURIComponent(slug)}`),
        );
        expect(code, slug).toBe(400);
      }
      expect(body(await get(ctx().app, '/api/topics/detail')).code).toBe(400);
    });
  });

  describe('GET /api/topics/ebooks', () => {
    const page = (query: string) =>
      get(ctx().app, `/api/topics/ebooks?slug=${encodeURIComponent(SLUG)}&${query}`);

    it("pages the topic's visible e-books in the topic's order", async () => {
      const order = [...ebookIds].reverse();
      const first = body<Page<EbookSummary>>(await page('page=1&size=5'));
      expect(first.code).toBe(0);
      expect(first.data).toMatchObject({ total: 7, page: 1, size: 5 });
      expect(first.data.list.map((item) => item.id)).toEqual(order.slice(0, 5));
      const second = body<Page<EbookSummary>>(await page('page=2&size=5'));
      expect(second.data.list.map((item) => item.id)).toEqual(order.slice(5));
      const beyond = body<Page<EbookSummary>>(await page('page=3&size=5'));
      expect(beyond.data).toEqual({ list: [], total: 7, page: 3, size: 5 });
    });

    it('answers 404 for an unknown topic and 400 for bad input', async () => {
      const unknown = body(await get(ctx().app, '/api/topics/ebooks?slug=2025/none'));
      expect(unknown.code).toBe(404);
      expect(unknown.message).toBe('专题不存在或已下线');
      expect(body(await get(ctx().app, '/api/topics/ebooks?slug=bad')).code).toBe(400);
      expect(body(await page('size=51')).code).toBe(400);
      expect(body(await page('page=0')).code).toBe(400);
    });
  });
});
