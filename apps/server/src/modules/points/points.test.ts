import {
  ARTICLE_READ_MIN_SECONDS,
  type Page,
  type PointsLedgerEntry,
  type PointsSummary,
  type PointsTasks,
  type ProgressResult,
} from '@portal/contract';
import { sql } from 'kysely';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  addStaff,
  createActivity,
  FULL_FORM,
  organiserId,
} from '../../testing/activity-factory.ts';
import { createLearners, type TestLearner } from '../../testing/class-factory.ts';
import { createCourse, createSites } from '../../testing/course-factory.ts';
import { createEbook } from '../../testing/ebook-factory.ts';
import { createLiveChannel, createLiveSession } from '../../testing/live-factory.ts';
import { body, describeEachEngine } from '../../testing/test-app.ts';
import { signedIn } from '../account/account.effects.ts';
import { insertArticleChannels } from '../articles/articles.queries.ts';
import { dayKey } from '../study/study.rules.ts';
import { awardPoints, deductPoints } from './points.award.ts';
import { findBalance, listUnbalanced, setBalance } from './points.queries.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
// Noon in Asia/Shanghai, so a test's minutes never cross midnight there.
const NOON = Date.parse('2026-11-20T04:00:00Z');

afterEach(() => {
  vi.useRealTimers();
});

