import type { Statistics, StatisticsSummary, TodayStudy } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCourse } from '../../testing/course-factory.ts';
import { createLiveChannel, createLiveSession } from '../../testing/live-factory.ts';
import { body, describeEachEngine, loginAs } from '../../testing/test-app.ts';
import { dayKey } from '../study/study.rules.ts';
import { findLearningTotals, rebuildLearningTotals } from './statistics.queries.ts';
import { addDays } from './statistics.rules.ts';

const PASSWORD = 'Stats@2026';
const HOUR = 3_600_000;

interface Learner {
  id: number;
  token: string;
}

let learnerCount = 0;

/** Registers a fresh learner (no learning yet). */
async function newLearner(app: FastifyInstance): Promise<Learner> {
  learnerCount += 1;
  const username = `1360000${String(learnerCount).padStart(4, '0')}`;
  await app.accounts.register({ username, password: PASSWORD });
  const user = await app.database.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return { id: Number(user.id), token: await loginAs(app, username, PASSWORD) };
}

afterEach(() => {
  vi.useRealTimers();
});

/** 23:59:55 in Shanghai (15:59:55 UTC) of today, or of yesterday while it has not come yet. */
function beforeShanghaiMidnight(): number {
  const now = new Date();
  const at = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 15, 59, 55);
  return at > Date.now() ? at - 86_400_000 : at;
}

