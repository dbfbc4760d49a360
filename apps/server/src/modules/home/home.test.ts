import type { Home, HomeMe, Page, StudyCourse } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createActivity } from '../../testing/activity-factory.ts';
import {
  BASIC_FORM,
  createClass,
  createLearners,
  type TestLearner,
  windows,
} from '../../testing/class-factory.ts';
import { createCourse } from '../../testing/course-factory.ts';
import { createEbook } from '../../testing/ebook-factory.ts';
import { body, describeEachEngine } from '../../testing/test-app.ts';
import { insertTopic } from '../topics/topics.queries.ts';

/** Sites of their own, so the home holds only what these tests create. */
const SITE = 'hometest';
const OTHER = 'hometest2';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function home(app: FastifyInstance, site = SITE, token?: string) {
  return app.inject({
    url: '/api/home',
    headers: { 'x-site': site, ...(token ? bearer(token) : {}) },
  });
}

function report(app: FastifyInstance, token: string, lessonId: number, position = 30) {
  return app.inject({
    method: 'POST',
    url: '/api/study/progress',
    headers: { 'x-site': SITE, ...bearer(token) },
    payload: { lessonId, positionSeconds: position, watchedSeconds: 5 },
  });
}

describeEachEngine('home API', (ctx) => {
  const ids = {
    popular: 0,
    newest: 0,
    hidden: 0,
    other: 0,
    open: 0,
    full: 0,
    running: 0,
    short: { id: 0, lessons: [] as number[] },
  };
  let learner: TestLearner;
  let stranger: TestLearner;

  beforeAll(async () => {
    const { app } = ctx();
    const db = app.database.db;
    const now = Date.now();
    await db
      .insertInto('sites')
      .values([
        { key: SITE, name: '首页测试网', sort: 8, created_at: now },
        { key: OTHER, name: '另一测试网', sort: 9, created_at: now },
      ])
      .execute();
    app.sites.invalidate();
    const course = (title: string, extra: Record<string, unknown> = {}) =>
      createCourse(db, { site_key: SITE, title, ...extra });
    ids.popular = (await course('太极拳入门', { learner_count: 900, published_at: now - 9e6 })).id;
    for (let i = 0; i < 8; i += 1) {
      await course(`社区课程${i}`, { learner_count: i, published_at: now - 8e6 + i * 1000 });
    }
    ids.newest = (await course('智能手机课堂', { learner_count: 1, published_at: now })).id;
    ids.hidden = (await course('未上线课程', { published: 0, learner_count: 5000 })).id;
    const short = await course('短课程', { published_at: now - 9.5e6 });
    ids.short = { id: short.id, lessons: short.lessonIds };
    ids.other = (await createCourse(db, { site_key: OTHER, title: '别站课程' })).id;

    ids.open = await createClass(db, {
      site_key: SITE,
      title: '书法班',
      courseIds: [ids.popular],
    });
    ids.full = await createClass(db, {
      site_key: SITE,
      title: '满员班',
      capacity: 1,
      seats_taken: 1,
    });
    ids.running = await createClass(db, { site_key: SITE, title: '开课班', ...windows.closed() });
    await createClass(db, { site_key: SITE, title: '未上线班', published: 0 });
    await createClass(db, { site_key: OTHER, title: '别站班级' });

    const learners = await createLearners(db, 2, SITE);
    learner = learners[0] as TestLearner;
    stranger = learners[1] as TestLearner;
    const signup = await app.inject({
      method: 'POST',
      url: '/api/classes/signup',
      headers: { 'x-site': SITE, ...bearer(learner.token) },
      payload: { classId: ids.open, form: BASIC_FORM },
    });
    expect(body(signup).code).toBe(0);
    app.home.invalidate();
  });

  describe('GET /api/home', () => {
    it('answers banners, recommended courses, open classes and area sections', async () => {
      const response = await home(ctx().app);
      expect(response.statusCode).toBe(200);
      const { code, data } = body<Home>(response);
      expect(code).toBe(0);
      expect(data.banners.length).toBeGreaterThanOrEqual(3);
      expect(data.banners.length).toBeLessThanOrEqual(5);
      for (const banner of data.banners) {
        expect(banner.title).toMatch(/\S/);
        expect(banner.image).toMatch(/^\//);
      }
      expect(data.banners[0]).toMatchObject({ link: { kind: 'course', id: ids.popular } });
      expect(data.banners.map((banner) => banner.link)).toContainEqual({
        kind: 'class',
        id: ids.open,
      });
      expect(data.banners.at(-1)?.link).toEqual({ kind: 'courseList' });

      expect(data.recommended).toHaveLength(6);
      const recommended = data.recommended.map((course) => course.id);
      expect(recommended.slice(0, 2)).toEqual([ids.popular, ids.newest]);
      expect(new Set(recommended).size).toBe(6);
      expect(data.recommended[0]).toMatchObject({ title: '太极拳入门', learnerCount: 900 });

      expect(data.openClasses.map((klass) => klass.title)).toEqual(['书法班']);
      expect(data.openClasses[0]).toMatchObject({ status: '报名中', seatsLeft: 19 });

      expect(data.sections.map((section) => section.kind)).toEqual(['courses', 'classes']);
      const [courses, classes] = data.sections;
      expect(courses?.items.length).toBeGreaterThan(0);
      for (const item of courses?.items ?? []) expect(recommended).not.toContain(item.id);
      expect(classes?.items.map((item) => item.title)).toEqual(['开课班']);
    });

    it('hides unpublished content and content of other sites', async () => {
      const { data } = body<Home>(await home(ctx().app));
      const text = JSON.stringify(data);
      for (const hidden of ['未上线课程', '别站课程', '未上线班', '别站班级', '满员班']) {
        expect(text).not.toContain(hidden);
      }
      const other = body<Home>(await home(ctx().app, OTHER)).data;
      expect(other.recommended.map((course) => course.title)).toEqual(['别站课程']);
      expect(other.openClasses.map((klass) => klass.title)).toEqual(['别站班级']);
      expect(JSON.stringify(other)).not.toContain('太极拳入门');
    });

    it('answers the same, with nothing personal, when a token is sent', async () => {
      const visitor = await home(ctx().app);
      const learnerView = await home(ctx().app, SITE, learner.token);
      expect(body(learnerView)).toEqual(body(visitor));
    });

    it('answers 400 for an unknown site', async () => {
      const response = await home(ctx().app, 'nowhere');
      expect(body(response)).toEqual({ code: 400, message: '未知的站点：nowhere', data: null });
    });

    it('serves a site from its cache for a few seconds, then sees new content', async () => {
      const { app } = ctx();
      const before = body<Home>(await home(app)).data;
      await createCourse(app.database.db, {
        site_key: SITE,
        title: '刚刚上线的课程',
        published_at: Date.now() + 1000,
      });
      expect(body<Home>(await home(app)).data).toEqual(before);
      app.home.invalidate();
      const after = body<Home>(await home(app)).data;
      expect(after.recommended.map((course) => course.title)).toContain('刚刚上线的课程');
    });
  });

  describe('activities, e-books and topics on the home', () => {
    it('shows open activities and new e-books as sections, a topic and an activity as banners', async () => {
      const { app } = ctx();
      const { db } = app.database;
      const activity = await createActivity(db, { site_key: SITE, title: '社区读书会' });
      await createActivity(db, { site_key: SITE, title: '未上线活动', published: 0 });
      await createActivity(db, { site_key: OTHER, title: '别站活动' });
      const ebook = await createEbook(db, { site_key: SITE, title: '家庭教育指南' });
      await insertTopic(db, {
        site_key: SITE,
        slug: '2024/jtjy',
        title: '家庭教育',
        subtitle: '2024年家庭教育专题',
        banner: '/files/covers/topic-test.svg',
        introduction: '专题简介',
        published: 1,
        created_at: Date.now(),
      });
      app.activities.invalidateLists();
      app.home.invalidate();
      const { data } = body<Home>(await home(app));
      const activities = data.sections.find((section) => section.kind === 'activities');
      const ebooks = data.sections.find((section) => section.kind === 'ebooks');
      expect(activities?.items.map((item) => item.id)).toEqual([activity]);
      expect(activities?.items[0]).toMatchObject({ status: '报名中' });
      expect(ebooks?.items.map((item) => item.id)).toEqual([ebook]);
      const links = data.banners.map((banner) => banner.link);
      expect(links[1]).toEqual({ kind: 'topic', slug: '2024/jtjy' });
      expect(links).toContainEqual({ kind: 'activity', id: activity });
      expect(links.at(-1)).toEqual({ kind: 'courseList' });
      expect(data.banners.length).toBeLessThanOrEqual(5);
      const text = JSON.stringify(data);
      expect(text).not.toContain('未上线活动');
      expect(text).not.toContain('别站活动');
    });
  });

  describe('GET /api/home/me', () => {
    it('answers code 301 without a token', async () => {
      const response = await ctx().app.inject({ url: '/api/home/me', headers: { 'x-site': SITE } });
      expect(response.statusCode).toBe(200);
      expect(body(response)).toEqual({ code: 301, message: '未登录或登录已过期', data: null });
    });

    it('answers an empty panel for a learner who has not started', async () => {
      const response = await ctx().app.inject({
        url: '/api/home/me',
        headers: { 'x-site': SITE, ...bearer(stranger.token) },
      });
      expect(body(response)).toEqual({
        code: 0,
        message: '',
        data: { continueLearning: null, myClasses: [], myClassCount: 0, todaySeconds: 0 },
      });
    });

    it('answers the course studied last with its progress, my classes and today', async () => {
      const { app } = ctx();
      expect(body(await report(app, learner.token, ids.short.lessons[0] as number)).code).toBe(0);
      const response = await app.inject({
        url: '/api/home/me',
        headers: { 'x-site': SITE, ...bearer(learner.token) },
      });
      const { code, data } = body<HomeMe>(response);
      expect(code).toBe(0);
      expect(data.continueLearning).toMatchObject({
        courseId: ids.short.id,
        title: '短课程',
        lessonId: ids.short.lessons[0],
        completedLessons: 0,
        totalLessons: 2,
      });
      expect(data.myClasses.map((klass) => klass.id)).toEqual([ids.open]);
      expect(data.myClassCount).toBe(1);
      expect(data.todaySeconds).toBeGreaterThanOrEqual(0);
      // Only this site's panel: another site sees none of it.
      const other = await app.inject({
        url: '/api/home/me',
        headers: { 'x-site': OTHER, ...bearer(learner.token) },
      });
      expect(body<HomeMe>(other).data).toMatchObject({ continueLearning: null, myClasses: [] });
    });
  });

  describe('GET /api/study/courses', () => {
    const list = (token: string | null, query: string) =>
      ctx().app.inject({
        url: `/api/study/courses${query}`,
        headers: { 'x-site': SITE, ...(token ? bearer(token) : {}) },
      });

    it('answers code 301 without a token', async () => {
      expect(body(await list(null, '?state=learning')).code).toBe(301);
    });

    it('answers 400 naming the field for a bad state, page or size', async () => {
      const bad = body(await list(learner.token, '?state=paused'));
      expect(bad.code).toBe(400);
      expect(bad.message).toMatch(/^学习状态/);
      expect(body(await list(learner.token, '?page=-1')).code).toBe(400);
      expect(body(await list(learner.token, '?size=500')).code).toBe(400);
    });

    it('lists started courses as learning and moves a finished one to completed', async () => {
      const { app } = ctx();
      const [first, second] = ids.short.lessons as [number, number];
      await report(app, learner.token, first);
      const learning = body<Page<StudyCourse>>(await list(learner.token, '?state=learning')).data;
      expect(learning.list.map((course) => course.courseId)).toContain(ids.short.id);
      expect(learning.total).toBe(learning.list.length);

      // Both video lessons of the short course played to the end (positions are clamped).
      await report(app, learner.token, first, 10_000);
      await report(app, learner.token, second, 10_000);
      const completed = body<Page<StudyCourse>>(await list(learner.token, '?state=completed'));
      expect(completed.code).toBe(0);
      expect(completed.data.list).toHaveLength(1);
      expect(completed.data.list[0]).toMatchObject({
        courseId: ids.short.id,
        completedLessons: 2,
        totalLessons: 2,
      });
      expect(completed.data.list[0]?.completedAt).toMatch(/^\d{4}-/);
      const after = body<Page<StudyCourse>>(await list(learner.token, '?state=learning')).data;
      expect(after.list.map((course) => course.courseId)).not.toContain(ids.short.id);
    });

    it('lists only the learner’s own courses of the request’s site', async () => {
      const mine = body<Page<StudyCourse>>(await list(stranger.token, '')).data;
      expect(mine).toEqual({ list: [], total: 0, page: 1, size: 20 });
      const other = await ctx().app.inject({
        url: '/api/study/courses?state=completed',
        headers: { 'x-site': OTHER, ...bearer(learner.token) },
      });
      expect(body<Page<StudyCourse>>(other).data.total).toBe(0);
    });
  });
});
