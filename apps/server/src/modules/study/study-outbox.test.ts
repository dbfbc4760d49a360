import type { ProgressResult } from '@portal/contract';
import { ErrorCode } from '@portal/contract';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCourse, createSites } from '../../testing/course-factory.ts';
import { body, describeEachEngine, loginAs } from '../../testing/test-app.ts';
import { addDays } from '../statistics/statistics.rules.ts';
import { dayKey } from './study.rules.ts';

/*
 * The phone's outbox (issue 32): lesson progress made offline is sent later with the moment it
 * was made and an idempotency key; it is credited by the same rules as if it had been sent then,
 * on the day it was made, and a replay never counts twice.
 */

const PASSWORD = 'Outbox@2026';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
let learners = 0;

afterEach(() => {
  vi.useRealTimers();
});

describeEachEngine(
  'study progress sent from the outbox',
  (ctx) => {
    const app = () => ctx().app;
    let lesson: number;
    let other: number;

    beforeAll(async () => {
      const { db } = app().database;
      await createSites(db);
      app().sites.invalidate();
      const course = await createCourse(db, {
        title: '地铁上的课',
        chapters: [
          {
            title: '第一章',
            lessons: [
              { title: '长视频', durationSeconds: 1800 },
              { title: '第二个视频', durationSeconds: 1800 },
            ],
          },
        ],
      });
      [lesson, other] = course.lessonIds as [number, number];
    });

    /** Each learner's id by their token. */
    const ids = new Map<string, number>();
    async function newLearner(): Promise<string> {
      learners += 1;
      const username = `1360000${String(learners).padStart(4, '0')}`;
      await app().accounts.register({ username, password: PASSWORD });
      const token = await loginAs(app(), username, PASSWORD);
      const user = await app()
        .database.db.selectFrom('users')
        .select('id')
        .where('username', '=', username)
        .executeTakeFirstOrThrow();
      ids.set(token, Number(user.id));
      return token;
    }
    const idOf = (token: string) => ids.get(token) ?? 0;

    function send(token: string, payload: object, key?: string, url = '/api/study/progress') {
      return app().inject({
        method: 'POST',
        url,
        headers: {
          authorization: `Bearer ${token}`,
          ...(key === undefined ? {} : { 'idempotency-key': key }),
        },
        payload,
      });
    }

    async function secondsOn(token: string, day: string) {
      const userId = idOf(token);
      const row = await app()
        .database.db.selectFrom('learning_days')
        .select('seconds')
        .where('user_id', '=', userId)
        .where('day', '=', day)
        .executeTakeFirst();
      return Number(row?.seconds ?? 0);
    }

    /** Ten reports of 30 s each, made 30 s apart from `start` with the network gone. */
    const offlineSession = (start: number) =>
      Array.from({ length: 10 }, (_, i) => ({
        key: `outbox-${start}-${i}`,
        payload: {
          lessonId: lesson,
          positionSeconds: 30 * (i + 1),
          watchedSeconds: 30,
          durationSeconds: 1800,
          recordedAt: start + 30_000 * (i + 1),
        },
      }));

    it('credits reports made offline at their time, on their day, and a replay never again', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const token = await newLearner();
      const start = Date.now() - 2 * HOUR;
      const session = offlineSession(start);
      // Back online two hours later: the outbox sends them in order.
      for (const { key, payload } of session) {
        const answer = body<ProgressResult>(await send(token, payload, key));
        expect(answer.code).toBe(0);
        expect(answer.data.countedSeconds).toBe(30);
      }
      expect(await secondsOn(token, dayKey(start + 300_000))).toBe(300);
      const progress = await app()
        .database.db.selectFrom('lesson_progress')
        .select(['position_seconds', 'watched_seconds'])
        .where('lesson_id', '=', lesson)
        .where('user_id', '=', idOf(token))
        .executeTakeFirstOrThrow();
      expect(Number(progress.position_seconds)).toBe(300);
      expect(Number(progress.watched_seconds)).toBe(300);

      // The outbox did not hear the answers (the signal went again): it sends them all again.
      for (const { key, payload } of session) {
        const again = await send(token, payload, key);
        expect(again.headers['idempotency-replayed']).toBe('true');
        expect(body<ProgressResult>(again).data.countedSeconds).toBe(30);
      }
      expect(await secondsOn(token, dayKey(start + 300_000))).toBe(300);
    });

    it('counts the same report sent ten times at once only once', async () => {
      const token = await newLearner();
      const [{ key, payload }] = offlineSession(Date.now() - HOUR) as [
        { key: string; payload: object },
      ];
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => send(token, payload, key)),
      );
      const codes = answers.map((answer) => body(answer).code);
      expect(codes.every((code) => code === 0 || code === ErrorCode.conflict)).toBe(true);
      expect(codes.filter((code) => code === 0).length).toBeGreaterThanOrEqual(1);
      expect(await secondsOn(token, dayKey(Date.now() - HOUR))).toBe(30);
    });

    it('credits offline time no faster than real time, however it is claimed', async () => {
      const token = await newLearner();
      const at = Date.now() - HOUR;
      // Two lessons "watched" at the same moments: the learner's clock counts them once.
      for (let i = 1; i <= 4; i += 1) {
        for (const lessonId of [lesson, other]) {
          await send(token, {
            lessonId,
            positionSeconds: 30 * i,
            watchedSeconds: 30,
            durationSeconds: 1800,
            recordedAt: at + 30_000 * i,
          });
        }
      }
      // Two minutes in two lessons: as online, at most the two minutes plus a minute's allowance.
      const seconds = await secondsOn(token, dayKey(at));
      expect(seconds).toBeLessThanOrEqual(120 + 60 + 2);
      expect(seconds).toBeLessThan(2 * 120);
      // A moment before what was already credited gains nothing.
      const late = await send(token, {
        lessonId: lesson,
        positionSeconds: 10,
        watchedSeconds: 30,
        durationSeconds: 1800,
        recordedAt: at - 10 * MINUTE,
      });
      expect(body<ProgressResult>(late).data.countedSeconds).toBe(0);
    });

    it('refuses a report made more than a week ago, and writes nothing', async () => {
      const token = await newLearner();
      const answer = body(
        await send(
          token,
          {
            lessonId: lesson,
            positionSeconds: 30,
            watchedSeconds: 30,
            durationSeconds: 1800,
            recordedAt: Date.now() - 8 * 24 * HOUR,
          },
          'too-old-report-1',
        ),
      );
      expect(answer).toMatchObject({
        code: ErrorCode.invalid,
        message: '这条离线学习记录已超过 7 天，不再计入学习时长',
      });
      const userId = idOf(token);
      const rows = await app()
        .database.db.selectFrom('lesson_progress')
        .select('lesson_id')
        .where('user_id', '=', userId)
        .execute();
      expect(rows).toEqual([]);
      // The refusal let the key go: nothing is kept of it.
      const keys = await app()
        .database.db.selectFrom('request_keys')
        .select('key')
        .where('user_id', '=', userId)
        .execute();
      expect(keys).toEqual([]);
    });

    it('computes the dashboard again for a day credited late', async () => {
      const token = await newLearner();
      const threeDaysAgo = Date.now() - 3 * 24 * HOUR;
      const day = dayKey(threeDaysAgo);
      const { db } = app().database;
      await db
        .insertInto('stats_rollup_marks')
        .values([
          { key: `day:${day}`, computed_at: Date.now() },
          { key: `day:${addDays(day, -1)}`, computed_at: Date.now() },
        ])
        .execute();
      await send(token, {
        lessonId: lesson,
        positionSeconds: 30,
        watchedSeconds: 30,
        durationSeconds: 1800,
        recordedAt: threeDaysAgo,
      });
      const marks = await db.selectFrom('stats_rollup_marks').select('key').execute();
      expect(marks.map((mark) => mark.key)).toEqual([`day:${addDays(day, -1)}`]);
      expect(await secondsOn(token, day)).toBe(30);
    });

    describe('the key', () => {
      it('refuses a malformed key, and one already used for another write', async () => {
        const token = await newLearner();
        const payload = { lessonId: lesson, positionSeconds: 5, watchedSeconds: 5 };
        const malformed = body(await send(token, payload, 'short'));
        expect(malformed.code).toBe(ErrorCode.invalid);
        expect(malformed.message).toContain('Idempotency-Key 格式不正确');

        expect(body(await send(token, payload, 'shared-key-0001')).code).toBe(0);
        const elsewhere = body(
          await send(
            token,
            { contentType: 'course', contentId: 1 },
            'shared-key-0001',
            '/api/favourites',
          ),
        );
        expect(elsewhere).toMatchObject({
          code: ErrorCode.invalid,
          message: '这个 Idempotency-Key 已用于另一项操作',
        });
      });

      it("is the learner's own: another learner's same key is another write", async () => {
        const [first, second] = [await newLearner(), await newLearner()];
        const payload = { lessonId: lesson, positionSeconds: 5, watchedSeconds: 5 };
        expect(body(await send(first, payload, 'same-key-for-both')).code).toBe(0);
        const answer = await send(second, payload, 'same-key-for-both');
        expect(answer.headers['idempotency-replayed']).toBeUndefined();
        expect(body<ProgressResult>(answer).data.watchedSeconds).toBe(5);
      });
    });
  },
  { seedDemo: false },
);
