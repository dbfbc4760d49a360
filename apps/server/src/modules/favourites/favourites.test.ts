import type { FavouriteItem, HistoryItem, Page } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createActivity } from '../../testing/activity-factory.ts';
import { createClass, createLearners, type TestLearner } from '../../testing/class-factory.ts';
import { createCategory, createCourse, createTeacher } from '../../testing/course-factory.ts';
import { createEbook } from '../../testing/ebook-factory.ts';
import { createLiveChannel, createLiveSession } from '../../testing/live-factory.ts';
import { body, describeEachEngine } from '../../testing/test-app.ts';
import { insertArticleChannels, insertArticles } from '../articles/articles.queries.ts';

const SITE = 'favtest';
const NOT_FOUND = '内容不存在或已下线';

interface Call {
  token?: string | null;
  site?: string;
}

function post(app: FastifyInstance, url: string, payload: object, call: Call = {}) {
  return app.inject({
    method: 'POST',
    url,
    headers: {
      'x-site': call.site ?? SITE,
      ...(call.token ? { authorization: `Bearer ${call.token}` } : {}),
    },
    payload,
  });
}

function get(app: FastifyInstance, url: string, call: Call = {}) {
  return app.inject({
    url,
    headers: {
      'x-site': call.site ?? SITE,
      ...(call.token ? { authorization: `Bearer ${call.token}` } : {}),
    },
  });
}

const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

