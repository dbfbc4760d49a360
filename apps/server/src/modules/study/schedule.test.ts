import type { Page, ScheduleItem } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { createActivity } from '../../testing/activity-factory.ts';
import { createClass, createLearners, type TestLearner } from '../../testing/class-factory.ts';
import { createLiveChannel, createLiveSession } from '../../testing/live-factory.ts';
import { body, describeEachEngine } from '../../testing/test-app.ts';

const SITE = 'scheduletest';
const OTHER_SITE = 'scheduletest2';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function get(app: FastifyInstance, url: string, token?: string, site = SITE) {
  return app.inject({
    url,
    headers: { 'x-site': site, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

describeEachEngine('GET /api/study/schedule', (ctx) => {
  let learners: TestLearner[];
  const learner = (n: number) => learners[n] as TestLearner;
  const schedule = async (query = '', n = 0) =>
    body<Page<ScheduleItem>>(await get(ctx().app, `/api/study/schedule${query}`, learner(n).token))
      .data;
  const keys = (page: Page<ScheduleItem>) => page.list.map((item) => `${item.kind}:${item.title}`);

  beforeAll(async () => {
    const { app } = ctx();
    const { db } = app.database;
    const now = Date.now();
    await db
      .insertInto('sites')
      .values([
        { key: SITE, name: '日程测试学习网', sort: 9, created_at: now },
        { key: OTHER_SITE, name: '另一日程学习网', sort: 10, created_at: now },
      ])
      .execute();
    app.sites.invalidate();
    learners = await createLearners(db, 2, SITE);
    const channel = await createLiveChannel(db, { siteKey: SITE, name: '社区直播间' });
    const live = (title: string, starts_at: number) =>
      createLiveSession(db, {
        site_key: SITE,
        channel_id: channel,
        title,
        starts_at,
        ends_at: starts_at + HOUR,
      });
    const reserve = (user_id: number, session_id: number) =>
      db.insertInto('live_reservations').values({ user_id, session_id, created_at: now }).execute();
    const me = learner(0).id;
    const other = learner(1).id;
    await reserve(me, await live('明天的直播', now + DAY));
    await reserve(me, await live('正在直播', now - HOUR / 2));
    await reserve(me, await live('昨天的直播', now - DAY));
    await reserve(other, await live('别人预约的直播', now + 2 * HOUR));

    const klass = (title: string, start: number, end: number) =>
      createClass(db, {
        site_key: SITE,
        title,
        place: '社区学院三楼',
        signup_start: now - 30 * DAY,
        signup_end: now - DAY,
        start_at: start,
        end_at: end,
      });
    const signup = async (class_id: number, user_id: number, status: 'active' | 'cancelled') =>
      db
        .insertInto('class_signups')
        .values({
          class_id,
          user_id,
          form: '{}',
          status,
          signed_up_at: now,
          created_at: now,
          updated_at: now,
        })
        .execute();
    await signup(await klass('进行中的书法班', now - DAY, now + 30 * DAY), me, 'active');
    await signup(await klass('下周的摄影班', now + 7 * DAY, now + 60 * DAY), me, 'active');
    await signup(await klass('已取消的班级', now + 3 * DAY, now + 60 * DAY), me, 'cancelled');
    await signup(await klass('已结课的班级', now - 60 * DAY, now - DAY), me, 'active');
    const otherSiteClass = await createClass(db, {
      site_key: OTHER_SITE,
      title: '别站的班级',
      start_at: now + DAY,
      end_at: now + 9 * DAY,
    });
    await signup(otherSiteClass, me, 'active');

    const activity = (title: string, start: number) =>
      createActivity(db, {
        site_key: SITE,
        title,
        place: '街道图书馆',
        start_at: start,
        end_at: start + 2 * HOUR,
      });
    const apply = (activity_id: number, user_id: number, status: 'active' | 'cancelled') =>
      db
        .insertInto('activity_applications')
        .values({
          activity_id,
          user_id,
          form: '{}',
          status,
          checkin_code: status === 'active' ? `code-${activity_id}-${user_id}` : null,
          checked_in_at: null,
          applied_at: now,
          created_at: now,
          updated_at: now,
        })
        .execute();
    await apply(await activity('后天的讲座', now + 2 * DAY), me, 'active');
    await apply(await activity('取消了的参访', now + 3 * DAY), me, 'cancelled');
    await apply(await activity('别人的活动', now + 3 * DAY), other, 'active');
  });

  it('merges my reserved sessions, classes and activities not ended yet, by start time', async () => {
    const page = await schedule();
    expect(keys(page)).toEqual([
      'class:进行中的书法班',
      'live:正在直播',
      'live:明天的直播',
      'activity:后天的讲座',
      'class:下周的摄影班',
    ]);
    expect(page.total).toBe(5);
    expect(page.list[2]).toMatchObject({ place: '社区直播间' });
    expect(page.list[3]).toMatchObject({ place: '街道图书馆' });
    expect(page.list[4]).toMatchObject({ place: '社区学院三楼' });
    for (const item of page.list) {
      expect(Date.parse(item.endsAt)).toBeGreaterThan(Date.now());
      expect(Date.parse(item.startsAt)).toBeLessThan(Date.parse(item.endsAt));
    }
  });

  it('pages in the same order', async () => {
    const first = await schedule('?page=1&size=2');
    const second = await schedule('?page=2&size=2');
    const third = await schedule('?page=3&size=2');
    expect([...keys(first), ...keys(second), ...keys(third)]).toEqual(keys(await schedule()));
    expect(third.total).toBe(5);
  });

  it('shows each learner only their own, and each site only its own', async () => {
    expect(keys(await schedule('', 1))).toEqual(['live:别人预约的直播', 'activity:别人的活动']);
    const elsewhere = body<Page<ScheduleItem>>(
      await get(ctx().app, '/api/study/schedule', learner(0).token, OTHER_SITE),
    );
    expect(keys(elsewhere.data)).toEqual(['class:别站的班级']);
  });

  it('asks a visitor to log in (301) and refuses a bad page (400)', async () => {
    expect(body(await get(ctx().app, '/api/study/schedule')).code).toBe(301);
    const bad = body(await get(ctx().app, '/api/study/schedule?size=51', learner(0).token));
    expect(bad).toMatchObject({ code: 400, message: expect.stringMatching(/^每页条数：/) });
  });
});
