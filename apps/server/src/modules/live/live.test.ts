import type {
  LiveChannel,
  LiveReservationResult,
  LiveSessionDetail,
  LiveSessionSummary,
  Page,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLearners, type TestLearner } from '../../testing/class-factory.ts';
import { createLiveChannel, createLiveSession } from '../../testing/live-factory.ts';
import { body, describeEachEngine, loginAs } from '../../testing/test-app.ts';
import { LiveMessages } from './live.service.ts';

const SITE = 'livetest';
const OTHER_SITE = 'livetest2';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function get(app: FastifyInstance, url: string, token?: string) {
  return app.inject({ url, headers: { 'x-site': SITE, ...(token ? bearer(token) : {}) } });
}

function post(app: FastifyInstance, url: string, token: string | null, payload: unknown) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'x-site': SITE, ...(token ? bearer(token) : {}) },
    payload: payload as Record<string, unknown>,
  });
}

describeEachEngine('live API', (ctx) => {
  let learners: TestLearner[];
  const learner = (n: number) => learners[n] as TestLearner;
  const channels = { district: 0, street: 0, hidden: 0 };
  const ids = {
    live1: 0,
    live2: 0,
    up1: 0,
    up2: 0,
    up3: 0,
    ended1: 0,
    ended2: 0,
    draft: 0,
    inHiddenChannel: 0,
    otherSite: 0,
  };

  const reserve = (token: string | null, sessionId: unknown) =>
    post(ctx().app, '/api/live/reservations', token, { sessionId });
  const remove = (token: string | null, sessionId: unknown) =>
    post(ctx().app, '/api/live/reservations/remove', token, { sessionId });
  const rows = (sessionId: number) =>
    ctx()
      .app.database.db.selectFrom('live_reservations')
      .select(['user_id', 'session_id'])
      .where('session_id', '=', sessionId)
      .execute();
  const titles = (page: Page<LiveSessionSummary>) => page.list.map((item) => item.id);

  beforeAll(async () => {
    const { app } = ctx();
    const { db } = app.database;
    const created_at = Date.now();
    await db
      .insertInto('sites')
      .values([
        { key: SITE, name: '直播测试学习网', sort: 9, created_at },
        { key: OTHER_SITE, name: '另一学习网', sort: 10, created_at },
      ])
      .execute();
    app.sites.invalidate();
    learners = await createLearners(db, 4, SITE);
    channels.district = await createLiveChannel(db, {
      siteKey: SITE,
      name: '静安区社区学院直播间',
      sort: 1,
    });
    channels.street = await createLiveChannel(db, { siteKey: SITE, name: '街道频道', sort: 2 });
    channels.hidden = await createLiveChannel(db, { siteKey: SITE, name: '未上线', published: 0 });
    const otherChannel = await createLiveChannel(db, { siteKey: OTHER_SITE, name: '别处' });
    const now = Date.now();
    const session = (
      channel_id: number,
      starts_at: number,
      ends_at: number,
      extra: Record<string, unknown> = {},
    ) => createLiveSession(db, { site_key: SITE, channel_id, starts_at, ends_at, ...extra });
    ids.live1 = await session(channels.district, now - 30 * MINUTE, now + HOUR);
    ids.live2 = await session(channels.street, now - 10 * MINUTE, now + 2 * HOUR);
    ids.up1 = await session(channels.district, now + DAY, now + DAY + HOUR);
    ids.up2 = await session(channels.street, now + 2 * HOUR, now + 3 * HOUR);
    ids.up3 = await session(channels.district, now + 3 * DAY, now + 3 * DAY + HOUR);
    ids.ended1 = await session(channels.district, now - 2 * DAY, now - 2 * DAY + HOUR, {
      replay_url: '/media/demo/lesson.mp4',
    });
    ids.ended2 = await session(channels.street, now - DAY, now - DAY + HOUR);
    ids.draft = await session(channels.district, now + DAY, now + DAY + HOUR, { published: 0 });
    ids.inHiddenChannel = await session(channels.hidden, now + DAY, now + DAY + HOUR);
    ids.otherSite = await createLiveSession(db, {
      site_key: OTHER_SITE,
      channel_id: otherChannel,
      starts_at: now + DAY,
      ends_at: now + DAY + HOUR,
    });
  });

  describe('GET /api/live/channels', () => {
    it('lists the published channels of the site in order with their session counts', async () => {
      const { code, data } = body<LiveChannel[]>(await get(ctx().app, '/api/live/channels'));
      expect(code).toBe(0);
      expect(data.map((channel) => [channel.id, channel.sessionCount])).toEqual([
        [channels.district, 4],
        [channels.street, 3],
      ]);
    });
  });

  describe('GET /api/live/sessions', () => {
    it('puts live sessions first, then upcoming by start, then ended latest first', async () => {
      const { code, data } = body<Page<LiveSessionSummary>>(
        await get(ctx().app, '/api/live/sessions'),
      );
      expect(code).toBe(0);
      expect(data.total).toBe(7);
      expect(titles(data)).toEqual([
        ids.live1,
        ids.live2,
        ids.up2,
        ids.up1,
        ids.up3,
        ids.ended2,
        ids.ended1,
      ]);
      expect(data.list.map((item) => item.state)).toEqual([
        'live',
        'live',
        'upcoming',
        'upcoming',
        'upcoming',
        'ended',
        'ended',
      ]);
    });

    it('keeps the same order across pages', async () => {
      const { data } = body<Page<LiveSessionSummary>>(
        await get(ctx().app, '/api/live/sessions?page=3&size=3'),
      );
      expect(data).toMatchObject({ total: 7, page: 3, size: 3 });
      expect(titles(data)).toEqual([ids.ended1]);
    });

    it('filters by state and by channel', async () => {
      const list = async (query: string) =>
        body<Page<LiveSessionSummary>>(await get(ctx().app, `/api/live/sessions?${query}`)).data;
      expect(titles(await list('state=live'))).toEqual([ids.live1, ids.live2]);
      expect(titles(await list(`state=upcoming&channelId=${channels.district}`))).toEqual([
        ids.up1,
        ids.up3,
      ]);
      const ended = await list('state=ended');
      expect(titles(ended)).toEqual([ids.ended2, ids.ended1]);
      expect(ended.list.map((item) => item.hasReplay)).toEqual([false, true]);
      expect((await list(`channelId=${channels.hidden}`)).total).toBe(0);
    });

    it('answers 400 naming the field for a bad state or channel', async () => {
      const state = body(await get(ctx().app, '/api/live/sessions?state=soon'));
      expect(state.code).toBe(400);
      expect(state.message).toBe(
        '直播状态：只能是 upcoming（预告）、live（直播中）或 ended（已结束）',
      );
      const channel = body(await get(ctx().app, '/api/live/sessions?channelId=abc'));
      expect(channel.code).toBe(400);
      expect(channel.message).toMatch(/^直播频道：/);
    });
  });

  describe('GET /api/live/sessions/detail', () => {
    it('shows a live session with its stream and channel to a visitor', async () => {
      const { code, data } = body<LiveSessionDetail>(
        await get(ctx().app, `/api/live/sessions/detail?id=${ids.live1}`),
      );
      expect(code).toBe(0);
      expect(data).toMatchObject({
        id: ids.live1,
        state: 'live',
        streamUrl: `/media/live/stream.m3u8?site=${SITE}&id=${ids.live1}`,
        viewers: 0,
        replayUrl: null,
        hasReplay: false,
        reserved: false,
        introduction: '<p>直播简介</p>',
        channel: { id: channels.district, name: '静安区社区学院直播间' },
      });
    });

    it('shows an ended session with its replay, and an upcoming one without a stream', async () => {
      const ended = body<LiveSessionDetail>(
        await get(ctx().app, `/api/live/sessions/detail?id=${ids.ended1}`),
      ).data;
      expect(ended).toMatchObject({
        state: 'ended',
        hasReplay: true,
        replayUrl: '/media/demo/lesson.mp4',
        streamUrl: null,
      });
      const upcoming = body<LiveSessionDetail>(
        await get(ctx().app, `/api/live/sessions/detail?id=${ids.up3}`),
      ).data;
      expect(upcoming).toMatchObject({ state: 'upcoming', streamUrl: null, replayUrl: null });
    });

    it('answers 404 for an unknown, unpublished, hidden-channel or other-site session', async () => {
      for (const id of [999_999, ids.draft, ids.inHiddenChannel, ids.otherSite]) {
        const answer = body(await get(ctx().app, `/api/live/sessions/detail?id=${id}`));
        expect(answer).toMatchObject({ code: 404, message: LiveMessages.notFound, data: null });
      }
    });

    it('answers 400 naming the field for a missing or invalid id', async () => {
      for (const query of ['', '?id=abc', '?id=0']) {
        const answer = body(await get(ctx().app, `/api/live/sessions/detail${query}`));
        expect(answer.code).toBe(400);
        expect(answer.message).toMatch(/^(缺少编号|编号：)/);
      }
    });
  });

  describe('POST /api/live/reservations', () => {
    it('reserves an upcoming session, and reserving again keeps one row', async () => {
      for (let i = 0; i < 2; i += 1) {
        const answer = body<LiveReservationResult>(await reserve(learner(0).token, ids.up1));
        expect(answer).toMatchObject({ code: 0, data: { sessionId: ids.up1, reserved: true } });
      }
      expect(await rows(ids.up1)).toEqual([{ user_id: learner(0).id, session_id: ids.up1 }]);
      const detail = body<LiveSessionDetail>(
        await get(ctx().app, `/api/live/sessions/detail?id=${ids.up1}`, learner(0).token),
      ).data;
      expect(detail.reserved).toBe(true);
      const theirs = body<LiveSessionDetail>(
        await get(ctx().app, `/api/live/sessions/detail?id=${ids.up1}`, learner(1).token),
      ).data;
      expect(theirs.reserved).toBe(false);
    });

    it('keeps one row under 20 concurrent reservations', async () => {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => reserve(learner(1).token, ids.up2)),
      );
      expect(answers.map((answer) => body(answer).code)).toEqual(Array(20).fill(0));
      expect(await rows(ids.up2)).toEqual([{ user_id: learner(1).id, session_id: ids.up2 }]);
    });

    it('answers 409 for a live or ended session and writes nothing', async () => {
      for (const id of [ids.live1, ids.ended1]) {
        const answer = body(await reserve(learner(0).token, id));
        expect(answer).toMatchObject({ code: 409, message: LiveMessages.notReservable });
        expect(await rows(id)).toEqual([]);
      }
    });

    it('answers 404 for an unknown, unpublished or other-site session and writes nothing', async () => {
      for (const id of [999_999, ids.draft, ids.inHiddenChannel, ids.otherSite]) {
        const answer = body(await reserve(learner(0).token, id));
        expect(answer).toMatchObject({ code: 404, message: LiveMessages.notFound });
        expect(await rows(id)).toEqual([]);
      }
    });

    it('answers 400 naming the field for a missing or mistyped session id', async () => {
      for (const value of [undefined, 'abc', -1, 1.5, { id: 1 }]) {
        const answer = body(await reserve(learner(0).token, value));
        expect(answer.code).toBe(400);
        expect(answer.message).toMatch(/^(缺少直播|直播：)/);
      }
    });

    it('asks a visitor to log in (301) and writes nothing', async () => {
      const answer = body(await reserve(null, ids.up3));
      expect(answer.code).toBe(301);
      expect(await rows(ids.up3)).toEqual([]);
    });
  });

  describe('POST /api/live/reservations/remove', () => {
    it('removes only the caller own reservation, and removing twice succeeds', async () => {
      await reserve(learner(2).token, ids.up3);
      await reserve(learner(3).token, ids.up3);
      for (let i = 0; i < 2; i += 1) {
        const answer = body<LiveReservationResult>(await remove(learner(2).token, ids.up3));
        expect(answer).toMatchObject({ code: 0, data: { sessionId: ids.up3, reserved: false } });
      }
      expect(await rows(ids.up3)).toEqual([{ user_id: learner(3).id, session_id: ids.up3 }]);
    });

    it('answers 404 for an unknown session, 400 for a bad id and 301 for a visitor', async () => {
      expect(body(await remove(learner(2).token, 999_999)).code).toBe(404);
      expect(body(await remove(learner(2).token, 'x')).message).toMatch(/^(缺少直播|直播：)/);
      expect(body(await remove(null, ids.up3)).code).toBe(301);
      expect(await rows(ids.up3)).toHaveLength(1);
    });
  });

  describe('GET /api/live/schedule', () => {
    it('lists the learner own reserved sessions by start time', async () => {
      await reserve(learner(0).token, ids.up3);
      await reserve(learner(0).token, ids.up2);
      const { code, data } = body<Page<LiveSessionSummary>>(
        await get(ctx().app, '/api/live/schedule', learner(0).token),
      );
      expect(code).toBe(0);
      expect(titles(data)).toEqual([ids.up2, ids.up1, ids.up3]);
      const other = body<Page<LiveSessionSummary>>(
        await get(ctx().app, '/api/live/schedule', learner(1).token),
      ).data;
      expect(titles(other)).toEqual([ids.up2]);
    });

    it('asks a visitor to log in (301)', async () => {
      expect(body(await get(ctx().app, '/api/live/schedule')).code).toBe(301);
    });
  });

  describe('the demo seed', () => {
    const demo = (url: string, token?: string) =>
      ctx().app.inject({
        url,
        headers: { 'x-site': 'jingan', ...(token ? bearer(token) : {}) },
      });

    it('opens on sessions live now, with three channels and thirty sessions', async () => {
      const channelList = body<LiveChannel[]>(await demo('/api/live/channels')).data;
      expect(channelList.map((channel) => channel.name)).toEqual([
        '静安区社区学院直播间',
        '街道社区学校频道',
        '合作高校公开课',
      ]);
      const page = body<Page<LiveSessionSummary>>(await demo('/api/live/sessions?size=50')).data;
      expect(page.total).toBe(30);
      expect(page.list.slice(0, 3).map((item) => item.state)).toEqual(['live', 'live', 'live']);
      expect(page.list.some((item) => item.hasReplay)).toBe(true);
    });

    it('lets the demo learner reserve an upcoming session and find it in the schedule', async () => {
      const token = await loginAs(ctx().app);
      const upcoming = body<Page<LiveSessionSummary>>(
        await demo('/api/live/sessions?state=upcoming&size=1'),
      ).data.list[0] as LiveSessionSummary;
      const reserved = await ctx().app.inject({
        method: 'POST',
        url: '/api/live/reservations',
        headers: { 'x-site': 'jingan', ...bearer(token) },
        payload: { sessionId: upcoming.id },
      });
      expect(body(reserved).code).toBe(0);
      const schedule = body<Page<LiveSessionSummary>>(await demo('/api/live/schedule', token)).data;
      expect(schedule.list.map((item) => item.id)).toContain(upcoming.id);
    });
  });
});
