import type { CourseProgress, LessonContent, ProgressResult, TodayStudy } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCourse, createSites } from '../../testing/course-factory.ts';
import { body, describeEachEngine, loginAs } from '../../testing/test-app.ts';
import { CREDIT_SLACK_MS, dayKey, MAX_CREDIT_MS } from './study.rules.ts';

const PASSWORD = 'Study@2026';

interface Fixture {
  /** 开机与解锁 (video, 300 s), 桌面图标说明 (article) | 添加好友 (video, 420 s). */
  course: { id: number; video: number; article: number; second: number };
  /** One video (120 s) and one article: completed by two reports. */
  short: { id: number; video: number; article: number };
  /** Two videos, for the learner count. */
  popular: { id: number; lessons: number[] };
  unpublished: { id: number; lesson: number };
  xuhui: { id: number; lesson: number };
}

async function buildFixture(app: FastifyInstance): Promise<Fixture> {
  const db = app.database.db;
  await createSites(db);
  app.sites.invalidate();
  const course = await createCourse(db, {
    title: '智能手机入门',
    chapters: [
      {
        title: '第一章 认识手机',
        lessons: [
          { title: '开机与解锁', durationSeconds: 300 },
          { title: '桌面图标说明', kind: 'article' },
        ],
      },
      { title: '第二章 微信', lessons: [{ title: '添加好友', durationSeconds: 420 }] },
    ],
  });
  const short = await createCourse(db, {
    title: '短课程',
    chapters: [
      {
        title: '第一章',
        lessons: [
          { title: '短视频', durationSeconds: 120 },
          { title: '短图文', kind: 'article' },
        ],
      },
    ],
  });
  const popular = await createCourse(db, { title: '热门课程' });
  const unpublished = await createCourse(db, { title: '未上线课程', published: 0 });
  const xuhui = await createCourse(db, { title: '徐汇课程', site_key: 'xuhui' });
  const [video, article, second] = course.lessonIds as [number, number, number];
  return {
    course: { id: course.id, video, article, second },
    short: {
      id: short.id,
      video: short.lessonIds[0] as number,
      article: short.lessonIds[1] as number,
    },
    popular: { id: popular.id, lessons: popular.lessonIds },
    unpublished: { id: unpublished.id, lesson: unpublished.lessonIds[0] as number },
    xuhui: { id: xuhui.id, lesson: xuhui.lessonIds[0] as number },
  };
}

let learnerCount = 0;

