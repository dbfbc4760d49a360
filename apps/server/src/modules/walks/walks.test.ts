import type { Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/schema.ts';
import { getAs, postAs } from '../../testing/account-factory.ts';
import { createLearners, type TestLearner } from '../../testing/class-factory.ts';
import { body, describeEachEngine } from '../../testing/test-app.ts';
import { createWalk, TEST_STOPS } from '../../testing/walk-factory.ts';
import { WalkTexts } from './walks.service.ts';

const MINUTE = 60_000;

/** Moves the learner's check-ins `ms` into the past (as if they had walked since). */
async function age(db: Kysely<Database>, userId: number, ms: number) {
  const rows = await db
    .selectFrom('walk_checkins')
    .select(['id', 'checked_at'])
    .where('user_id', '=', userId)
    .execute();
  for (const row of rows) {
    await db
      .updateTable('walk_checkins')
      .set({ checked_at: Number(row.checked_at) - ms })
      .where('id', '=', row.id)
      .execute();
  }
}

async function checkinsOf(db: Kysely<Database>, userId: number) {
  return db.selectFrom('walk_checkins').selectAll().where('user_id', '=', userId).execute();
}

const near = (n: number) => ({
  lat: (TEST_STOPS[n]?.lat ?? 0) + 0.0003,
  lng: TEST_STOPS[n]?.lng ?? 0,
});

describeEachEngine('humanities walks API', (ctx) => {
  let learners: TestLearner[];
  const learner = (n: number) => learners[n] as TestLearner;

  beforeAll(async () => {
    learners = await createLearners(ctx().app.database.db, 9);
  });

  describe('GET /api/walks and /api/walks/detail', () => {
    it('shows a walk with its stops in order, its sessions and my progress', async () => {
      const { app } = ctx();
      const { walkId, stopIds, sessionId } = await createWalk(app.database.db);
      const detail = await getAs<{
        stopCount: number;
        stops: Array<{ id: number; position: number; lat: number; story: string }>;
        sessions: Array<{ id: number; seatsLeft: number; signedUp: boolean }>;
        progress: { done: number; total: number; completed: boolean };
      }>(app, learner(0).token, `/api/walks/detail?id=${walkId}`);
      expect(detail.code).toBe(0);
      expect(detail.data.stops.map((stop) => stop.id)).toEqual(stopIds);
      expect(detail.data.stops.map((stop) => stop.position)).toEqual([1, 2, 3, 4]);
      expect(detail.data.stops[0]).toMatchObject({ lat: TEST_STOPS[0].lat, story: '第1站的故事' });
      expect(detail.data.sessions).toEqual([
        expect.objectContaining({ id: sessionId, seatsLeft: 20, signedUp: false }),
      ]);
      expect(detail.data.progress).toEqual({ done: 0, total: 4, completed: false });
      const list = await getAs<{ list: Array<{ id: number; stopCount: number }> }>(
        app,
        learner(0).token,
        '/api/walks?page=1&size=50',
      );
      expect(list.data.list).toContainEqual(expect.objectContaining({ id: walkId, stopCount: 4 }));
    });
  });

  describe('POST /api/walks/signup and /api/walks/cancel', () => {
    it('signs up with a seat, refuses a second signup and a full session, and cancels', async () => {
      const { app } = ctx();
      const { db } = app.database;
      const { walkId, sessionId } = await createWalk(db, { capacity: 1 });
      expect((await postAs(app, learner(0).token, '/api/walks/signup', { sessionId })).code).toBe(
        0,
      );
      const again = await postAs(app, learner(0).token, '/api/walks/signup', { sessionId });
      expect(again).toMatchObject({ code: 409, message: '您已报名该场次' });
      const full = await postAs(app, learner(1).token, '/api/walks/signup', { sessionId });
      expect(full).toMatchObject({ code: 409, message: '名额已满' });
      const detail = await getAs<{ sessions: Array<{ seatsLeft: number; signedUp: boolean }> }>(
        app,
        learner(0).token,
        `/api/walks/detail?id=${walkId}`,
      );
      expect(detail.data.sessions[0]).toMatchObject({ seatsLeft: 0, signedUp: true });
      expect((await postAs(app, learner(0).token, '/api/walks/cancel', { sessionId })).code).toBe(
        0,
      );
      const session = await db
        .selectFrom('walk_sessions')
        .select('seats_taken')
        .where('id', '=', sessionId)
        .executeTakeFirstOrThrow();
      expect(Number(session.seats_taken)).toBe(0);
      const notMine = await postAs(app, learner(1).token, '/api/walks/cancel', { sessionId });
      expect(notMine).toMatchObject({ code: 409, message: '您未报名该场次' });
    });

    it('refuses a session that has started', async () => {
      const { app } = ctx();
      const { sessionId } = await createWalk(app.database.db, { startsIn: -MINUTE });
      const answer = await postAs(app, learner(2).token, '/api/walks/signup', { sessionId });
      expect(answer).toMatchObject({ code: 409, message: '该场次已开始或已结束' });
    });
  });

  describe('POST /api/walks/checkin', () => {
    it('checks in near a stop and answers the progress; completes the walk at the last stop', async () => {
      const { app } = ctx();
      const { db } = app.database;
      const me = learner(3);
      const { walkId, stopIds } = await createWalk(db);
      for (const [index, stopId] of stopIds.entries()) {
        const answer = await postAs<{ progress: { done: number; completed: boolean } }>(
          app,
          me.token,
          '/api/walks/checkin',
          { stopId, ...near(index) },
        );
        expect(answer.code).toBe(0);
        expect(answer.data.progress).toMatchObject({
          done: index + 1,
          completed: index === stopIds.length - 1,
        });
        await age(db, me.id, 10 * MINUTE);
      }
      const detail = await getAs<{
        progress: { completed: boolean };
        stops: Array<{ checkedInAt: string | null }>;
      }>(app, me.token, `/api/walks/detail?id=${walkId}`);
      expect(detail.data.progress.completed).toBe(true);
      expect(detail.data.stops.every((stop) => stop.checkedInAt !== null)).toBe(true);
    });

    it('answers 409 with the distance when the learner is far from the stop, writing nothing', async () => {
      const { app } = ctx();
      const me = learner(4);
      const { stopIds } = await createWalk(app.database.db);
      // About 1.1 km north of the first stop.
      const answer = await postAs(app, me.token, '/api/walks/checkin', {
        stopId: stopIds[0],
        lat: TEST_STOPS[0].lat + 0.01,
        lng: TEST_STOPS[0].lng,
      });
      expect(answer.code).toBe(409);
      expect(answer.message).toMatch(/^距离「站点1-\w+」还有约1\.1公里/);
      expect(await checkinsOf(app.database.db, me.id)).toEqual([]);
    });

    it('refuses a check-in implausibly fast after the previous one, writing nothing', async () => {
      const { app } = ctx();
      const { db } = app.database;
      const me = learner(5);
      const { stopIds } = await createWalk(db);
      expect(
        (await postAs(app, me.token, '/api/walks/checkin', { stopId: stopIds[0], ...near(0) }))
          .code,
      ).toBe(0);
      // The last stop is about 950 m away: a few seconds later is far faster than 30 km/h.
      const fast = await postAs(app, me.token, '/api/walks/checkin', {
        stopId: stopIds[3],
        ...near(3),
      });
      expect(fast).toMatchObject({
        code: 409,
        message: '与上次打卡的位置相距太远、时间太短，请步行到达后再打卡',
      });
      expect(await checkinsOf(db, me.id)).toHaveLength(1);
      // After 15 minutes on foot it is plausible.
      await age(db, me.id, 15 * MINUTE);
      const later = await postAs(app, me.token, '/api/walks/checkin', {
        stopId: stopIds[3],
        ...near(3),
      });
      expect(later.code).toBe(0);
    });

    it('takes check-ins made offline at their moments, by the same rules, and a replay once', async () => {
      const { app } = ctx();
      const { db } = app.database;
      const me = learner(8);
      const { stopIds } = await createWalk(db);
      const send = (payload: object, key: string) =>
        app.inject({
          method: 'POST',
          url: '/api/walks/checkin',
          headers: { authorization: `Bearer ${me.token}`, 'idempotency-key': key },
          payload,
        });
      // No signal at the stops: the first at 10:00, the last (950 m on) 20 minutes later.
      const first = Date.now() - 2 * 60 * MINUTE;
      const made = [
        { stopId: stopIds[0], ...near(0), recordedAt: first },
        { stopId: stopIds[3], ...near(3), recordedAt: first + 20 * MINUTE },
      ];
      for (const [index, payload] of made.entries()) {
        expect(body(await send(payload, `walk-offline-${index}`)).code).toBe(0);
      }
      const rows = await checkinsOf(db, me.id);
      expect(rows.map((row) => Number(row.checked_at)).sort()).toEqual([
        first,
        first + 20 * MINUTE,
      ]);
      // Sent again (the answer was lost): answered again, nothing written twice.
      const again = await send(made[1] as object, 'walk-offline-1');
      expect(again.headers['idempotency-replayed']).toBe('true');
      expect(await checkinsOf(db, me.id)).toHaveLength(2);
      // Implausibly fast between the moments it was made: refused as online (the outbox drops
      // it with this message); and older than a week: refused.
      const fast = body(
        await send(
          { stopId: stopIds[1], ...near(1), recordedAt: first + 20 * MINUTE + 5_000 },
          'walk-offline-2',
        ),
      );
      expect(fast).toMatchObject({ code: 409, message: WalkTexts.tooFast });
      const old = body(
        await send(
          { stopId: stopIds[2], ...near(2), recordedAt: Date.now() - 8 * 24 * 60 * MINUTE },
          'walk-offline-3',
        ),
      );
      expect(old).toMatchObject({ code: 400, message: '这次离线打卡已超过 7 天，不再计入' });
      expect(await checkinsOf(db, me.id)).toHaveLength(2);
    });

    it('answers 409 for a second check-in at the same stop, keeping one', async () => {
      const { app } = ctx();
      const { db } = app.database;
      const me = learner(6);
      const { stopIds } = await createWalk(db);
      const body = { stopId: stopIds[1], ...near(1) };
      expect((await postAs(app, me.token, '/api/walks/checkin', body)).code).toBe(0);
      const again = await postAs(app, me.token, '/api/walks/checkin', body);
      expect(again).toMatchObject({ code: 409, message: '您已在该站点打过卡' });
      await age(db, me.id, 10 * MINUTE);
      const concurrent = await Promise.all(
        Array.from({ length: 5 }, () =>
          postAs(app, me.token, '/api/walks/checkin', { stopId: stopIds[2], ...near(2) }),
        ),
      );
      expect(concurrent.filter((answer) => answer.code === 0)).toHaveLength(1);
      expect(await checkinsOf(db, me.id)).toHaveLength(2);
    });

    it('answers 400 naming 纬度 or 经度 for coordinates out of range or not numbers', async () => {
      const { app } = ctx();
      const me = learner(7);
      const { stopIds } = await createWalk(app.database.db);
      const lat = await postAs(app, me.token, '/api/walks/checkin', {
        stopId: stopIds[0],
        lat: 91,
        lng: 121.44,
      });
      expect(lat.code).toBe(400);
      expect(lat.message).toContain('纬度');
      const lng = await postAs(app, me.token, '/api/walks/checkin', {
        stopId: stopIds[0],
        lat: 31.22,
        lng: 'east',
      });
      expect(lng.code).toBe(400);
      expect(lng.message).toContain('经度');
      expect(await checkinsOf(app.database.db, me.id)).toEqual([]);
    });

    it('answers 301 without login', async () => {
      const { stopIds } = await createWalk(ctx().app.database.db);
      const answer = await postAs(ctx().app, null, '/api/walks/checkin', {
        stopId: stopIds[0],
        ...near(0),
      });
      expect(answer.code).toBe(301);
    });
  });

  describe('favourites and history of a walk', () => {
    it('favourites a walk and records its view, shown with its distance and duration', async () => {
      const { app } = ctx();
      const me = learner(0);
      const { walkId } = await createWalk(app.database.db);
      const ref = { contentType: 'walk', contentId: walkId };
      expect((await postAs(app, me.token, '/api/favourites', ref)).code).toBe(0);
      expect((await postAs(app, me.token, '/api/history', ref)).code).toBe(0);
      const favourites = await getAs<{ list: Array<{ contentId: number; subtitle: string }> }>(
        app,
        me.token,
        '/api/favourites?contentType=walk',
      );
      expect(favourites.data.list).toEqual([
        expect.objectContaining({
          contentId: walkId,
          subtitle: '人文行走 · 全程1.2公里 · 约60分钟',
        }),
      ]);
      const history = await getAs<{ list: Array<{ contentId: number }> }>(
        app,
        me.token,
        '/api/history?contentType=walk',
      );
      expect(history.data.list.map((item) => item.contentId)).toContain(walkId);
      const missing = await postAs(app, me.token, '/api/favourites', {
        contentType: 'walk',
        contentId: 999_999,
      });
      expect(missing.code).toBe(404);
    });
  });
});
