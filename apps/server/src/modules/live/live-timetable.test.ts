import {
  addDays,
  type LiveTimetable,
  shanghaiDay,
  shanghaiMidnight,
  type TimetableSession,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { createLearners, type TestLearner } from '../../testing/class-factory.ts';
import { createLiveChannel, createLiveSession } from '../../testing/live-factory.ts';
import { body, describeEachEngine } from '../../testing/test-app.ts';

const SITE = 'timetabletest';
const OTHER_SITE = 'timetabletest2';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

function get(app: FastifyInstance, url: string, token?: string) {
  return app.inject({
    url,
    headers: { 'x-site': SITE, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

/** The epoch ms of `hour:minute` on the Shanghai day `offset` days from today. */
function at(offset: number, hour: number, minute = 0): number {
  const day = addDays(shanghaiDay(Date.now()), offset);
  return (shanghaiMidnight(day) ?? 0) + hour * HOUR + minute * MINUTE;
}

const sessionsOf = (timetable: LiveTimetable) => timetable.days.flatMap((day) => day.sessions);

describeEachEngine('GET /api/live/timetable', (ctx) => {
  let learners: TestLearner[];
  const learner = (n: number) => learners[n] as TestLearner;
  const ids = {
    first: 0,
    overlapping: 0,
    touching: 0,
    later: 0,
    lastDay: 0,
    beyond: 0,
    yesterday: 0,
    draft: 0,
    otherSite: 0,
  };
  const timetable = async (query = '', token?: string) =>
    body<LiveTimetable>(await get(ctx().app, `/api/live/timetable${query}`, token)).data;
  const find = (answer: LiveTimetable, id: number) =>
    sessionsOf(answer).find((session) => session.id === id) as TimetableSession;

  beforeAll(async () => {
    const { app } = ctx();
    const { db } = app.database;
    const created_at = Date.now();
    await db
      .insertInto('sites')
      .values([
        { key: SITE, name: '课表测试学习网', sort: 9, created_at },
        { key: OTHER_SITE, name: '另一课表学习网', sort: 10, created_at },
      ])
      .execute();
    app.sites.invalidate();
    learners = await createLearners(db, 2, SITE);
    const channel = await createLiveChannel(db, { siteKey: SITE, name: '社区学院直播间' });
    const other = await createLiveChannel(db, { siteKey: OTHER_SITE, name: '别处' });
    const session = (title: string, starts_at: number, minutes: number, extra = {}) =>
      createLiveSession(db, {
        site_key: SITE,
        channel_id: channel,
        title,
        starts_at,
        ends_at: starts_at + minutes * MINUTE,
        ...extra,
      });
    // Tomorrow: 14:00-15:30 and 14:45-16:15 overlap; 15:30-16:15 touches the first, overlaps the second.
    ids.overlapping = await session('书法入门', at(1, 14, 45), 90);
    ids.first = await session('太极养生', at(1, 14), 90);
    ids.touching = await session('智能手机', at(1, 15, 30), 45);
    ids.later = await session('戏曲欣赏', at(3, 9, 30), 90);
    ids.lastDay = await session('摄影技巧', at(13, 23, 30), 60);
    ids.beyond = await session('十五天后', at(14, 0, 0), 60);
    ids.yesterday = await session('昨天的直播', at(-1, 19), 60);
    ids.draft = await session('草稿', at(2, 9), 60, { published: 0 });
    ids.otherSite = await createLiveSession(db, {
      site_key: OTHER_SITE,
      channel_id: other,
      starts_at: at(2, 10),
      ends_at: at(2, 11),
    });
  });

  it('lists the 14 days from today (Asia/Shanghai) with their sessions by start time', async () => {
    const answer = await timetable();
    const today = shanghaiDay(Date.now());
    expect(answer.today).toBe(today);
    expect(answer.days.map((day) => day.date)).toEqual(
      Array.from({ length: 14 }, (_, i) => addDays(today, i)),
    );
    const tomorrow = answer.days[1]?.sessions.map((session) => session.id);
    expect(tomorrow).toEqual([ids.first, ids.overlapping, ids.touching]);
    expect(answer.days[3]?.sessions.map((session) => session.title)).toEqual(['戏曲欣赏']);
    expect(answer.days[13]?.sessions.map((session) => session.id)).toEqual([ids.lastDay]);
    const shown = sessionsOf(answer).map((session) => session.id);
    for (const hidden of [ids.beyond, ids.yesterday, ids.draft, ids.otherSite]) {
      expect(shown).not.toContain(hidden);
    }
    const first = find(answer, ids.first);
    expect(first).toMatchObject({
      title: '太极养生',
      channelName: '社区学院直播间',
      state: 'upcoming',
      reserved: false,
      clashesWith: [],
    });
  });

  it('marks the caller reserved sessions and the clashes among them, for the caller only', async () => {
    const { app } = ctx();
    const token = learner(0).token;
    for (const sessionId of [ids.first, ids.overlapping]) {
      const reserved = await app.inject({
        method: 'POST',
        url: '/api/live/reservations',
        headers: { 'x-site': SITE, authorization: `Bearer ${token}` },
        payload: { sessionId },
      });
      expect(body(reserved).code).toBe(0);
    }
    const mine = await timetable('', token);
    expect(find(mine, ids.first)).toMatchObject({ reserved: true, clashesWith: [ids.overlapping] });
    expect(find(mine, ids.overlapping)).toMatchObject({
      reserved: true,
      clashesWith: [ids.first],
    });
    // Not picked: picking it would clash with the second only (the first ends as it starts).
    expect(find(mine, ids.touching)).toMatchObject({
      reserved: false,
      clashesWith: [ids.overlapping],
    });
    expect(find(mine, ids.later)).toMatchObject({ reserved: false, clashesWith: [] });

    for (const answer of [await timetable('', learner(1).token), await timetable()]) {
      for (const session of sessionsOf(answer)) {
        expect(session.reserved).toBe(false);
        expect(session.clashesWith).toEqual([]);
      }
    }
  });

  it('keeps one pick per session under concurrent taps, and shows what is stored', async () => {
    const { app } = ctx();
    const token = learner(1).token;
    const tap = (path: string, sessionId: number) =>
      app.inject({
        method: 'POST',
        url: `/api/live/reservations${path}`,
        headers: { 'x-site': SITE, authorization: `Bearer ${token}` },
        payload: { sessionId },
      });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => tap('', i % 2 === 0 ? ids.touching : ids.overlapping)),
    );
    for (const answer of answers) expect(body(answer).code).toBe(0);
    const stored = await app.database.db
      .selectFrom('live_reservations')
      .select('session_id')
      .where('user_id', '=', learner(1).id)
      .execute();
    expect(stored.map((row) => Number(row.session_id)).sort((a, b) => a - b)).toEqual(
      [ids.touching, ids.overlapping].sort((a, b) => a - b),
    );
    const mine = await timetable('', token);
    expect(find(mine, ids.touching)).toMatchObject({
      reserved: true,
      clashesWith: [ids.overlapping],
    });
    expect(find(mine, ids.overlapping)).toMatchObject({
      reserved: true,
      clashesWith: [ids.touching],
    });
    // Concurrent removals and picks of one session end in one state, shown as stored.
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => tap(i % 2 === 0 ? '/remove' : '', ids.touching)),
    );
    const rows = await app.database.db
      .selectFrom('live_reservations')
      .select('session_id')
      .where('user_id', '=', learner(1).id)
      .where('session_id', '=', ids.touching)
      .execute();
    expect(rows.length).toBeLessThanOrEqual(1);
    const after = await timetable('', token);
    expect(find(after, ids.touching).reserved).toBe(rows.length === 1);
    await tap('/remove', ids.touching);
    await tap('/remove', ids.overlapping);
  });

  it('answers a shorter window from a later day', async () => {
    const from = addDays(shanghaiDay(Date.now()), 1);
    const answer = await timetable(`?from=${from}&days=3`);
    expect(answer.days.map((day) => day.date)).toEqual([from, addDays(from, 1), addDays(from, 2)]);
    expect(sessionsOf(answer).map((session) => session.id)).toEqual([
      ids.first,
      ids.overlapping,
      ids.touching,
      ids.later,
    ]);
    const last = addDays(shanghaiDay(Date.now()), 13);
    const lastDay = await timetable(`?from=${last}&days=1`);
    expect(lastDay.days).toEqual([expect.objectContaining({ date: last })]);
    expect(sessionsOf(lastDay).map((session) => session.id)).toEqual([ids.lastDay]);
  });

  it.each([
    ['?days=15', /^天数：/],
    ['?days=0', /^天数：/],
    ['?days=abc', /^天数：/],
    ['?days=1.5', /^天数：/],
    ['?from=2026-13-01', /^开始日期：/],
    ['?from=2026-02-30', /^开始日期：/],
    ['?from=tomorrow', /^开始日期：/],
    ['?from=yesterday', /^开始日期：/],
    ['?from=beyond', /^开始日期：/],
    ['?from=last&days=2', /^天数：/],
  ])('answers 400 naming the field for %s', async (raw, message) => {
    const today = shanghaiDay(Date.now());
    const query = raw
      .replace('=yesterday', `=${addDays(today, -1)}`)
      .replace('=beyond', `=${addDays(today, 14)}`)
      .replace('=last', `=${addDays(today, 13)}`);
    const response = await get(ctx().app, `/api/live/timetable${query}`);
    expect(response.statusCode).toBe(200);
    expect(body(response)).toMatchObject({ code: 400, message: expect.stringMatching(message) });
  });
});