/** Registers a fresh learner and answers their bearer token. */
async function newLearner(app: FastifyInstance): Promise<string> {
  learnerCount += 1;
  const username = `1370000${String(learnerCount).padStart(4, '0')}`;
  await app.accounts.register({ username, password: PASSWORD });
  return loginAs(app, username, PASSWORD);
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

afterEach(() => {
  vi.useRealTimers();
});

describeEachEngine(
  'study API',
  (ctx) => {
    let fx: Fixture;
    let token: string;
    const app = () => ctx().app;

    beforeAll(async () => {
      fx = await buildFixture(app());
      token = await newLearner(app());
    });

    async function report(
      payload: Record<string, unknown>,
      as = token,
      headers: Record<string, string> = {},
    ) {
      const response = await app().inject({
        method: 'POST',
        url: '/api/study/progress',
        headers: { ...auth(as), ...headers },
        payload,
      });
      expect(response.statusCode).toBe(200);
      return body<ProgressResult>(response);
    }

    async function courseProgress(courseId: number | string, as = token) {
      const response = await app().inject({
        url: `/api/study/course-progress?courseId=${courseId}`,
        headers: auth(as),
      });
      return body<CourseProgress>(response);
    }

    async function today(as = token) {
      return body<TodayStudy>(await app().inject({ url: '/api/study/today', headers: auth(as) }))
        .data;
    }

    async function learnerCountOf(courseId: number) {
      const row = await app()
        .database.db.selectFrom('courses')
        .select('learner_count')
        .where('id', '=', courseId)
        .executeTakeFirstOrThrow();
      return Number(row.learner_count);
    }

    describe('login', () => {
      it('answers 301 on every study endpoint without a valid token', async () => {
        const calls = [
          { url: `/api/study/lesson?id=${fx.course.video}` },
          { url: `/api/study/course-progress?courseId=${fx.course.id}` },
          { url: '/api/study/today' },
          {
            method: 'POST' as const,
            url: '/api/study/progress',
            payload: { lessonId: fx.course.video, positionSeconds: 1, watchedSeconds: 1 },
          },
        ];
        for (const call of calls) {
          for (const headers of [{}, auth('not-a-real-token')]) {
            const response = await app().inject({ ...call, headers });
            expect(response.statusCode).toBe(200);
            expect(body(response)).toMatchObject({ code: 301, data: null });
          }
        }
      });
    });

    describe('GET /api/study/lesson', () => {
      it('answers a video lesson with its media address', async () => {
        const response = await app().inject({
          url: `/api/study/lesson?id=${fx.course.video}`,
          headers: auth(token),
        });
        expect(body<LessonContent>(response)).toEqual({
          code: 0,
          message: '',
          data: {
            id: fx.course.video,
            courseId: fx.course.id,
            title: '开机与解锁',
            kind: 'video',
            durationSeconds: 300,
            // Not through the media pipeline (no ladder): as stored, without sound alone.
            videoUrl: '/media/demo/lesson.mp4',
            listenUrl: null,
            posterUrl: null,
            articleHtml: null,
            audioUrl: null,
            pdfUrl: null,
            pageCount: 0,
          },
        });
      });

      it('answers an article lesson with its HTML', async () => {
        const response = await app().inject({
          url: `/api/study/lesson?id=${fx.course.article}`,
          headers: auth(token),
        });
        expect(body<LessonContent>(response).data).toMatchObject({
          kind: 'article',
          videoUrl: null,
          articleHtml: '<p>桌面图标说明</p>',
        });
      });

      it('answers 404 for an unknown lesson, a lesson of an unpublished course or another site', async () => {
        for (const id of [999_999, fx.unpublished.lesson, fx.xuhui.lesson]) {
          const response = await app().inject({
            url: `/api/study/lesson?id=${id}`,
            headers: auth(token),
          });
          expect(body(response)).toEqual({ code: 404, message: '课时不存在', data: null });
        }
      });

      it('answers 400 naming the field for a malformed id', async () => {
        const response = await app().inject({
          url: '/api/study/lesson?id=abc',
          headers: auth(token),
        });
        expect(body(response)).toMatchObject({
          code: 400,
          message: expect.stringMatching(/^编号/),
        });
      });
    });

    describe('GET /api/study/course-progress', () => {
      it('lists every lesson in catalogue order before any study', async () => {
        const fresh = await newLearner(app());
        expect(await courseProgress(fx.course.id, fresh)).toEqual({
          code: 0,
          message: '',
          data: {
            courseId: fx.course.id,
            completedLessons: 0,
            totalLessons: 3,
            completed: false,
            lastLessonId: null,
            lessons: [
              { lessonId: fx.course.video, positionSeconds: 0, completed: false },
              { lessonId: fx.course.article, positionSeconds: 0, completed: false },
              { lessonId: fx.course.second, positionSeconds: 0, completed: false },
            ],
          },
        });
      });

      it('answers 404 for an unknown, unpublished or other-site course', async () => {
        for (const id of [999_999, fx.unpublished.id, fx.xuhui.id]) {
          expect(await courseProgress(id)).toEqual({
            code: 404,
            message: '课程不存在',
            data: null,
          });
        }
      });

      it('answers 400 naming the course for a malformed or missing id', async () => {
        for (const id of ['abc', '-1', '']) {
          const answer = await courseProgress(id);
          expect(answer.code).toBe(400);
          expect(answer.message).toMatch(/课程/);
        }
      });
    });

    describe('POST /api/study/progress', () => {
      it('stores the position and the watched time, and shows them in the course progress', async () => {
        const learner = await newLearner(app());
        const answer = await report(
          {
            lessonId: fx.course.video,
            courseId: fx.course.id,
            positionSeconds: 12.34,
            watchedSeconds: 5,
            durationSeconds: 60,
          },
          learner,
        );
        expect(answer).toEqual({
          code: 0,
          message: '',
          data: {
            lessonId: fx.course.video,
            courseId: fx.course.id,
            positionSeconds: 12.3,
            watchedSeconds: 5,
            completed: false,
            countedSeconds: 5,
            course: { completedLessons: 0, totalLessons: 3, completed: false },
          },
        });
        const progress = (await courseProgress(fx.course.id, learner)).data;
        expect(progress.lastLessonId).toBe(fx.course.video);
        expect(progress.lessons[0]).toEqual({
          lessonId: fx.course.video,
          positionSeconds: 12.3,
          completed: false,
        });
        expect(await today(learner)).toEqual({ day: dayKey(Date.now()), seconds: 5 });
      });

      it('clamps a position beyond the duration to the shorter of the lesson and the media', async () => {
        const learner = await newLearner(app());
        // The media (60 s) is shorter than the lesson (300 s): progress follows the media.
        const media = await report(
          {
            lessonId: fx.course.video,
            positionSeconds: 99_999,
            watchedSeconds: 0,
            durationSeconds: 60,
          },
          learner,
        );
        expect(media.data).toMatchObject({ positionSeconds: 60, completed: true });
        // A forged longer media duration gains nothing: the lesson's 420 s is the limit.
        const forged = await report(
          {
            lessonId: fx.course.second,
            positionSeconds: 99_999,
            watchedSeconds: 0,
            durationSeconds: 99_999,
          },
          learner,
        );
        expect(forged.data.positionSeconds).toBe(420);
        // Without a media duration the lesson's own is used.
        const plain = await report(
          { lessonId: fx.popular.lessons[0], positionSeconds: 1e9, watchedSeconds: 0 },
          learner,
        );
        expect(plain.data.positionSeconds).toBe(300);
      });

      it('refuses negative or non-numeric seconds with 400 naming the field', async () => {
        const cases: Array<[Record<string, unknown>, RegExp]> = [
          [{ positionSeconds: -1, watchedSeconds: 0 }, /^播放位置/],
          [{ positionSeconds: 0, watchedSeconds: -5 }, /^观看时长/],
          [{ positionSeconds: 0, watchedSeconds: 0, durationSeconds: -60 }, /^视频时长/],
          [{ positionSeconds: '12', watchedSeconds: 0 }, /^播放位置/],
          [{ watchedSeconds: 0 }, /^缺少播放位置$/],
        ];
        for (const [fields, message] of cases) {
          const answer = await report({ lessonId: fx.course.video, ...fields });
          expect(answer.code).toBe(400);
          expect(answer.message).toMatch(message);
        }
        const noLesson = await report({ positionSeconds: 0, watchedSeconds: 0 });
        expect(noLesson).toMatchObject({ code: 400, message: '缺少课时' });
      });

      it('answers 404 for a lesson that is unknown, unpublished, of another site or of another course', async () => {
        const cases = [
          { lessonId: 999_999 },
          { lessonId: fx.unpublished.lesson },
          { lessonId: fx.xuhui.lesson },
          { lessonId: fx.course.video, courseId: fx.popular.id },
        ];
        const learner = await newLearner(app());
        for (const fields of cases) {
          const answer = await report(
            { ...fields, positionSeconds: 10, watchedSeconds: 5, durationSeconds: 60 },
            learner,
          );
          expect(answer).toEqual({ code: 404, message: '课时不存在', data: null });
        }
        // Nothing was stored for any of them.
        expect(await today(learner)).toMatchObject({ seconds: 0 });
        const rows = await app()
          .database.db.selectFrom('lesson_progress')
          .select('lesson_id')
          .where('lesson_id', 'in', [fx.unpublished.lesson, fx.xuhui.lesson])
          .execute();
        expect(rows).toEqual([]);
      });

      it('credits a forged watched time only as much as real time allows', async () => {
        vi.useFakeTimers({ toFake: ['Date'] });
        const start = Date.now();
        vi.setSystemTime(start);
        const learner = await newLearner(app());
        const forged = { lessonId: fx.course.video, positionSeconds: 1, durationSeconds: 60 };

        const first = await report({ ...forged, watchedSeconds: 100_000 }, learner);
        expect(first.data.countedSeconds).toBe(MAX_CREDIT_MS / 1000);
        expect(first.data.watchedSeconds).toBe(MAX_CREDIT_MS / 1000);

        // At once again: only the slack.
        const again = await report({ ...forged, watchedSeconds: 100_000 }, learner);
        expect(again.data.countedSeconds).toBe(CREDIT_SLACK_MS / 1000);

        // Five seconds later: five seconds.
        vi.setSystemTime(start + 5_000);
        const later = await report({ ...forged, watchedSeconds: 100_000 }, learner);
        expect(later.data.countedSeconds).toBe(5);

        // A time stamp from the future in the body is not part of the contract: ignored.
        const stamped = await report(
          {
            ...forged,
            watchedSeconds: 100_000,
            reportedAt: start + 86_400_000,
            now: start + 86_400_000,
          },
          learner,
        );
        expect(stamped.data.countedSeconds).toBe(0);

        const total = MAX_CREDIT_MS / 1000 + CREDIT_SLACK_MS / 1000 + 5;
        expect(await today(learner)).toEqual({ day: dayKey(start), seconds: total });
        const row = await app()
          .database.db.selectFrom('lesson_progress')
          .select(['watched_seconds', 'updated_at'])
          .where('lesson_id', '=', fx.course.video)
          .where('updated_at', '>=', start)
          .orderBy('updated_at', 'desc')
          .executeTakeFirstOrThrow();
        expect(Number(row.watched_seconds)).toBe(total);
        expect(Number(row.updated_at)).toBe(start + 5_000);
      });

      it('counts time once when two lessons are reported at the same time (two tabs)', async () => {
        vi.useFakeTimers({ toFake: ['Date'] });
        const start = Date.now();
        vi.setSystemTime(start);
        const learner = await newLearner(app());
        const play = (lessonId: number) =>
          report({ lessonId, positionSeconds: 5, watchedSeconds: 5, durationSeconds: 60 }, learner);
        // Each tab's first report drains a minute's allowance; then the clock is shared.
        await play(fx.course.video);
        await play(fx.course.second);
        for (let i = 1; i <= 24; i += 1) {
          vi.setSystemTime(start + i * 5_000);
          await play(fx.course.video);
          await play(fx.course.second);
        }
        // 2 minutes of real time in two tabs: at most 2 minutes plus the first minute's allowance.
        const { seconds } = await today(learner);
        expect(seconds).toBeLessThanOrEqual(120 + 60 + CREDIT_SLACK_MS / 1000);
        expect(seconds).toBeLessThan(2 * 125);
      });

      it('adds learning time to the Asia/Shanghai day it was counted on', async () => {
        vi.useFakeTimers({ toFake: ['Date'] });
        const learner = await newLearner(app());
        // 23:59:55 in Shanghai is 15:59:55 UTC.
        const now = new Date();
        const beforeMidnight = Date.UTC(
          now.getUTCFullYear(),
          now.getUTCMonth(),
          now.getUTCDate(),
          15,
          59,
          55,
        );
        // Stay within the token's life: the day before if 15:59:55 UTC has not come yet.
        const at = beforeMidnight > Date.now() ? beforeMidnight - 86_400_000 : beforeMidnight;
        vi.setSystemTime(at);
        await report(
          { lessonId: fx.course.video, positionSeconds: 5, watchedSeconds: 5, durationSeconds: 60 },
          learner,
        );
        vi.setSystemTime(at + 10_000);
        await report(
          {
            lessonId: fx.course.video,
            positionSeconds: 10,
            watchedSeconds: 5,
            durationSeconds: 60,
          },
          learner,
        );
        const days = await app()
          .database.db.selectFrom('learning_days')
          .innerJoin('users', 'users.id', 'learning_days.user_id')
          .select(['day', 'seconds'])
          .where('users.username', '=', `1370000${String(learnerCount).padStart(4, '0')}`)
          .orderBy('day')
          .execute();
        expect(days.map((day) => [day.day, Number(day.seconds)])).toEqual([
          [dayKey(at), 5],
          [dayKey(at + 10_000), 5],
        ]);
        expect(dayKey(at + 10_000)).not.toBe(dayKey(at));
        expect(await today(learner)).toEqual({ day: dayKey(at + 10_000), seconds: 5 });
      });

      it('never takes a completion back', async () => {
        const learner = await newLearner(app());
        const done = await report(
          {
            lessonId: fx.course.video,
            positionSeconds: 57,
            watchedSeconds: 0,
            durationSeconds: 60,
          },
          learner,
        );
        expect(done.data.completed).toBe(true);
        const replay = await report(
          { lessonId: fx.course.video, positionSeconds: 1, watchedSeconds: 1, durationSeconds: 60 },
          learner,
        );
        expect(replay.data).toMatchObject({ positionSeconds: 1, completed: true });
        expect((await courseProgress(fx.course.id, learner)).data.lessons[0]).toEqual({
          lessonId: fx.course.video,
          positionSeconds: 1,
          completed: true,
        });
      });

      it('completes a video when 90% of it was watched, wherever the position is', async () => {
        vi.useFakeTimers({ toFake: ['Date'] });
        const start = Date.now();
        const learner = await newLearner(app());
        let last: ProgressResult | undefined;
        // 60 s of media watched in 5-second reports, the position kept near the start.
        for (let i = 1; i <= 11; i += 1) {
          vi.setSystemTime(start + i * 5_000);
          last = (
            await report(
              {
                lessonId: fx.course.video,
                positionSeconds: 2,
                watchedSeconds: 5,
                durationSeconds: 60,
              },
              learner,
            )
          ).data;
          if (i === 10) expect(last.completed).toBe(false);
        }
        expect(last).toMatchObject({ watchedSeconds: 55, completed: true });
      });

      it('completes an article when it is opened, and the course when all its lessons are', async () => {
        const learner = await newLearner(app());
        const article = await report(
          { lessonId: fx.short.article, positionSeconds: 30, watchedSeconds: 3 },
          learner,
        );
        expect(article.data).toMatchObject({
          positionSeconds: 0,
          completed: true,
          course: { completedLessons: 1, totalLessons: 2, completed: false },
        });
        const video = await report(
          { lessonId: fx.short.video, positionSeconds: 59, watchedSeconds: 5, durationSeconds: 60 },
          learner,
        );
        expect(video.data.course).toEqual({
          completedLessons: 2,
          totalLessons: 2,
          completed: true,
        });
        const progress = (await courseProgress(fx.short.id, learner)).data;
        expect(progress).toMatchObject({ completedLessons: 2, totalLessons: 2, completed: true });
        const row = await app()
          .database.db.selectFrom('course_learners')
          .innerJoin('users', 'users.id', 'course_learners.user_id')
          .select('completed_at')
          .where('course_id', '=', fx.short.id)
          .where('users.username', '=', `1370000${String(learnerCount).padStart(4, '0')}`)
          .executeTakeFirstOrThrow();
        expect(row.completed_at).not.toBeNull();
      });

      it('counts a learner of a course once, on their first report', async () => {
        const before = await learnerCountOf(fx.popular.id);
        const learner = await newLearner(app());
        const [first, second] = fx.popular.lessons as [number, number];
        await report({ lessonId: first, positionSeconds: 1, watchedSeconds: 1 }, learner);
        expect(await learnerCountOf(fx.popular.id)).toBe(before + 1);
        await report({ lessonId: first, positionSeconds: 2, watchedSeconds: 1 }, learner);
        await report({ lessonId: second, positionSeconds: 2, watchedSeconds: 1 }, learner);
        expect(await learnerCountOf(fx.popular.id)).toBe(before + 1);
        const other = await newLearner(app());
        await report({ lessonId: second, positionSeconds: 1, watchedSeconds: 1 }, other);
        expect(await learnerCountOf(fx.popular.id)).toBe(before + 2);
        expect((await courseProgress(fx.popular.id, learner)).data.lastLessonId).toBe(second);
      });

      it('counts a learner once when 20 first reports for one course arrive at once', async () => {
        const before = await learnerCountOf(fx.popular.id);
        const learner = await newLearner(app());
        const started = Date.now();
        const answers = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            report(
              {
                lessonId: fx.popular.lessons[i % 2] as number,
                positionSeconds: i,
                watchedSeconds: 5,
              },
              learner,
            ),
          ),
        );
        expect(answers.map((answer) => answer.code)).toEqual(Array(20).fill(0));
        expect(await learnerCountOf(fx.popular.id)).toBe(before + 1);
        const rows = await app()
          .database.db.selectFrom('course_learners')
          .innerJoin('users', 'users.id', 'course_learners.user_id')
          .select('course_learners.course_id')
          .where('course_id', '=', fx.popular.id)
          .where('users.username', '=', `1370000${String(learnerCount).padStart(4, '0')}`)
          .execute();
        expect(rows).toHaveLength(1);
        // 20 reports of 5 s at once: the clock allows a minute plus the slack and the time the
        // burst itself took (seconds on a loaded machine), never 100 s.
        const elapsed = Math.ceil((Date.now() - started) / 1000);
        const { seconds } = await today(learner);
        expect(seconds).toBeLessThanOrEqual(
          MAX_CREDIT_MS / 1000 + CREDIT_SLACK_MS / 1000 + elapsed + 1,
        );
        expect(seconds).toBeLessThan(100);
      });
    });

    describe('GET /api/study/today', () => {
      it('answers 0 seconds for a learner who has not studied today', async () => {
        const fresh = await newLearner(app());
        expect(await today(fresh)).toEqual({ day: dayKey(Date.now()), seconds: 0 });
      });
    });
  },
  { seedDemo: false },
);