describeEachEngine(
  'points API',
  (ctx) => {
    const app = () => ctx().app;
    let learners: TestLearner[];
    let articleCourse: { id: number; lessons: number[] };
    let videoCourse: { id: number; lesson: number };
    let ebookId: number;
    let articleId: number;

    beforeAll(async () => {
      const db = app().database.db;
      await createSites(db);
      app().sites.invalidate();
      learners = await createLearners(db, 9);
      const articles = await createCourse(db, {
        title: '读图文课程',
        chapters: [
          {
            title: '第一章',
            lessons: [
              { title: '图文一', kind: 'article' },
              { title: '图文二', kind: 'article' },
            ],
          },
        ],
      });
      articleCourse = { id: articles.id, lessons: articles.lessonIds };
      const video = await createCourse(db, {
        title: '长视频课程',
        chapters: [{ title: '第一章', lessons: [{ title: '长视频', durationSeconds: 3600 }] }],
      });
      videoCourse = { id: video.id, lesson: video.lessonIds[0] as number };
      ebookId = await createEbook(db, { title: '红楼梦', page_count: 60 });
      const [channel] = (await insertArticleChannels(db, [
        { site_key: 'jingan', kind: 'news', name: '社区动态', sort: 1 },
      ])) as [number];
      articleId = await app().articles.createArticle('jingan', {
        channelId: channel,
        title: '社区新闻一则',
        source: '静安区社区学院',
        bodyHtml: '<p>正文</p>',
        publishedAt: Date.now() - 60_000,
      });
    });

    /** The n-th test learner (each test takes its own, so they never share a day's cap). */
    const learner = (n: number) => learners[n] as TestLearner;

    async function get<T>(url: string, token: string) {
      return body<T>(await app().inject({ url, headers: bearer(token) }));
    }

    async function post<T>(url: string, token: string, payload: Record<string, unknown>) {
      return body<T>(await app().inject({ method: 'POST', url, headers: bearer(token), payload }));
    }

    const summary = (token: string) => get<PointsSummary>('/api/points/summary', token);
    const tasks = async (token: string) =>
      (await get<PointsTasks>('/api/points/tasks', token)).data;
    const ledger = async (token: string, query = '') =>
      (await get<Page<PointsLedgerEntry>>(`/api/points/ledger?size=50${query}`, token)).data;
    const task = async (token: string, key: string) =>
      (await tasks(token)).tasks.find((item) => item.key === key);

    describe('login and bad input', () => {
      it('answers 301 on every points endpoint without a valid token', async () => {
        for (const url of ['/api/points/summary', '/api/points/tasks', '/api/points/ledger']) {
          expect(body(await app().inject({ url })).code).toBe(301);
        }
      });

      it('answers 400 naming the field for an unknown ledger type or page', async () => {
        const token = learner(0).token;
        const wrongType = await get('/api/points/ledger?type=stolen', token);
        expect(wrongType.code).toBe(400);
        expect(wrongType.message).toContain('类型');
        const wrongPage = await get('/api/points/ledger?page=-3', token);
        expect(wrongPage.code).toBe(400);
        expect(wrongPage.message).toContain('页码');
        for (const query of ['page=1e12', 'size=51', 'size=0']) {
          expect((await get(`/api/points/ledger?${query}`, token)).code).toBe(400);
        }
      });

      it('has no route by which a client could claim points', async () => {
        const token = learner(0).token;
        for (const url of ['/api/points/award', '/api/points/ledger', '/api/points/summary']) {
          const response = await post(url, token, { ruleKey: 'login', amount: 1000 });
          expect(response.code).toBe(404);
        }
        const docs = (await app().inject({ url: '/api/docs' })).json<{
          paths: Record<string, Record<string, unknown>>;
        }>();
        // The learner's points area (the console's rules, under /api/admin, change no balance).
        const pointsPaths = Object.entries(docs.paths).filter(([path]) =>
          path.startsWith('/api/points'),
        );
        expect(pointsPaths.length).toBe(3);
        for (const [, methods] of pointsPaths) expect(Object.keys(methods)).toEqual(['get']);
        expect((await summary(token)).data.balance).toBe(0);
      });
    });

    it('shows a new learner every rule as a task with nothing done yet', async () => {
      const { tasks: list } = await tasks(learner(0).token);
      expect(list.map((item) => item.name)).toEqual([
        '每日登录',
        '有效学习',
        '完成课时',
        '完成课程',
        '参加活动',
        '电子书读满10页',
        '读完文章',
        '班级结业',
        '发布团队作品',
      ]);
      expect(list.find((item) => item.key === 'learning_minute')).toMatchObject({
        unit: '分钟',
        dailyCap: 30,
        doneUnits: 0,
        done: false,
        page: 'courseList',
      });
      expect((await summary(learner(0).token)).data).toMatchObject({ balance: 0, todayEarned: 0 });
      expect((await ledger(learner(0).token)).total).toBe(0);
    });

    it('awards the daily sign-in on the first token refresh of the day, once', async () => {
      const [fresh] = await createLearners(app().database.db, 1);
      let token = (fresh as TestLearner).token;
      for (let i = 0; i < 3; i += 1) {
        token = (await get<string>('/api/account/refresh-token', token)).data;
      }
      expect((await task(token, 'login'))?.done).toBe(true);
      expect((await summary(token)).data).toMatchObject({ balance: 2, todayEarned: 2 });
      // The next day's first sign-in counts again.
      const tomorrow = Date.now() + 86_400_000;
      await app()
        .database.db.transaction()
        .execute((trx) =>
          app().sideEffects.record(trx, signedIn('jingan', (fresh as TestLearner).id, tomorrow)),
        );
      const rows = await ledger(token);
      expect(rows.list.map((row) => [row.ruleName, row.amount, row.balanceAfter, row.day])).toEqual(
        [
          ['每日登录', 2, 4, dayKey(tomorrow)],
          ['每日登录', 2, 2, dayKey(Date.now())],
        ],
      );
    });

    it('awards each whole minute of credited learning time, within the daily cap', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const start = NOON;
      vi.setSystemTime(start);
      const { token } = learner(1);
      await app()
        .database.db.updateTable('points_rules')
        .set({ daily_cap: 3 })
        .where('key', '=', 'learning_minute')
        .execute();
      try {
        const reportAt = async (seconds: number) => {
          vi.setSystemTime(start + seconds * 1000);
          return post<ProgressResult>('/api/study/progress', token, {
            lessonId: videoCourse.lesson,
            positionSeconds: seconds,
            watchedSeconds: 30,
          });
        };
        const todaySeconds = async () =>
          (await get<{ seconds: number }>('/api/study/today', token)).data.seconds;
        await reportAt(0);
        await reportAt(30);
        await reportAt(60);
        // Each whole minute the study module credited, no more.
        const seconds = await todaySeconds();
        expect(seconds).toBeGreaterThanOrEqual(60);
        expect(seconds).toBeLessThan(180);
        expect(await task(token, 'learning_minute')).toMatchObject({
          doneUnits: Math.floor(seconds / 60),
          done: false,
        });
        for (let at = 120; at <= 300; at += 30) await reportAt(at);
        // 300 s credited, but the cap is 3 minutes.
        expect(await task(token, 'learning_minute')).toMatchObject({
          doneUnits: 3,
          dailyCap: 3,
          done: true,
        });
        const rows = await ledger(token);
        expect(rows.list.map((row) => row.title)).toEqual([
          '今日第 3 分钟',
          '今日第 2 分钟',
          '今日第 1 分钟',
        ]);
        expect((await summary(token)).data.balance).toBe(3);
      } finally {
        await app()
          .database.db.updateTable('points_rules')
          .set({ daily_cap: 30 })
          .where('key', '=', 'learning_minute')
          .execute();
      }
    });

    it('awards the minutes of watching a live session the same way', async () => {
      const { token } = learner(8);
      const db = app().database.db;
      const start = Date.now();
      const channel = await createLiveChannel(db, { siteKey: 'jingan' });
      const sessionId = await createLiveSession(db, {
        site_key: 'jingan',
        channel_id: channel,
        starts_at: start - 600_000,
        ends_at: start + 3_600_000,
      });
      vi.useFakeTimers({ toFake: ['Date'] });
      for (let at = 0; at <= 150; at += 30) {
        vi.setSystemTime(start + at * 1000);
        const answer = await post('/api/study/live-progress', token, {
          sessionId,
          positionSeconds: 0,
          watchedSeconds: 30,
        });
        expect(answer.code).toBe(0);
      }
      const seconds = (await get<{ seconds: number }>('/api/study/today', token)).data.seconds;
      expect(seconds).toBeGreaterThanOrEqual(120);
      const rows = await ledger(token);
      expect(rows.list.filter((row) => row.ruleKey === 'learning_minute').length).toBe(
        Math.floor(seconds / 60),
      );
    });

    it('awards a completed lesson and a completed course once, however often reported', async () => {
      const { token } = learner(2);
      const [first, second] = articleCourse.lessons as [number, number];
      for (let i = 0; i < 3; i += 1) {
        await post('/api/study/progress', token, {
          lessonId: first,
          positionSeconds: 0,
          watchedSeconds: 0,
        });
      }
      await post('/api/study/progress', token, {
        lessonId: second,
        positionSeconds: 0,
        watchedSeconds: 0,
      });
      const rows = await ledger(token);
      expect(
        rows.list.map((row) => [row.ruleName, row.title, row.amount, row.balanceAfter]),
      ).toEqual([
        ['完成课程', '读图文课程', 20, 30],
        ['完成课时', '图文二', 5, 10],
        ['完成课时', '图文一', 5, 5],
      ]);
      expect(await task(token, 'lesson_complete')).toMatchObject({ doneUnits: 2, pointsToday: 10 });
    });

    it('awards every 10 pages read forward in an e-book, never a jump back or the first open', async () => {
      const { token } = learner(3);
      const read = (page: number) => post('/api/ebooks/progress', token, { ebookId, page });
      for (const page of [12, 15, 8, 19, 25, 60]) expect((await read(page)).code).toBe(0);
      // 12 is the first open (none), 19 stays in the 10s after 8, 25 reaches 20, 60 reaches 60.
      const rows = await ledger(token);
      expect(rows.list.map((row) => [row.ruleName, row.title])).toEqual([
        ['电子书读满10页', '红楼梦'],
        ['电子书读满10页', '红楼梦'],
        ['电子书读满10页', '红楼梦'],
      ]);
      const beyond = await read(61);
      expect(beyond.code).toBe(400);
      expect((await ledger(token)).total).toBe(3);
    });

    it('awards an article read to the end only long enough after it was opened, once', async () => {
      const { id: userId, token } = learner(4);
      const readEnd = (id = articleId) => post('/api/articles/read-end', token, { id });

      const unopened = await readEnd();
      expect(unopened).toMatchObject({ code: 409, message: '请先打开文章阅读' });
      await get(`/api/articles/detail?id=${articleId}`, token);
      expect(await readEnd()).toMatchObject({
        code: 409,
        message: '阅读时间过短，读完全文才算读完',
      });
      // As if the learner had opened it long enough ago.
      await app()
        .database.db.updateTable('article_opens')
        .set({ opened_at: Date.now() - ARTICLE_READ_MIN_SECONDS * 1000 - 1 })
        .where('user_id', '=', userId)
        .execute();
      expect(await readEnd()).toMatchObject({ code: 0, data: { read: true } });
      expect(await readEnd()).toMatchObject({ code: 0 });
      expect(
        (await ledger(token)).list.map((row) => [row.ruleName, row.title, row.amount]),
      ).toEqual([['读完文章', '社区新闻一则', 1]]);
      expect((await readEnd(999_999)).code).toBe(404);
      expect((await post('/api/articles/read-end', token, { id: -1 })).code).toBe(400);
      const visitor = await app().inject({
        method: 'POST',
        url: '/api/articles/read-end',
        payload: { id: articleId },
      });
      expect(body(visitor).code).toBe(301);
    });

    it('awards an activity check-in by staff once, and a rule change changes only later awards', async () => {
      const { id: userId, token } = learner(5);
      const db = app().database.db;
      const [staff] = (await createLearners(db, 1)) as [TestLearner];
      await addStaff(db, await organiserId(db), staff.id);
      const checkInAt = async (title: string) => {
        const activityId = await createActivity(db, { title });
        expect(
          (await post('/api/activities/apply', token, { activityId, form: FULL_FORM })).code,
        ).toBe(0);
        const { checkin_code: code } = await db
          .selectFrom('activity_applications')
          .select('checkin_code')
          .where('activity_id', '=', activityId)
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow();
        expect((await post('/api/activities/checkin', staff.token, { code })).code).toBe(0);
        expect((await post('/api/activities/checkin', staff.token, { code })).code).toBe(409);
      };
      await checkInAt('书法体验课');
      await db
        .updateTable('points_rules')
        .set({ points_per_unit: 15 })
        .where('key', '=', 'activity_checkin')
        .execute();
      try {
        await checkInAt('茶艺讲座');
      } finally {
        await db
          .updateTable('points_rules')
          .set({ points_per_unit: 10 })
          .where('key', '=', 'activity_checkin')
          .execute();
      }
      const rows = await ledger(token);
      expect(rows.list.map((row) => [row.title, row.amount, row.balanceAfter])).toEqual([
        ['茶艺讲座', 15, 25],
        ['书法体验课', 10, 10],
      ]);
      expect((await ledger(staff.token)).total).toBe(0);
    });

    it('lists spending apart from earning, and never spends beyond the balance', async () => {
      const { id: userId, token } = learner(6);
      const db = app().database.db;
      const award = (key: string) =>
        db.transaction().execute((trx) =>
          awardPoints(trx, {
            siteKey: 'jingan',
            userId,
            ruleKey: 'course_complete',
            key,
            sourceType: 'course',
            sourceId: 1,
            title: '课程',
            at: Date.now(),
          }),
        );
      expect(await award('test.spend:a')).toBe(20);
      const spend = (key: string, points: number) =>
        db.transaction().execute((trx) =>
          deductPoints(trx, {
            siteKey: 'jingan',
            userId,
            key,
            points,
            title: '兑换',
            at: Date.now(),
          }),
        );
      expect(await spend('test.spend:x', 8)).toBe(true);
      expect(await spend('test.spend:x', 8)).toBe(false);
      await expect(spend('test.spend:y', 13)).rejects.toMatchObject({ message: '积分不足' });
      const spent = await ledger(token, '&type=spent');
      expect(spent.list.map((row) => [row.ruleName, row.amount, row.balanceAfter])).toEqual([
        ['积分消费', -8, 12],
      ]);
      const earned = await ledger(token, '&type=earned');
      expect(earned.list.map((row) => row.amount)).toEqual([20]);
      expect((await summary(token)).data).toMatchObject({ balance: 12, todayEarned: 20 });
    });

    it('keeps each learner to their own points: another learner sees none of them', async () => {
      const mine = await ledger(learner(2).token);
      expect(mine.total).toBeGreaterThan(0);
      const other = await ledger(learner(7).token);
      expect(other.total).toBe(0);
      expect((await summary(learner(7).token)).data.balance).toBe(0);
    });

    it('refuses in the database to change or delete a ledger row', async () => {
      const db = app().database.db;
      const row = await db
        .selectFrom('points_ledger')
        .select('id')
        .where('user_id', '=', learner(2).id)
        .executeTakeFirstOrThrow();
      await expect(
        db.updateTable('points_ledger').set({ amount: 1000 }).where('id', '=', row.id).execute(),
      ).rejects.toThrow(/append-only/);
      await expect(
        db.deleteFrom('points_ledger').where('id', '=', row.id).execute(),
      ).rejects.toThrow(/append-only/);
      const balance = await sql<{ n: number }>`select count(*) as n from points_ledger`.execute(db);
      expect(Number(balance.rows[0]?.n)).toBeGreaterThan(0);
    });

    it('finds a balance that is not its ledger sum (the check after every suite)', async () => {
      const db = app().database.db;
      const { id: userId } = learner(2);
      expect(await listUnbalanced(db)).toEqual([]);
      const right = await findBalance(db, userId, 'jingan');
      await setBalance(db, userId, 'jingan', right + 1, Date.now());
      expect((await listUnbalanced(db)).map((row) => row.user_id)).toEqual([userId]);
      await setBalance(db, userId, 'jingan', right, Date.now());
      expect(await listUnbalanced(db)).toEqual([]);
    });
  },
  { seedDemo: false },
);
