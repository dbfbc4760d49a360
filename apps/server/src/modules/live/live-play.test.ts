import type { LiveProgress, LiveSessionDetail, LiveViewers, TodayStudy } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLearners, type TestLearner } from '../../testing/class-factory.ts';
import { createLiveChannel, createLiveSession } from '../../testing/live-factory.ts';
import { body, describeEachEngine } from '../../testing/test-app.ts';
import { dayKey } from '../study/study.rules.ts';
import { LiveMessages } from './live.service.ts';

const SITE = 'liveplay';
const OTHER_SITE = 'liveplay2';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

interface Call {
  token?: string | null;
  finger?: string;
  payload?: unknown;
}

function call(app: FastifyInstance, method: 'GET' | 'POST', url: string, options: Call = {}) {
  return app.inject({
    method,
    url,
    headers: {
      'x-site': SITE,
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.finger ? { 'x-finger': options.finger } : {}),
    },
    ...(options.payload === undefined
      ? {}
      : { payload: options.payload as Record<string, unknown> }),
  });
}

/** The value of a tag of a playlist, or null. */
const tag = (text: string, name: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`#${name}:`));
  return line === undefined ? null : Number(line.split(':')[1]);
};
const uris = (text: string) => text.split('\n').filter((l) => l !== '' && !l.startsWith('#'));

