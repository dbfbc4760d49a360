import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import type {
  ActivitySummary,
  ArticleSummary,
  ClassSummary,
  EbookSummary,
  Home,
  Page,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createDatabase } from '../db/database.ts';
import { insertArticleChannels } from '../modules/articles/articles.queries.ts';
import { insertWork } from '../modules/team-works/team-works.queries.ts';
import { PublicCache } from '../platform/public-cache.ts';
import { createActivity, FULL_FORM } from '../testing/activity-factory.ts';
import {
  BASIC_FORM,
  createClass,
  createLearners,
  type TestLearner,
} from '../testing/class-factory.ts';
import { createCourse } from '../testing/course-factory.ts';
import { createEbook } from '../testing/ebook-factory.ts';
import { createTeam } from '../testing/team-factory.ts';
import { body, buildTestApp, describeEachEngine, type TestApp } from '../testing/test-app.ts';
import { createWalk } from '../testing/walk-factory.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function addSite(app: FastifyInstance, key: string) {
  await app.database.db
    .insertInto('sites')
    .values({ key, name: `${key}测试网`, sort: 20, created_at: Date.now() })
    .execute();
  app.sites.invalidate();
}

function get<T>(app: FastifyInstance, site: string, url: string, token?: string) {
  return app
    .inject({ url, headers: { 'x-site': site, ...(token ? bearer(token) : {}) } })
    .then((response) => {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      const parsed = body<T>(response);
      expect(parsed.code).toBe(0);
      return parsed.data;
    });
}

function post(app: FastifyInstance, site: string, url: string, token: string, payload: object) {
  return app
    .inject({ method: 'POST', url, headers: { 'x-site': site, ...bearer(token) }, payload })
    .then((response) => body(response));
}

const classOf = (page: Page<ClassSummary>, id: number) => page.list.find((item) => item.id === id);