describeEachEngine('statistics', (ctx) => {
  const app = () => ctx().app;
  let lesson: number;
  let session: number;

  beforeAll(async () => {
    const { db } = app().database;
    const course = await createCourse(db, {
      title: '统计测试课程',
      chapters: [{ title: '第一章', lessons: [{ title: '长视频', durationSeconds: 3600 }] }],
    });
    lesson = course.lessonIds[0] as number;
    const channel = await createLiveChannel(db, { siteKey: 'jingan' });
    // Live through the whole test run (fake clocks go back to yesterday evening at most).
    session = await createLiveSession(db, {
      site_key: 'jingan',
      channel_id: channel,
      starts_at: Date.now() - 48 * HOUR,
      ends_at: Date.now() + 48 * HOUR,
    });
  });

  const get = async <T>(url: string, learner?: Learner) =>
    body<T>(
      await app().inject({
        url,
        headers: {
          'x-site': 'jingan',
          ...(learner ? { authorization: `Bearer ${learner.token}` } : {}),
        },
      }),
    );
  const statistics = async (learner: Learner, range = '30d') => {
    const answer = await get<Statistics>(`/api/statistics?range=${range}`, learner);
    expect(answer.code).toBe(0);
    return answer.data;
  };
  const summary = async (learner: Learner) =>
    (await get<StatisticsSummary>('/api/statistics/summary', learner)).data;
  const post = async (url: string, learner: Learner, payload: object) => {
    const answer = body(
      await app().inject({
        method: 'POST',
        url,
        headers: { 'x-site': 'jingan', authorization: `Bearer ${learner.token}` },
        payload,
      }),
    );
    expect(answer.code).toBe(0);
  };
  const watchLesson = (learner: Learner, seconds: number) =>
    post('/api/study/progress', learner, {
      lessonId: lesson,
      positionSeconds: seconds,
      watchedSeconds: seconds,
    });
  const watchLive = (learner: Learner, seconds: number) =>
    post('/api/study/live-progress', learner, {
      sessionId: session,
      positionSeconds: 0,
      watchedSeconds: seconds,
    });
  const learnedOn = async (learner: Learner, days: string[]) => {
    const { db } = app().database;
    await db
      .insertInto('learning_days')
      .values(days.map((day) => ({ user_id: learner.id, day, seconds: 600, updated_at: 1 })))
      .execute();
    await db
      .insertInto('learning_time')
      .values(
        days.map((day) => ({
          user_id: learner.id,
          day,
          kind: 'course' as const,
          seconds: 600,
          updated_at: 1,
        })),
      )
      .execute();
    // Days written in bulk, as the seed and the migration do: their totals computed again.
    await rebuildLearningTotals(db, app().database.engine, { from: learner.id, to: learner.id });
  };

  describe('GET /api/statistics', () => {
    it('answers 301 without a login', async () => {
      expect((await get('/api/statistics')).code).toBe(301);
      expect((await get('/api/statistics/summary')).code).toBe(301);
    });

    it('refuses an unknown range with a message naming it', async () => {
      const learner = await newLearner(app());
      const answer = await get('/api/statistics?range=7d', learner);
      expect(answer.code).toBe(400);
      expect(answer.message).toMatch(/^统计范围/);
    });

    it('answers a new learner 30 empty days ending today, and zero totals and streaks', async () => {
      const learner = await newLearner(app());
      const data = await statistics(learner);
      const today = dayKey(Date.now());
      expect(data.today).toBe(today);
      expect(data.buckets).toHaveLength(30);
      expect(data.buckets[0]?.start).toBe(addDays(today, -29));
      expect(data.buckets.at(-1)).toEqual({
        start: today,
        end: today,
        seconds: { course: 0, live: 0 },
        total: 0,
      });
      expect(data.totals).toEqual({ seconds: 0, days: 0, coursesCompleted: 0 });
      expect(data.streak).toEqual({ current: 0, longest: 0 });
      expect((await get('/api/statistics', learner)).data).toEqual(data);
    });

    it('answers 12 weeks from Monday to Sunday and 12 calendar months, the last holding today', async () => {
      const learner = await newLearner(app());
      const today = dayKey(Date.now());
      const weeks = (await statistics(learner, '12w')).buckets;
      expect(weeks).toHaveLength(12);
      for (const [i, week] of weeks.entries()) {
        expect(new Date(`${week.start}T00:00:00Z`).getUTCDay()).toBe(1);
        expect(week.end).toBe(addDays(week.start, 6));
        if (i > 0) expect(week.start).toBe(addDays(weeks[i - 1]?.end ?? '', 1));
      }
      expect(weeks.at(-1)?.start.localeCompare(today)).toBeLessThanOrEqual(0);
      expect(weeks.at(-1)?.end.localeCompare(today)).toBeGreaterThanOrEqual(0);
      const months = (await statistics(learner, '12m')).buckets;
      expect(months).toHaveLength(12);
      for (const [i, month] of months.entries()) {
        expect(month.start.endsWith('-01')).toBe(true);
        expect(addDays(month.end, 1).endsWith('-01')).toBe(true);
        if (i > 0) expect(month.start).toBe(addDays(months[i - 1]?.end ?? '', 1));
      }
      expect(months.at(-1)?.start).toBe(`${today.slice(0, 7)}-01`);
    });

    it('splits the credited time by kind: lessons as course, live sessions as live', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const learner = await newLearner(app());
      const start = Date.now();
      await watchLesson(learner, 30);
      vi.setSystemTime(start + 60_000);
      await watchLive(learner, 20);
      vi.setSystemTime(start + 61_000);
      const data = await statistics(learner);
      expect(data.buckets.at(-1)?.seconds).toEqual({ course: 30, live: 20 });
      expect(data.buckets.at(-1)?.total).toBe(50);
      expect(data.buckets.slice(0, -1).every((bucket) => bucket.total === 0)).toBe(true);
      expect(data.totals).toEqual({ seconds: 50, days: 1, coursesCompleted: 0 });
      expect(data.streak).toEqual({ current: 1, longest: 1 });
      const week = (await statistics(learner, '12w')).buckets.at(-1);
      const month = (await statistics(learner, '12m')).buckets.at(-1);
      expect(week?.seconds).toEqual({ course: 30, live: 20 });
      expect(month?.seconds).toEqual({ course: 30, live: 20 });
      const today = (await get<TodayStudy>('/api/study/today', learner)).data;
      expect(await summary(learner)).toEqual({
        day: today.day,
        todaySeconds: today.seconds,
        streak: { current: 1, longest: 1 },
      });
      expect(today.seconds).toBe(50);
    });

    it('files time on the Asia/Shanghai day it was credited: 23:59:55 and 00:00:05 are two days', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const learner = await newLearner(app());
      const at = beforeShanghaiMidnight();
      vi.setSystemTime(at);
      await watchLesson(learner, 5);
      vi.setSystemTime(at + 10_000);
      await watchLesson(learner, 5);
      const data = await statistics(learner);
      expect(data.today).toBe(dayKey(at + 10_000));
      expect(data.buckets.slice(-2).map((bucket) => [bucket.start, bucket.total])).toEqual([
        [dayKey(at), 5],
        [dayKey(at + 10_000), 5],
      ]);
      expect(data.streak).toEqual({ current: 2, longest: 2 });
      expect(data.totals.days).toBe(2);
    });

    it('keeps the totals as credits come: a run of days, a gap, the same day again', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const learner = await newLearner(app());
      const start = beforeShanghaiMidnight() - 20 * 86_400_000 + 60_000;
      const learnOn = async (day: number, seconds: number) => {
        vi.setSystemTime(start + day * 86_400_000);
        await watchLesson(learner, seconds);
      };
      const { db, engine } = app().database;
      const kept = () => findLearningTotals(db, learner.id);
      await learnOn(0, 30);
      await learnOn(1, 20);
      await learnOn(1, 10);
      await learnOn(2, 5);
      expect(await kept()).toEqual({
        seconds: 65,
        days: 3,
        lastDay: dayKey(start + 2 * 86_400_000),
        streak: 3,
        longest: 3,
      });
      await learnOn(5, 7);
      await learnOn(6, 8);
      const afterGap = await kept();
      expect(afterGap).toMatchObject({ seconds: 80, days: 5, streak: 2, longest: 3 });
      // The same as computed again from the days, as the migration and the seed do.
      await rebuildLearningTotals(db, engine, { from: learner.id, to: learner.id });
      expect(await kept()).toEqual(afterGap);
      // Twenty days on, the run has ended: current 0, the longest kept.
      vi.setSystemTime(start + 20 * 86_400_000);
      expect((await statistics(learner)).streak).toEqual({ current: 0, longest: 3 });
    });

    it('keeps yesterday’s streak while today has no learning yet, and counts the longest run', async () => {
      const learner = await newLearner(app());
      const today = dayKey(Date.now());
      const ago = (days: number) => addDays(today, -days);
      await learnedOn(learner, [ago(1), ago(2), ago(3), ago(6), ago(7), ago(8), ago(9), ago(10)]);
      expect((await statistics(learner)).streak).toEqual({ current: 3, longest: 5 });
      expect((await summary(learner)).streak).toEqual({ current: 3, longest: 5 });

      await learnedOn(learner, [today]);
      expect((await summary(learner)).streak).toEqual({ current: 4, longest: 5 });
      const data = await statistics(learner);
      expect(data.totals).toEqual({ seconds: 9 * 600, days: 9, coursesCompleted: 0 });
      expect(data.buckets.filter((bucket) => bucket.total > 0)).toHaveLength(9);
    });

    it('ends the streak when yesterday had no learning, keeping the longest', async () => {
      const learner = await newLearner(app());
      const today = dayKey(Date.now());
      await learnedOn(learner, [addDays(today, -2), addDays(today, -3)]);
      expect(await summary(learner)).toEqual({
        day: today,
        todaySeconds: 0,
        streak: { current: 0, longest: 2 },
      });
    });

    it('puts a Sunday and the next Monday in two weeks, a month’s last and next first day in two months', async () => {
      const learner = await newLearner(app());
      const today = dayKey(Date.now());
      const weeks = (await statistics(learner, '12w')).buckets;
      const sunday = weeks[5]?.end ?? '';
      await learnedOn(learner, [sunday, addDays(sunday, 1)]);
      const byWeek = (await statistics(learner, '12w')).buckets;
      expect(byWeek[5]?.total).toBe(600);
      expect(byWeek[6]?.total).toBe(600);
      const months = (await statistics(learner, '12m')).buckets;
      const lastOfMonth = months[3]?.end ?? '';
      await learnedOn(learner, [lastOfMonth, addDays(lastOfMonth, 1)]);
      const byMonth = (await statistics(learner, '12m')).buckets;
      expect(byMonth[3]?.seconds.course).toBeGreaterThanOrEqual(600);
      expect(byMonth[4]?.seconds.course).toBeGreaterThanOrEqual(600);
      const total = (data: Statistics) => data.buckets.reduce((sum, b) => sum + b.total, 0);
      expect(total(await statistics(learner, '12m'))).toBe(4 * 600);
      expect(today >= (months[0]?.start ?? '')).toBe(true);
    });

    it('answers only the caller’s own figures', async () => {
      const one = await newLearner(app());
      const other = await newLearner(app());
      await watchLesson(one, 10);
      await learnedOn(one, [addDays(dayKey(Date.now()), -1)]);
      expect((await statistics(one)).totals.days).toBe(2);
      const data = await statistics(other);
      expect(data.totals).toEqual({ seconds: 0, days: 0, coursesCompleted: 0 });
      expect(data.buckets.every((bucket) => bucket.total === 0)).toBe(true);
      expect((await summary(other)).todaySeconds).toBe(0);
    });

    it('counts the courses the learner completed', async () => {
      const learner = await newLearner(app());
      const short = await createCourse(app().database.db, {
        title: '一课时课程',
        chapters: [{ title: '第一章', lessons: [{ title: '图文', kind: 'article' }] }],
      });
      await post('/api/study/progress', learner, {
        lessonId: short.lessonIds[0],
        positionSeconds: 0,
        watchedSeconds: 1,
      });
      expect((await statistics(learner)).totals.coursesCompleted).toBe(1);
    });
  });

  describe('the demo learners', () => {
    it('have months of learning history by kind, a current and a longer earlier streak', async () => {
      const token = await loginAs(app());
      const demo = { id: 0, token };
      const data = await statistics(demo, '12m');
      expect(data.streak).toEqual({ current: 14, longest: 21 });
      expect(data.buckets.filter((bucket) => bucket.total > 0).length).toBeGreaterThanOrEqual(5);
      expect(data.buckets.some((bucket) => bucket.seconds.live > 0)).toBe(true);
      expect(data.buckets.reduce((sum, bucket) => sum + bucket.total, 0)).toBe(data.totals.seconds);
      expect((await summary(demo)).todaySeconds).toBeGreaterThan(0);
      const second = { id: 0, token: await loginAs(app(), '13800000002') };
      expect((await summary(second)).todaySeconds).toBe(0);
      expect((await statistics(second)).totals.days).toBeGreaterThan(10);
    });
  });

  describe('learning time by kind under concurrency', () => {
    it('keeps each day’s kinds adding up to its total when reports race', async () => {
      const learner = await newLearner(app());
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          i % 2 === 0 ? watchLesson(learner, 5) : watchLive(learner, 5),
        ),
      );
      const { db } = app().database;
      const days = await db
        .selectFrom('learning_days')
        .select(['day', 'seconds'])
        .where('user_id', '=', learner.id)
        .execute();
      const kinds = await db
        .selectFrom('learning_time')
        .select(['day', 'kind', 'seconds'])
        .where('user_id', '=', learner.id)
        .execute();
      expect(days).toHaveLength(1);
      const total = Number(days[0]?.seconds);
      const sum = kinds.reduce((acc, row) => acc + Number(row.seconds), 0);
      expect(total).toBeGreaterThan(0);
      expect(total).toBeLessThanOrEqual(100);
      expect(sum).toBeCloseTo(total, 6);
      // The chart shows whole seconds per kind and their sum: within a second of the day's total.
      const today = (await statistics(learner)).buckets.at(-1);
      expect(Math.abs((today?.total ?? 0) - total)).toBeLessThanOrEqual(1);
      expect(today?.total).toBe(today ? today.seconds.course + today.seconds.live : 0);
    });
  });
});