describeEachEngine('live playback API', (ctx) => {
  let learners: TestLearner[];
  const token = (n: number) => (learners[n] as TestLearner).token;
  const ids = { live: 0, liveMp4: 0, up: 0, replay: 0, noReplay: 0, otherSite: 0, quiet: 0 };
  let liveStart = 0;

  const stream = (query: string) => call(ctx().app, 'GET', `/media/live/stream.m3u8?${query}`);
  const beat = (sessionId: unknown, options: Call = {}) =>
    call(ctx().app, 'POST', '/api/live/heartbeat', { ...options, payload: { sessionId } });
  const report = (t: string | null, payload: Record<string, unknown>) =>
    call(ctx().app, 'POST', '/api/study/live-progress', { token: t, payload });
  const stored = (t: string, sessionId: number) =>
    call(ctx().app, 'GET', `/api/study/live-progress?sessionId=${sessionId}`, { token: t });
  const today = async (t: string) =>
    body<TodayStudy>(await call(ctx().app, 'GET', '/api/study/today', { token: t })).data;
  const viewerRows = (sessionId: number) =>
    ctx()
      .app.database.db.selectFrom('live_viewers')
      .selectAll()
      .where('session_id', '=', sessionId)
      .execute();
  const watchingRows = (sessionId: number) =>
    ctx()
      .app.database.db.selectFrom('live_watching')
      .selectAll()
      .where('session_id', '=', sessionId)
      .execute();

  afterEach(() => {
    vi.useRealTimers();
  });

  beforeAll(async () => {
    const { app } = ctx();
    const { db } = app.database;
    const created_at = Date.now();
    await db
      .insertInto('sites')
      .values([
        { key: SITE, name: '直播播放测试学习网', sort: 9, created_at },
        { key: OTHER_SITE, name: '另一学习网', sort: 10, created_at },
      ])
      .execute();
    app.sites.invalidate();
    learners = await createLearners(db, 12, SITE);
    const channel = await createLiveChannel(db, { siteKey: SITE });
    const other = await createLiveChannel(db, { siteKey: OTHER_SITE });
    const now = Date.now();
    liveStart = now - 20 * MINUTE;
    const session = (starts_at: number, ends_at: number, extra: Record<string, unknown> = {}) =>
      createLiveSession(db, { site_key: SITE, channel_id: channel, starts_at, ends_at, ...extra });
    ids.live = await session(liveStart, now + HOUR);
    ids.quiet = await session(now - MINUTE, now + HOUR);
    ids.liveMp4 = await session(now - MINUTE, now + HOUR, { stream_url: '/media/demo/lesson.mp4' });
    ids.up = await session(now + HOUR, now + 2 * HOUR);
    ids.replay = await session(now - 3 * HOUR, now - 2 * HOUR, {
      replay_url: '/media/demo/lesson.mp4',
    });
    ids.noReplay = await session(now - 3 * HOUR, now - 2 * HOUR);
    ids.otherSite = await createLiveSession(db, {
      site_key: OTHER_SITE,
      channel_id: other,
      starts_at: now - MINUTE,
      ends_at: now + HOUR,
    });
  });

  describe('GET /media/live/stream.m3u8', () => {
    it('answers a live HLS playlist whose window follows the clock since the start', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      // 20 minutes and 3 s in: segment 200 (of 6 s) plays; the window is 197-200.
      vi.setSystemTime(liveStart + 20 * MINUTE + 3_000);
      const response = await stream(`site=${SITE}&id=${ids.live}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/vnd.apple.mpegurl');
      expect(response.headers['cache-control']).toBe('public, max-age=1');
      const text = response.body;
      expect(text.startsWith('#EXTM3U\n')).toBe(true);
      expect(tag(text, 'EXT-X-TARGETDURATION')).toBe(6);
      expect(tag(text, 'EXT-X-MEDIA-SEQUENCE')).toBe(197);
      expect(text).not.toContain('#EXT-X-ENDLIST');
      expect(text).not.toContain('PLAYLIST-TYPE');
      expect(uris(text)).toEqual([
        '/media/demo/lesson7.ts',
        '/media/demo/lesson8.ts',
        '/media/demo/lesson9.ts',
        '/media/demo/lesson0.ts',
      ]);
      // The loop starts again at sequence 200: marked, and 19 earlier ones have left.
      expect(text).toContain('#EXT-X-DISCONTINUITY\n#EXTINF:6.000,\n/media/demo/lesson0.ts');
      expect(tag(text, 'EXT-X-DISCONTINUITY-SEQUENCE')).toBe(19);

      vi.setSystemTime(liveStart + 20 * MINUTE + 15_000);
      const later = (await stream(`site=${SITE}&id=${ids.live}`)).body;
      expect(tag(later, 'EXT-X-MEDIA-SEQUENCE')).toBe(199);
      expect(tag(later, 'EXT-X-DISCONTINUITY-SEQUENCE')).toBe(19);
    });

    it('names segments the browser can fetch as HLS media', async () => {
      const text = (await stream(`site=${SITE}&id=${ids.live}`)).body;
      const first = uris(text)[0] as string;
      const segment = await ctx().app.inject({ url: first });
      expect(segment.statusCode).toBe(200);
      expect(segment.headers['content-type']).toBe('video/mp2t');
      expect(segment.rawPayload.length).toBeGreaterThan(1000);
    });

    it('answers 409 for an upcoming or ended session, in the envelope', async () => {
      const upcoming = await stream(`site=${SITE}&id=${ids.up}`);
      expect(upcoming.statusCode).toBe(200);
      expect(body(upcoming)).toEqual({ code: 409, message: LiveMessages.notStarted, data: null });
      const replay = body(await stream(`site=${SITE}&id=${ids.replay}`));
      expect(replay).toMatchObject({ code: 409, message: LiveMessages.endedWithReplay });
      const ended = body(await stream(`site=${SITE}&id=${ids.noReplay}`));
      expect(ended).toMatchObject({ code: 409, message: LiveMessages.ended });
    });

    it('answers 404 for an unknown id, another site and a source that is not a playlist', async () => {
      for (const query of [
        `site=${SITE}&id=999999`,
        `site=${SITE}&id=${ids.otherSite}`,
        `site=nosuchsite&id=${ids.live}`,
      ]) {
        expect(body(await stream(query))).toMatchObject({
          code: 404,
          message: LiveMessages.notFound,
        });
      }
      expect(body(await stream(`site=${SITE}&id=${ids.liveMp4}`))).toMatchObject({
        code: 404,
        message: LiveMessages.noStream,
      });
    });

    it('names the bad field in Chinese', async () => {
      expect(body(await stream(`site=${SITE}&id=abc`))).toMatchObject({
        code: 400,
        message: expect.stringMatching(/^编号：/),
      });
      expect(body(await stream(`id=${ids.live}`))).toMatchObject({
        code: 400,
        message: '缺少学习网',
      });
    });

    it('is what the detail of a live session points at', async () => {
      const { data } = body<LiveSessionDetail>(
        await call(ctx().app, 'GET', `/api/live/sessions/detail?id=${ids.live}`),
      );
      expect(data.streamUrl).toBe(`/media/live/stream.m3u8?site=${SITE}&id=${ids.live}`);
      const response = await ctx().app.inject({ url: data.streamUrl as string });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('#EXT-X-MEDIA-SEQUENCE:');
    });

    it('is no longer under /api: the former path answers as an unknown /api path does', async () => {
      const response = await call(
        ctx().app,
        'GET',
        `/api/live/sessions/stream.m3u8?site=${SITE}&id=${ids.live}`,
      );
      expect(response.statusCode).toBe(200);
      expect(body(response)).toEqual({
        code: 404,
        message: '接口不存在：GET /api/live/sessions/stream.m3u8',
        data: null,
      });
    });
  });

  describe('POST /api/live/heartbeat', () => {
    it('counts distinct viewers: learners by account, visitors by device', async () => {
      const beats = [
        await beat(ids.quiet, { token: token(0) }),
        await beat(ids.quiet, { token: token(0) }),
        await beat(ids.quiet, { token: token(1), finger: 'device-a' }),
        await beat(ids.quiet, { finger: 'device-b' }),
        await beat(ids.quiet, { finger: 'device-b' }),
      ].map((response) => body<LiveViewers>(response).data.viewers);
      expect(beats).toEqual([1, 1, 2, 3, 3]);
      // A visitor without a device key sees the count but is not counted.
      expect(body<LiveViewers>(await beat(ids.quiet)).data).toEqual({
        sessionId: ids.quiet,
        viewers: 3,
      });
      const { data } = body<LiveSessionDetail>(
        await call(ctx().app, 'GET', `/api/live/sessions/detail?id=${ids.quiet}`),
      );
      expect(data.viewers).toBe(3);
    });

    it('stops counting a viewer 45 s after their last heartbeat; the server keeps the time', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const start = Date.now();
      vi.setSystemTime(start);
      const forged = { sessionId: ids.live, at: start + HOUR, lastSeen: start + HOUR, viewers: 99 };
      const first = await call(ctx().app, 'POST', '/api/live/heartbeat', {
        token: token(2),
        payload: forged,
      });
      expect(body<LiveViewers>(first).data).toEqual({ sessionId: ids.live, viewers: 1 });
      vi.setSystemTime(start + 30_000);
      expect(body<LiveViewers>(await beat(ids.live, { token: token(3) })).data.viewers).toBe(2);
      vi.setSystemTime(start + 46_000);
      expect(body<LiveViewers>(await beat(ids.live, { token: token(3) })).data.viewers).toBe(1);
      expect((await viewerRows(ids.live)).map((row) => Number(row.last_seen))).toEqual([
        start + 46_000,
      ]);
    });

    it('counts each viewer once under concurrent heartbeats', async () => {
      const answers = await Promise.all(
        Array.from({ length: 24 }, (_, i) => beat(ids.liveMp4, { token: token(4 + (i % 6)) })),
      );
      expect(answers.every((response) => body(response).code === 0)).toBe(true);
      expect(await viewerRows(ids.liveMp4)).toHaveLength(6);
      expect(body<LiveViewers>(await beat(ids.liveMp4)).data.viewers).toBe(6);
    });

    it('refuses a session that is not live, writing nothing', async () => {
      for (const id of [ids.up, ids.replay]) {
        expect(body(await beat(id, { token: token(0) }))).toEqual({
          code: 409,
          message: LiveMessages.notLive,
          data: null,
        });
        expect(await viewerRows(id)).toEqual([]);
      }
      expect(body(await beat(ids.otherSite, { token: token(0) }))).toMatchObject({ code: 404 });
      expect(body(await beat('x', { token: token(0) }))).toMatchObject({
        code: 400,
        message: expect.stringMatching(/^直播：/),
      });
    });
  });

  describe('POST /api/study/live-progress', () => {
    it('asks a visitor to log in', async () => {
      const response = await report(null, {
        sessionId: ids.live,
        positionSeconds: 0,
        watchedSeconds: 5,
      });
      expect(body(response).code).toBe(301);
    });

    it('credits watching a live session to today, by the server clock', async () => {
      const learner = token(10);
      const first = body<LiveProgress>(
        await report(learner, { sessionId: ids.live, positionSeconds: 1200, watchedSeconds: 5 }),
      );
      expect(first).toMatchObject({ code: 0, data: { countedSeconds: 5, positionSeconds: 0 } });
      expect(await today(learner)).toEqual({ day: dayKey(Date.now()), seconds: 5 });
    });

    it('credits forged and repeated reports no more than the time that passed', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const start = Date.now();
      vi.setSystemTime(start);
      const learner = token(11);
      const claims = await Promise.all(
        Array.from({ length: 10 }, () =>
          report(learner, { sessionId: ids.live, positionSeconds: 0, watchedSeconds: 30 }),
        ),
      );
      const counted = claims.map((r) => body<LiveProgress>(r).data.countedSeconds);
      // A minute can build up before the first report, plus 2 s of slack: never 300 s.
      expect(counted.reduce((sum, s) => sum + s, 0)).toBe(62);
      vi.setSystemTime(start + 10_000);
      const next = body<LiveProgress>(
        await report(learner, { sessionId: ids.replay, positionSeconds: 0, watchedSeconds: 600 }),
      );
      expect(next.data.countedSeconds).toBe(10);
      expect((await today(learner)).seconds).toBe(72);
    });

    it('keeps the replay position per learner, clamped, and gives it back on open', async () => {
      const [a, b] = [token(6), token(7)];
      const saved = body<LiveProgress>(
        await report(a, {
          sessionId: ids.replay,
          positionSeconds: 42.46,
          watchedSeconds: 3,
          durationSeconds: 60,
        }),
      );
      expect(saved.data).toMatchObject({ positionSeconds: 42.5, countedSeconds: 3 });
      expect(body<LiveProgress>(await stored(a, ids.replay)).data).toEqual({
        sessionId: ids.replay,
        positionSeconds: 42.5,
        watchedSeconds: 3,
        countedSeconds: 0,
      });
      // Another learner has their own record, empty.
      expect(body<LiveProgress>(await stored(b, ids.replay)).data.positionSeconds).toBe(0);
      // A position past the media's end is kept at the end.
      await report(a, {
        sessionId: ids.replay,
        positionSeconds: 100_000,
        watchedSeconds: 0,
        durationSeconds: 60,
      });
      expect(body<LiveProgress>(await stored(a, ids.replay)).data.positionSeconds).toBe(60);
    });

    it('refuses what cannot be watched and bad input, writing nothing', async () => {
      for (const id of [ids.up, ids.noReplay]) {
        const response = await report(token(8), {
          sessionId: id,
          positionSeconds: 10,
          watchedSeconds: 5,
        });
        expect(body(response)).toEqual({
          code: 409,
          message: LiveMessages.notWatchable,
          data: null,
        });
        expect(await watchingRows(id)).toEqual([]);
      }
      const negative = await report(token(8), {
        sessionId: ids.live,
        positionSeconds: 0,
        watchedSeconds: -5,
      });
      expect(body(negative)).toMatchObject({
        code: 400,
        message: expect.stringMatching(/^观看时长/),
      });
      expect(body(await stored(token(8), ids.otherSite))).toMatchObject({ code: 404 });
      expect((await today(token(8))).seconds).toBe(0);
    });
  });

  describe('GET /ics/live-:id.ics', () => {
    it('downloads the session as a calendar event named by its title', async () => {
      const response = await ctx().app.inject({ url: `/ics/live-${ids.up}.ics` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="live-${ids.up}.ics"; filename*=UTF-8''${encodeURIComponent('测试直播.ics')}`,
      );
      const lines = response.body.split('\r\n');
      expect(lines).toContain('SUMMARY:测试直播');
      expect(lines).toContain('PRODID:-//直播播放测试学习网//课程直播//ZH');
      expect(lines.some((line) => /^DTSTART:\d{8}T\d{6}Z$/.test(line))).toBe(true);
      expect(lines).toContain(`UID:live-${ids.up}@localhost`);
      expect(response.body).toContain(`/liveplay/liveDetails?id=${ids.up}`);
    });

    it('answers 404 for an unknown or unpublished session', async () => {
      const { db } = ctx().app.database;
      const channel = await createLiveChannel(db, { siteKey: SITE, published: 0 });
      const hidden = await createLiveSession(db, {
        site_key: SITE,
        channel_id: channel,
        starts_at: Date.now() + HOUR,
        ends_at: Date.now() + 2 * HOUR,
      });
      for (const url of ['/ics/live-999999.ics', `/ics/live-${hidden}.ics`, '/ics/live-x.ics']) {
        const response = await ctx().app.inject({ url });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ code: 404 });
      }
    });
  });
});