describeEachEngine('visitors served from the public cache', (ctx) => {
  const SITE = 'cachetest';
  let learners: TestLearner[];

  beforeAll(async () => {
    const { app } = ctx();
    await addSite(app, SITE);
    learners = await createLearners(app.database.db, 3, SITE);
  });

  it('keeps a visitor’s list briefly, but never answers a learner from it', async () => {
    const { app } = ctx();
    const first = await createClass(app.database.db, { site_key: SITE, title: '先开的班' });
    const before = await get<Page<ClassSummary>>(app, SITE, '/api/classes');
    expect(classOf(before, first)).toBeDefined();
    // Written behind the services' back: the visitor is served the kept answer...
    const later = await createClass(app.database.db, { site_key: SITE, title: '后开的班' });
    const visitor = await get<Page<ClassSummary>>(app, SITE, '/api/classes?page=1&size=20');
    expect(visitor).toEqual(before);
    // ...while a learner's call is built fresh.
    const learner = await get<Page<ClassSummary>>(app, SITE, '/api/classes', learners[0]?.token);
    expect(classOf(learner, later)).toBeDefined();
    app.home.invalidate();
    expect(classOf(await get(app, SITE, '/api/classes'), later)).toBeDefined();
  });

  it('shows a visitor a class full, on the list and the home, as soon as its last seat is taken', async () => {
    const { app } = ctx();
    const id = await createClass(app.database.db, {
      site_key: SITE,
      title: '只剩一席的班',
      capacity: 1,
    });
    app.home.invalidate();
    expect(classOf(await get(app, SITE, '/api/classes'), id)).toMatchObject({
      status: '报名中',
      seatsLeft: 1,
    });
    const home = await get<Home>(app, SITE, '/api/home');
    expect(home.openClasses.map((item) => item.id)).toContain(id);

    const token = learners[1]?.token ?? '';
    const signup = await post(app, SITE, '/api/classes/signup', token, {
      classId: id,
      form: BASIC_FORM,
    });
    expect(signup.code).toBe(0);
    expect(classOf(await get(app, SITE, '/api/classes'), id)).toMatchObject({
      status: '已满',
      seatsLeft: 0,
    });
    const after = await get<Home>(app, SITE, '/api/home');
    expect(after.openClasses.map((item) => item.id)).not.toContain(id);

    const cancel = await post(app, SITE, '/api/classes/cancel', token, { classId: id });
    expect(cancel.code).toBe(0);
    expect(classOf(await get(app, SITE, '/api/classes'), id)).toMatchObject({
      status: '报名中',
      seatsLeft: 1,
    });
    expect((await get<Home>(app, SITE, '/api/home')).openClasses.map((item) => item.id)).toContain(
      id,
    );
  });

  it('shows a visitor an activity full as soon as its last seat is taken', async () => {
    const { app } = ctx();
    const id = await createActivity(app.database.db, {
      site_key: SITE,
      title: '只剩一席的活动',
      capacity: 1,
    });
    app.activities.invalidateLists();
    const listed = async () =>
      (await get<Page<ActivitySummary>>(app, SITE, '/api/activities')).list.find(
        (item) => item.id === id,
      );
    expect(await listed()).toMatchObject({ status: '报名中', seatsLeft: 1 });
    const section = async () =>
      (await get<Home>(app, SITE, '/api/home')).sections.find((s) => s.kind === 'activities');
    expect((await section())?.items.map((item) => item.id)).toContain(id);

    const applied = await post(app, SITE, '/api/activities/apply', learners[2]?.token ?? '', {
      activityId: id,
      form: FULL_FORM,
    });
    expect(applied.code).toBe(0);
    expect(await listed()).toMatchObject({ status: '已满', seatsLeft: 0 });
    expect((await section())?.items.map((item) => item.id) ?? []).not.toContain(id);
  });

  it('sends a visitor the kept answer compressed as they accept it, a learner theirs fresh', async () => {
    const { app } = ctx();
    const plain = await app.inject({ url: '/api/home', headers: { 'x-site': SITE } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [accept, coding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const answer = await app.inject({
        url: '/api/home',
        headers: { 'x-site': SITE, 'accept-encoding': accept },
      });
      expect(answer.headers['content-encoding']).toBe(coding);
      expect(answer.headers.vary).toContain('accept-encoding');
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      const decoded =
        coding === 'br'
          ? zlib.brotliDecompressSync(answer.rawPayload)
          : zlib.gunzipSync(answer.rawPayload);
      expect(decoded.toString()).toBe(plain.body);
    }
  });

  it('keeps only the first pages, and never a keyword search', async () => {
    const { app } = ctx();
    const { db } = app.database;
    for (let i = 0; i < 4; i += 1) await createEbook(db, { site_key: SITE, title: `分页书${i}` });
    app.home.invalidate();
    const titles = async (url: string) =>
      (await get<Page<EbookSummary>>(app, SITE, url)).list.map((book) => book.title);
    const fourth = (await titles('/api/ebooks?page=4&size=1'))[0];
    const first = (await titles('/api/ebooks?page=1&size=1'))[0];
    await db
      .updateTable('ebooks')
      .set({ title: '改过的书名' })
      .where('site_key', '=', SITE)
      .execute();
    expect(await titles('/api/ebooks?page=1&size=1')).toEqual([first]);
    expect(await titles('/api/ebooks?page=4&size=1')).not.toEqual([fourth]);
    expect(await titles('/api/ebooks?keyword=改过')).toContain('改过的书名');
  });

  it('keeps a visitor’s article list (login optional) but builds a learner’s with their unread marks', async () => {
    const { app } = ctx();
    const [channel] = await insertArticleChannels(app.database.db, [
      { site_key: SITE, kind: 'notice', name: '缓存公告', sort: 1 },
    ]);
    const notice = (title: string) =>
      app.articles.createArticle(SITE, {
        channelId: Number(channel),
        title,
        source: '测试',
        bodyHtml: '<p>正文</p>',
        publishedAt: Date.now(),
      });
    const first = await notice('第一条公告');
    type Notices = Page<ArticleSummary>;
    const visitor = () => get<Notices>(app, SITE, '/api/articles?kind=notice');
    const before = await visitor();
    expect(before.list.map((item) => [item.id, item.unread])).toEqual([[first, false]]);

    // Written behind the service's back: visitors are served the kept list...
    await app.database.db
      .updateTable('articles')
      .set({ title: '改过的公告' })
      .where('id', '=', first)
      .execute();
    expect(await visitor()).toEqual(before);
    // ...a learner's is built fresh, with the notice unread...
    const token = learners[0]?.token ?? '';
    const mine = await get<Notices>(app, SITE, '/api/articles?kind=notice', token);
    expect(mine.list.map((item) => [item.title, item.unread])).toEqual([['改过的公告', true]]);
    // ...and a call with a token that is no good is not answered from the kept list either.
    const stale = await get<Notices>(app, SITE, '/api/articles?kind=notice', 'not-a-token');
    expect(stale.list[0]?.title).toBe('改过的公告');
    expect((await visitor()).list[0]?.title).toBe('第一条公告');

    // An article stored through the service shows at once.
    const second = await notice('第二条公告');
    expect((await visitor()).list.map((item) => item.id)).toEqual([second, first]);
  });
});

// Two server instances on one database, sharing the content version through Redis.
const redisUrl = process.env.TEST_REDIS_URL;
describe.skipIf(!redisUrl)('several instances sharing Redis (TEST_REDIS_URL)', () => {
  const prefix = `test:${randomUUID()}:`;
  const SITE = 'cachetwo';
  let one: TestApp;
  let two: FastifyInstance;

  beforeAll(async () => {
    const shared = () => new PublicCache({ redisUrl, prefix });
    one = await buildTestApp('sqlite', {}, undefined, { publicCache: shared() });
    const config = one.app.config;
    two = await buildApp(config, {
      database: await createDatabase({ sqliteFile: `${config.dataDir}/portal.sqlite` }),
      publicCache: shared(),
      checkResponses: true,
      logger: false,
    });
    await Promise.all([one.app.publicCache.ready(), two.publicCache.ready()]);
    await addSite(one.app, SITE);
    two.sites.invalidate();
  }, 60_000);
  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  it('shows the visitors of one instance a class full as soon as the other took its last seat', async () => {
    const id = await createClass(one.app.database.db, {
      site_key: SITE,
      title: '两台服务器的班',
      capacity: 1,
    });
    const [learner] = await createLearners(one.app.database.db, 1, SITE);
    expect(classOf(await get(one.app, SITE, '/api/classes'), id)).toMatchObject({
      status: '报名中',
    });
    expect(classOf(await get(one.app, SITE, '/api/classes'), id)).toMatchObject({
      status: '报名中',
    });
    const signup = await post(two, SITE, '/api/classes/signup', learner?.token ?? '', {
      classId: id,
      form: BASIC_FORM,
    });
    expect(signup.code).toBe(0);
    expect(classOf(await get(one.app, SITE, '/api/classes'), id)).toMatchObject({
      status: '已满',
      seatsLeft: 0,
    });
  });
});

/**
 * A read's text renamed behind the services' back (`table.column` gains 「（改）」): a visitor is
 * shown the kept answer, a learner the fresh one.
 */
async function keptForVisitors(
  app: FastifyInstance,
  token: string,
  [url, table, column]: [url: string, table: string, column: string],
) {
  const SITE = 'jingan';
  app.publicCache.forget();
  const before = await get(app, SITE, url);
  await sql`UPDATE ${sql.table(table)} SET ${sql.ref(column)} = ${sql.ref(column)} || '（改）'`.execute(
    app.database.db,
  );
  try {
    expect(await get(app, SITE, url)).toEqual(before);
    const fresh = await get(app, SITE, url, token);
    expect(fresh).not.toEqual(before);
    expect(JSON.stringify(fresh)).toContain('（改）');
  } finally {
    await sql`UPDATE ${sql.table(table)} SET ${sql.ref(column)} = replace(${sql.ref(column)}, '（改）', '')`.execute(
      app.database.db,
    );
    app.publicCache.forget();
  }
}

/** A test of each read with {@link keptForVisitors}, by a learner of `jingan`. */
function keptReads(ctx: () => TestApp, reads: Array<[url: string, table: string, column: string]>) {
  let learner: TestLearner;
  beforeAll(async () => {
    [learner] = (await createLearners(ctx().app.database.db, 1, 'jingan')) as [TestLearner];
  });
  it.each(reads)('keeps %s for visitors and builds it fresh for a learner', async (...read) => {
    await keptForVisitors(ctx().app, learner.token, read);
  });
}

describeEachEngine('content that only publishing changes, kept for visitors', (ctx) => {
  const topic = encodeURIComponent('2024/jtjy');
  /** Each read, and the table and column whose text it shows. */
  const reads: Array<[url: string, table: string, column: string]> = [
    ['/api/courses/categories', 'course_categories', 'name'],
    ['/api/ebooks/categories', 'ebook_categories', 'name'],
    ['/api/ebooks/detail?id=1', 'ebooks', 'title'],
    [`/api/topics/detail?slug=${topic}`, 'topics', 'title'],
    [`/api/topics/ebooks?slug=${topic}`, 'ebooks', 'title'],
    ['/api/places', 'map_places', 'name'],
    ['/api/places/detail?id=1', 'map_places', 'name'],
    ['/api/places/courses?id=1', 'courses', 'title'],
    ['/api/places/classes?id=1', 'classes', 'title'],
    ['/api/places/projects?id=10', 'map_place_projects', 'title'],
    ['/api/live/channels', 'live_channels', 'name'],
    ['/api/articles/channels', 'article_channels', 'name'],
    ['/api/delivery/resources', 'delivery_resources', 'title'],
    ['/api/delivery/resources/detail?id=6', 'delivery_resources', 'title'],
    ['/api/activities/detail?id=1', 'activities', 'title'],
  ];
  keptReads(ctx, reads);
});

describeEachEngine('the map of every visitor and learner', (ctx) => {
  it('draws the markers from one index per site and filter, made again when places are published', async () => {
    const { app } = ctx();
    const [learner] = (await createLearners(app.database.db, 1, 'jingan')) as [TestLearner];
    const url = '/api/places/markers?zoom=18';
    app.publicCache.forget();
    const before = await get(app, 'jingan', url, learner.token);
    await sql`UPDATE map_places SET name = name || '（改）'`.execute(app.database.db);
    try {
      // Not published: the index (and the visitors' kept answer) stands, for everyone.
      expect(await get(app, 'jingan', url, learner.token)).toEqual(before);
      expect(await get(app, 'jingan', url)).toEqual(before);
      // Published: both see the new names at once.
      await app.publicCache.invalidate('jingan');
      for (const token of [learner.token, undefined]) {
        expect(JSON.stringify(await get(app, 'jingan', url, token))).toContain('（改）');
      }
    } finally {
      await sql`UPDATE map_places SET name = replace(name, '（改）', '')`.execute(app.database.db);
      await app.publicCache.invalidate('jingan');
    }
  });
});

describeEachEngine('what learners do, shown to visitors within the cache’s short life', (ctx) => {
  /** Each read, and the table and column whose text it shows. */
  const reads: Array<[url: string, table: string, column: string]> = [
    ['/api/teams', 'teams', 'name'],
    ['/api/teams/detail?id=1', 'teams', 'name'],
    ['/api/teams/members?id=1', 'users', 'nickname'],
    ['/api/team-works?teamId=1', 'team_works', 'body'],
    ['/api/team-works/detail?id=1', 'team_works', 'body'],
    ['/api/live/timetable', 'live_sessions', 'title'],
  ];
  keptReads(ctx, reads);

  it('shows visitors a deleted work, a renamed team and a dissolved one at once', async () => {
    const { app } = ctx();
    const { db } = app.database;
    const [leader] = (await createLearners(db, 1, 'jingan')) as [TestLearner];
    const team = await createTeam(db, leader.id, { name: `访客所见之队${leader.id}` });
    const work = await insertWork(
      db,
      { teamId: team, authorId: leader.id, body: '将被删除的作品', at: Date.now() },
      [],
    );
    const visitor = (url: string) =>
      app.inject({ url, headers: { 'x-site': 'jingan' } }).then((answer) => body(answer));
    expect((await visitor(`/api/team-works/detail?id=${work}`)).code).toBe(0);
    expect(
      await post(app, 'jingan', '/api/team-works/delete', leader.token, { workId: work }),
    ).toMatchObject({ code: 0 });
    expect((await visitor(`/api/team-works/detail?id=${work}`)).code).toBe(404);

    const detail = `/api/teams/detail?id=${team}`;
    expect((await visitor(detail)).data).toMatchObject({ name: `访客所见之队${leader.id}` });
    const renamed = `改名之队${leader.id}`;
    expect(
      await post(app, 'jingan', '/api/teams/update', leader.token, { teamId: team, name: renamed }),
    ).toMatchObject({ code: 0 });
    expect((await visitor(detail)).data).toMatchObject({ name: renamed });
    expect(
      await post(app, 'jingan', '/api/teams/dissolve', leader.token, {
        teamId: team,
        confirmName: renamed,
      }),
    ).toMatchObject({ code: 0 });
    expect((await visitor(detail)).code).toBe(404);
  });

  it('shows visitors a resource linked to a team, and one unlinked, at once', async () => {
    const { app } = ctx();
    const { db } = app.database;
    const [leader] = (await createLearners(db, 1, 'jingan')) as [TestLearner];
    const team = await createTeam(db, leader.id, { name: `资源之队${leader.id}` });
    const course = await createCourse(db, { title: `访客所见的课程${leader.id}` });
    const url = `/api/team-resources?teamId=${team}`;
    const titles = async () =>
      (await get<{ list: Array<{ title: string }> }>(app, 'jingan', url)).list.map(
        (item) => item.title,
      );
    expect(await titles()).toEqual([]);
    const ref = { teamId: team, kind: 'course', resourceId: course.id };
    expect(await post(app, 'jingan', '/api/team-resources/link', leader.token, ref)).toMatchObject({
      code: 0,
    });
    expect(await titles()).toEqual([`访客所见的课程${leader.id}`]);
    expect(
      await post(app, 'jingan', '/api/team-resources/unlink', leader.token, ref),
    ).toMatchObject({ code: 0 });
    expect(await titles()).toEqual([]);
  });

  it('shows visitors a walk session’s seat taken, and given back, at once', async () => {
    const { app } = ctx();
    const { db } = app.database;
    const [walker] = (await createLearners(db, 1, 'jingan')) as [TestLearner];
    const { walkId, sessionId } = await createWalk(db, { capacity: 5 });
    const seatsLeft = async () =>
      (
        await get<{ sessions: Array<{ id: number; seatsLeft: number }> }>(
          app,
          'jingan',
          `/api/walks/detail?id=${walkId}`,
        )
      ).sessions.find((session) => session.id === sessionId)?.seatsLeft;
    expect(await seatsLeft()).toBe(5);
    expect(
      await post(app, 'jingan', '/api/walks/signup', walker.token, { sessionId }),
    ).toMatchObject({ code: 0 });
    expect(await seatsLeft()).toBe(4);
    expect(
      await post(app, 'jingan', '/api/walks/cancel', walker.token, { sessionId }),
    ).toMatchObject({ code: 0 });
    expect(await seatsLeft()).toBe(5);
  });

  it('never keeps a search of the teams', async () => {
    const { app } = ctx();
    const url = `/api/teams?q=${encodeURIComponent('改')}`;
    const before = await get<Page<{ id: number }>>(app, 'jingan', url);
    await sql`UPDATE teams SET name = name || '（改）'`.execute(app.database.db);
    try {
      const after = await get<Page<{ id: number }>>(app, 'jingan', url);
      expect(after.total).toBeGreaterThan(before.total);
    } finally {
      await sql`UPDATE teams SET name = replace(name, '（改）', '')`.execute(app.database.db);
    }
  });
});