describeEachEngine('favourites and history API', (ctx) => {
  let learners: TestLearner[];
  const token = (n: number) => (learners[n] as TestLearner).token;
  const ids = {
    course: 0,
    course2: 0,
    hidden: 0,
    other: 0,
    klass: 0,
    hiddenClass: 0,
    activity: 0,
    hiddenActivity: 0,
    ebook: 0,
    otherEbook: 0,
    live: 0,
    hiddenLive: 0,
    article: 0,
    otherArticle: 0,
  };

  beforeAll(async () => {
    const { app } = ctx();
    const { db } = app.database;
    await db
      .insertInto('sites')
      .values({ key: SITE, name: '收藏测试学习网', sort: 9, created_at: Date.now() })
      .execute();
    app.sites.invalidate();
    learners = await createLearners(db, 10, SITE);
    const categoryId = await createCategory(db, { siteKey: SITE, name: '健康养生' });
    const teacherId = await createTeacher(db, { siteKey: SITE, name: '李老师' });
    const on = { site_key: SITE, category_id: categoryId, teacher_id: teacherId };
    ids.course = (await createCourse(db, { ...on, title: '太极拳入门' })).id;
    ids.course2 = (await createCourse(db, { ...on, title: '手机摄影' })).id;
    ids.hidden = (await createCourse(db, { ...on, title: '未上线课程', published: 0 })).id;
    ids.other = (await createCourse(db, { title: '别的站点课程' })).id;
    ids.klass = await createClass(db, {
      site_key: SITE,
      title: '书法班',
      term: '2026年秋季',
      place: '社区学院',
    });
    ids.hiddenClass = await createClass(db, { site_key: SITE, title: '下线班', published: 0 });
    ids.activity = await createActivity(db, {
      site_key: SITE,
      title: '端午民俗讲座',
      kind: '讲座',
      place: '静安区图书馆',
    });
    ids.hiddenActivity = await createActivity(db, {
      site_key: SITE,
      title: '下线活动',
      published: 0,
    });
    ids.ebook = await createEbook(db, {
      site_key: SITE,
      title: '陪伴孩子成长',
      author: '王芳',
      publisher: '上海教育出版社',
    });
    ids.otherEbook = await createEbook(db, { title: '别的站点的书' });
    const liveChannel = await createLiveChannel(db, { siteKey: SITE, name: '社区学院直播间' });
    const live = { site_key: SITE, channel_id: liveChannel, starts_at: 1, ends_at: 2 };
    ids.live = await createLiveSession(db, { ...live, title: '摄影讲座直播', speaker: '周老师' });
    ids.hiddenLive = await createLiveSession(db, { ...live, published: 0 });
    const [newsChannel] = await insertArticleChannels(db, [
      { site_key: SITE, kind: 'notice', name: '学院公告', sort: 1 },
    ]);
    const article = {
      channel_id: Number(newsChannel),
      kind: 'notice' as const,
      summary: '',
      cover: null,
      source: '社区学院',
      body_html: '<p>正文</p>',
      published: 1,
      published_at: 1,
      created_at: 1,
    };
    const [mine, other] = await insertArticles(db, [
      { ...article, site_key: SITE, title: '寒假开放时间' },
      { ...article, site_key: 'jingan', title: '别的站点公告' },
    ]);
    ids.article = Number(mine);
    ids.otherArticle = Number(other);
  });

  const course = (id = ids.course) => ({ contentType: 'course', contentId: id });
  const klass = () => ({ contentType: 'class', contentId: ids.klass });
  const favourites = (n: number, query = '') =>
    get(ctx().app, `/api/favourites${query}`, { token: token(n) }).then((r) =>
      body<Page<FavouriteItem>>(r),
    );
  const history = (n: number, query = '') =>
    get(ctx().app, `/api/history${query}`, { token: token(n) }).then((r) =>
      body<Page<HistoryItem>>(r),
    );

  describe('login', () => {
    it.each([
      ['POST', '/api/favourites'],
      ['POST', '/api/favourites/remove'],
      ['GET', '/api/favourites/state?contentType=course&contentId=1'],
      ['GET', '/api/favourites'],
      ['POST', '/api/favourites/clear'],
      ['POST', '/api/history'],
      ['GET', '/api/history'],
      ['POST', '/api/history/remove'],
      ['POST', '/api/history/clear'],
    ])('%s %s answers 301 without a token', async (method, url) => {
      const response =
        method === 'GET' ? await get(ctx().app, url) : await post(ctx().app, url, course());
      expect(response.statusCode).toBe(200);
      expect(body(response).code).toBe(301);
    });
  });

  describe('POST /api/favourites', () => {
    it('favourites a course and a class, and the state says so', async () => {
      const { app } = ctx();
      const before = await get(
        app,
        `/api/favourites/state?contentType=course&contentId=${ids.course}`,
        { token: token(0) },
      );
      expect(body(before)).toEqual({ code: 0, message: '', data: { favourited: false } });
      const added = await post(app, '/api/favourites', course(), { token: token(0) });
      expect(body(added)).toEqual({ code: 0, message: '', data: { favourited: true } });
      expect(body(await post(app, '/api/favourites', klass(), { token: token(0) })).code).toBe(0);
      const after = await get(
        app,
        `/api/favourites/state?contentType=course&contentId=${ids.course}`,
        { token: token(0) },
      );
      expect(body(after).data).toEqual({ favourited: true });
    });

    it('answers a second add with code 0 and the same state', async () => {
      const { app } = ctx();
      const again = await post(app, '/api/favourites', course(), { token: token(0) });
      expect(body(again)).toEqual({ code: 0, message: '', data: { favourited: true } });
      expect((await favourites(0)).data.total).toBe(2);
    });

    it('keeps one row when 20 adds of the same content arrive at once', async () => {
      const { app } = ctx();
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          post(app, '/api/favourites', course(ids.course2), { token: token(1) }),
        ),
      );
      expect(answers.map((answer) => body(answer).code)).toEqual(Array(20).fill(0));
      const rows = await app.database.db
        .selectFrom('favourites')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', (learners[1] as TestLearner).id)
        .executeTakeFirstOrThrow();
      expect(Number(rows.n)).toBe(1);
    });

    it.each([
      ['unpublished course', () => course(ids.hidden)],
      ['course of another site', () => course(ids.other)],
      ['unknown course', () => course(999_999)],
      ['unpublished class', () => ({ contentType: 'class', contentId: ids.hiddenClass })],
    ])('answers 404 for an %s', async (_name, ref) => {
      const response = await post(ctx().app, '/api/favourites', ref(), { token: token(2) });
      expect(body(response)).toMatchObject({ code: 404, message: NOT_FOUND });
    });

    it('answers 400 naming the field for an unknown content type or a bad id', async () => {
      const { app } = ctx();
      const type = await post(
        app,
        '/api/favourites',
        { contentType: 'video', contentId: 1 },
        { token: token(2) },
      );
      expect(body(type).code).toBe(400);
      expect(body(type).message).toMatch(/^内容类型/);
      const id = await post(
        app,
        '/api/favourites',
        { contentType: 'course', contentId: -1 },
        { token: token(2) },
      );
      expect(body(id).code).toBe(400);
      expect(body(id).message).toMatch(/^内容编号/);
      const missing = await post(app, '/api/favourites', { contentId: 1 }, { token: token(2) });
      expect(body(missing).code).toBe(400);
      expect(body(missing).message).toMatch(/内容类型/);
    });
  });

  describe('GET /api/favourites', () => {
    it('lists the newest first with title, cover, subtitle and time, filtered by type', async () => {
      const { data } = await favourites(0);
      expect(data.total).toBe(2);
      expect(data.list.map((item) => [item.contentType, item.contentId])).toEqual([
        ['class', ids.klass],
        ['course', ids.course],
      ]);
      expect(data.list[1]).toMatchObject({
        title: '太极拳入门',
        cover: '/files/covers/test.svg',
        subtitle: '李老师 · 健康养生',
      });
      expect(data.list[0]).toMatchObject({ title: '书法班', subtitle: '2026年秋季 · 社区学院' });
      expect(Number.isNaN(Date.parse(data.list[0]?.createdAt ?? ''))).toBe(false);
      const courses = await favourites(0, '?contentType=course');
      expect(courses.data.list.map((item) => item.contentId)).toEqual([ids.course]);
      expect(courses.data.total).toBe(1);
      const paged = await favourites(0, '?page=2&size=1');
      expect(paged.data).toMatchObject({ total: 2, page: 2, size: 1 });
      expect(paged.data.list.map((item) => item.contentId)).toEqual([ids.course]);
    });

    it('answers 400 for an unknown content type filter or a huge page size', async () => {
      expect((await favourites(0, '?contentType=video')).code).toBe(400);
      expect((await favourites(0, '?size=500')).code).toBe(400);
    });

    it('hides content that was unpublished but keeps its row', async () => {
      const { app } = ctx();
      const { db } = app.database;
      const { id } = await createCourse(db, { site_key: SITE, title: '将下线课程' });
      expect(body(await post(app, '/api/favourites', course(id), { token: token(3) })).code).toBe(
        0,
      );
      expect((await favourites(3)).data.total).toBe(1);
      await db.updateTable('courses').set({ published: 0 }).where('id', '=', id).execute();
      expect((await favourites(3)).data).toMatchObject({ total: 0, list: [] });
      const row = await db
        .selectFrom('favourites')
        .select('content_id')
        .where('user_id', '=', (learners[3] as TestLearner).id)
        .executeTakeFirst();
      expect(row?.content_id).toBe(id);
    });

    it("never shows another learner's favourites, or another site's", async () => {
      expect((await favourites(4)).data).toMatchObject({ total: 0, list: [] });
      const elsewhere = await get(ctx().app, '/api/favourites', { token: token(0), site: 'xuhui' });
      expect(body<Page<FavouriteItem>>(elsewhere).data.total).toBe(0);
    });
  });

  describe('POST /api/favourites/remove and /clear', () => {
    it('removes one favourite and answers the new state', async () => {
      const { app } = ctx();
      const removed = await post(app, '/api/favourites/remove', course(), { token: token(0) });
      expect(body(removed)).toEqual({ code: 0, message: '', data: { favourited: false } });
      expect((await favourites(0)).data.list.map((item) => item.contentId)).toEqual([ids.klass]);
      const again = await post(app, '/api/favourites/remove', course(), { token: token(0) });
      expect(body(again).data).toEqual({ favourited: false });
    });

    it('clears all mine on this site only', async () => {
      const { app } = ctx();
      await post(app, '/api/favourites', course(), { token: token(0) });
      const cleared = await post(app, '/api/favourites/clear', {}, { token: token(0) });
      expect(body(cleared)).toEqual({ code: 0, message: '', data: { removed: 2 } });
      expect((await favourites(0)).data.total).toBe(0);
      expect((await favourites(1)).data.total).toBe(1);
    });
  });

  describe('history', () => {
    it('records views and lists the latest view first, with its count', async () => {
      const { app } = ctx();
      const first = await post(app, '/api/history', course(), { token: token(5) });
      expect(body(first)).toMatchObject({
        code: 0,
        data: { contentType: 'course', contentId: ids.course, viewCount: 1 },
      });
      await pause();
      await post(app, '/api/history', klass(), { token: token(5) });
      await pause();
      await post(app, '/api/history', course(ids.course2), { token: token(5) });
      let { data } = await history(5);
      expect(data.list.map((item) => item.contentId)).toEqual([ids.course2, ids.klass, ids.course]);
      await pause();
      const again = await post(app, '/api/history', course(), { token: token(5) });
      expect(body(again)).toMatchObject({ code: 0, data: { viewCount: 2 } });
      ({ data } = await history(5));
      expect(data.total).toBe(3);
      expect(data.list.map((item) => item.contentId)).toEqual([ids.course, ids.course2, ids.klass]);
      expect(data.list[0]).toMatchObject({ title: '太极拳入门', viewCount: 2 });
      const classes = await history(5, '?contentType=class');
      expect(classes.data.list.map((item) => item.contentId)).toEqual([ids.klass]);
    });

    it('counts 20 views at once into one row', async () => {
      const { app } = ctx();
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          post(app, '/api/history', course(ids.course2), { token: token(6) }),
        ),
      );
      expect(answers.map((answer) => body(answer).code)).toEqual(Array(20).fill(0));
      const { data } = await history(6);
      expect(data.list).toHaveLength(1);
      expect(data.list[0]?.viewCount).toBe(20);
    });

    it('refuses a view of unknown, unpublished or other-site content with 404', async () => {
      const { app } = ctx();
      for (const ref of [course(ids.hidden), course(ids.other), course(999_999)]) {
        const response = await post(app, '/api/history', ref, { token: token(7) });
        expect(body(response)).toMatchObject({ code: 404, message: NOT_FOUND });
      }
      const bad = await post(
        app,
        '/api/history',
        { contentType: 'video', contentId: 1 },
        { token: token(7) },
      );
      expect(body(bad).code).toBe(400);
      expect(body(bad).message).toMatch(/^内容类型/);
      expect((await history(7)).data.total).toBe(0);
    });

    it('removes one entry and clears the rest, leaving other learners alone', async () => {
      const { app } = ctx();
      const removed = await post(app, '/api/history/remove', klass(), { token: token(5) });
      expect(body(removed)).toEqual({ code: 0, message: '', data: { removed: 1 } });
      expect((await history(5)).data.list.map((item) => item.contentId)).toEqual([
        ids.course,
        ids.course2,
      ]);
      const cleared = await post(app, '/api/history/clear', {}, { token: token(5) });
      expect(body(cleared).data).toEqual({ removed: 2 });
      expect((await history(5)).data.total).toBe(0);
      expect((await history(6)).data.total).toBe(1);
    });
  });

  describe('activities and e-books', () => {
    const activity = (id = ids.activity) => ({ contentType: 'activity', contentId: id });
    const ebook = (id = ids.ebook) => ({ contentType: 'ebook', contentId: id });

    it('favourites an activity and an e-book, listed with their own subtitles', async () => {
      const { app } = ctx();
      for (const ref of [activity(), ebook()]) {
        const answer = await post(app, '/api/favourites', ref, { token: token(3) });
        expect(body(answer)).toEqual({ code: 0, message: '', data: { favourited: true } });
        // Two favourites in one millisecond would tie on their time (then ordered by type).
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      const { data } = await favourites(3);
      expect(
        data.list.map(({ contentType, title, subtitle }) => ({ contentType, title, subtitle })),
      ).toEqual([
        { contentType: 'ebook', title: '陪伴孩子成长', subtitle: '王芳 · 上海教育出版社' },
        { contentType: 'activity', title: '端午民俗讲座', subtitle: '讲座 · 静安区图书馆' },
      ]);
      expect((await favourites(3, '?contentType=ebook')).data.total).toBe(1);
      expect((await favourites(3, '?contentType=activity')).data.total).toBe(1);
    });

    it('records views of both in the history', async () => {
      const { app } = ctx();
      await post(app, '/api/history', activity(), { token: token(4) });
      await pause();
      await post(app, '/api/history', ebook(), { token: token(4) });
      const { data } = await history(4);
      expect(data.list.map((item) => [item.contentType, item.contentId])).toEqual([
        ['ebook', ids.ebook],
        ['activity', ids.activity],
      ]);
    });

    it("refuses an unpublished activity and another site's e-book with 404", async () => {
      const { app } = ctx();
      for (const ref of [activity(ids.hiddenActivity), ebook(ids.otherEbook)]) {
        const answer = await post(app, '/api/favourites', ref, { token: token(7) });
        expect(body(answer)).toMatchObject({ code: 404, message: NOT_FOUND });
      }
    });
  });

  describe('live sessions and articles', () => {
    const live = (id = ids.live) => ({ contentType: 'live', contentId: id });
    const article = (id = ids.article) => ({ contentType: 'article', contentId: id });

    it('favourites a live session and an article, and keeps their views', async () => {
      const { app } = ctx();
      for (const ref of [live(), article()]) {
        const answer = await post(app, '/api/favourites', ref, { token: token(8) });
        expect(body(answer)).toEqual({ code: 0, message: '', data: { favourited: true } });
        await post(app, '/api/history', ref, { token: token(8) });
        await pause();
      }
      const { data } = await favourites(8);
      expect(
        data.list.map(({ contentType, title, subtitle, cover }) => ({
          contentType,
          title,
          subtitle,
          cover,
        })),
      ).toEqual([
        { contentType: 'article', title: '寒假开放时间', subtitle: '公告 · 学院公告', cover: null },
        {
          contentType: 'live',
          title: '摄影讲座直播',
          subtitle: '周老师 · 社区学院直播间',
          cover: '/files/covers/live-session-1.svg',
        },
      ]);
      expect((await favourites(8, '?contentType=live')).data.total).toBe(1);
      expect((await history(8, '?contentType=article')).data.list).toEqual([
        expect.objectContaining({ contentType: 'article', contentId: ids.article }),
      ]);
    });

    it("refuses an unpublished live session and another site's article with 404", async () => {
      const { app } = ctx();
      for (const ref of [live(ids.hiddenLive), article(ids.otherArticle)]) {
        const answer = await post(app, '/api/favourites', ref, { token: token(9) });
        expect(body(answer)).toMatchObject({ code: 404, message: NOT_FOUND });
        const viewed = await post(app, '/api/history', ref, { token: token(9) });
        expect(body(viewed)).toMatchObject({ code: 404, message: NOT_FOUND });
      }
      expect((await favourites(9)).data.total).toBe(0);
      expect((await history(9)).data.total).toBe(0);
    });
  });

  describe('the database', () => {
    it('refuses a content type outside the CHECK', async () => {
      const { db } = ctx().app.database;
      await expect(
        sql`insert into favourites (user_id, content_type, content_id, site_key, created_at)
          values (${(learners[0] as TestLearner).id}, 'video', 1, ${SITE}, 0)`.execute(db),
      ).rejects.toThrow();
    });
  });
});
