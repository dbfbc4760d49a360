import type {
  Achievements,
  CertificateVerification,
  Medal,
  MedalList,
  MessageSummary,
  Page,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, expect, it } from 'vitest';
import {
  addStaff,
  createActivity,
  FULL_FORM,
  organiserId,
} from '../../testing/activity-factory.ts';
import { createClass, createLearners, type TestLearner } from '../../testing/class-factory.ts';
import { createCourse } from '../../testing/course-factory.ts';
import { createEbook } from '../../testing/ebook-factory.ts';
import { createLiveChannel, createLiveSession } from '../../testing/live-factory.ts';
import { body, describeEachEngine, loginAs } from '../../testing/test-app.ts';
import { rebuildLearningTotals } from '../statistics/statistics.queries.ts';
import { dayKey } from '../study/study.rules.ts';
import { awardMedals } from './medals.awards.ts';
import { VERIFY_LIMIT } from './medals.service.ts';

const DAY = 86_400_000;

/** The value, which the test set up to be there. */
function must<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('missing test fixture');
  return value;
}
const auth = (token: string | null) => (token ? { authorization: `Bearer ${token}` } : {});

function get(app: FastifyInstance, url: string, token: string | null, address = '127.0.0.1') {
  return app.inject({
    url,
    headers: { 'x-site': 'jingan', ...auth(token) },
    remoteAddress: address,
  });
}

function post(app: FastifyInstance, url: string, token: string, payload: object) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'x-site': 'jingan', ...auth(token) },
    payload: payload as Record<string, unknown>,
  });
}

/** A published course of one article lesson: one report completes it. */
async function oneLessonCourse(app: FastifyInstance, title: string) {
  const course = await createCourse(app.database.db, {
    title,
    chapters: [{ title: '第一章', lessons: [{ title: '图文', kind: 'article' }] }],
  });
  return { id: course.id, lesson: course.lessonIds[0] as number };
}

describeEachEngine('medals and achievements API', (ctx) => {
  let learners: TestLearner[];
  const app = () => ctx().app;
  const medals = async (token: string) =>
    body<MedalList>(await get(app(), '/api/medals', token)).data;
  const medal = (list: MedalList, key: string) => list.medals.find((m) => m.key === key) as Medal;
  const medalMessages = async (token: string) =>
    body<Page<MessageSummary>>(await get(app(), '/api/messages?size=50', token)).data.list.filter(
      (m) => m.kind === 'medal',
    );
  const complete = async (token: string, lesson: number) =>
    body(
      await post(app(), '/api/study/progress', token, {
        lessonId: lesson,
        positionSeconds: 0,
        watchedSeconds: 0,
      }),
    );

  beforeAll(async () => {
    learners = await createLearners(app().database.db, 6);
  });

  it('gives the demo learner the medals their seeded check-ins and learning days earn, and locks the rest', async () => {
    const list = await medals(await loginAs(app()));
    const attended = medal(list, 'activity-1');
    expect(attended).toMatchObject({ earned: true, current: 1 });
    // The seeded history: learning every day of the last two weeks.
    expect(medal(list, 'streak-7')).toMatchObject({ earned: true });
    expect(medal(list, 'streak-30')).toMatchObject({ earned: false, current: 14 });
    const earnedFrom = new Set(list.medals.filter((m) => m.earned).map((m) => m.metric));
    expect([...earnedFrom].sort()).toEqual(
      expect.arrayContaining(['activities_attended', 'streak_days']),
    );
    for (const metric of earnedFrom) {
      expect(['activities_attended', 'streak_days', 'learning_hours']).toContain(metric);
    }
    expect(medal(list, 'course-1')).toMatchObject({ earned: false, current: 0 });
  });

  it('answers 301 to a visitor', async () => {
    expect(body(await get(app(), '/api/medals', null)).code).toBe(301);
    expect(body(await get(app(), '/api/achievements', null)).code).toBe(301);
    expect(body(await get(app(), '/api/certificates/file?id=1', null)).code).toBe(301);
  });

  it('shows every medal locked with progress 0 to a new learner', async () => {
    const list = await medals(must(learners[0]).token);
    expect(list.earnedCount).toBe(0);
    expect(list.total).toBeGreaterThanOrEqual(10);
    expect(list.medals.every((m) => !m.earned && m.current === 0 && m.earnedAt === null)).toBe(
      true,
    );
    expect(list.medals.filter((m) => m.metric === 'team_works').map((m) => m.name)).toEqual([
      '团队新秀',
      '团队之星',
    ]);
  });

  it('awards 初学乍练 once when the first course is completed, with a message', async () => {
    const learner = must(learners[0]);
    const first = await oneLessonCourse(app(), '第一门课');
    const second = await oneLessonCourse(app(), '第二门课');
    await complete(learner.token, first.lesson);
    let list = await medals(learner.token);
    expect(medal(list, 'course-1')).toMatchObject({ earned: true, current: 1 });
    expect(medal(list, 'course-1').earnedAt).not.toBeNull();
    expect(medal(list, 'course-5')).toMatchObject({ earned: false, current: 1, threshold: 5 });
    // The same lesson again and a second course: the medal and its message stay single.
    await complete(learner.token, first.lesson);
    await complete(learner.token, second.lesson);
    list = await medals(learner.token);
    expect(list.earnedCount).toBe(1);
    expect(medal(list, 'course-5').current).toBe(2);
    const messages = await medalMessages(learner.token);
    expect(messages.map((m) => m.title)).toEqual(['获得勋章：「初学乍练」']);
    const detail = body<Medal>(await get(app(), '/api/medals/detail?key=course-1', learner.token));
    expect(detail.data).toMatchObject({ key: 'course-1', name: '初学乍练', earned: true });
  });

  it('awards a medal once when concurrent deeds cross its threshold together', async () => {
    const learner = must(learners[1]);
    const db = app().database.db;
    const course = await oneLessonCourse(app(), '并发课程');
    await db
      .insertInto('course_learners')
      .values({
        user_id: learner.id,
        course_id: course.id,
        last_lesson_id: null,
        started_at: Date.now(),
        last_studied_at: Date.now(),
        completed_at: Date.now(),
      })
      .execute();
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        db
          .transaction()
          .execute((trx) =>
            awardMedals(
              trx,
              { userId: learner.id, siteKey: 'jingan' },
              ['courses_completed'],
              Date.now(),
            ),
          ),
      ),
    );
    expect(results.flat()).toEqual(['course-1']);
    const rows = await db
      .selectFrom('learner_medals')
      .selectAll()
      .where('user_id', '=', learner.id)
      .execute();
    expect(rows.map((row) => row.medal_key)).toEqual(['course-1']);
    expect(await medalMessages(learner.token)).toHaveLength(1);
  });

  it('awards the streak and hours medals when credited time crosses them', async () => {
    const learner = must(learners[2]);
    const db = app().database.db;
    const now = Date.now();
    await db
      .insertInto('learning_days')
      .values([
        { user_id: learner.id, day: dayKey(now - DAY), seconds: 3000, updated_at: now },
        { user_id: learner.id, day: dayKey(now - 2 * DAY), seconds: 590, updated_at: now },
      ])
      .execute();
    await rebuildLearningTotals(db, app().database.engine, { from: learner.id, to: learner.id });
    let list = await medals(learner.token);
    expect(medal(list, 'streak-3')).toMatchObject({ earned: false, current: 2 });
    expect(medal(list, 'hours-1')).toMatchObject({ earned: false, current: 0 });
    const course = await createCourse(db, {
      chapters: [{ title: '一', lessons: [{ title: '视频', durationSeconds: 600 }] }],
    });
    const result = body<{ countedSeconds: number }>(
      await post(app(), '/api/study/progress', learner.token, {
        lessonId: course.lessonIds[0],
        positionSeconds: 30,
        watchedSeconds: 30,
      }),
    );
    expect(result.data.countedSeconds).toBe(30);
    list = await medals(learner.token);
    expect(medal(list, 'streak-3').earned).toBe(true);
    expect(medal(list, 'hours-1').earned).toBe(true);
    expect(medal(list, 'streak-7')).toMatchObject({ earned: false, current: 3 });
  });

  it('awards 开卷有益 when an e-book is read to its last page', async () => {
    const learner = must(learners[3]);
    const ebookId = await createEbook(app().database.db, { page_count: 3 });
    await post(app(), '/api/study/ebook-progress', learner.token, { ebookId, page: 2 });
    expect(medal(await medals(learner.token), 'book-1').earned).toBe(false);
    await post(app(), '/api/study/ebook-progress', learner.token, { ebookId, page: 3 });
    expect(medal(await medals(learner.token), 'book-1').earned).toBe(true);
    expect((await medalMessages(learner.token)).map((m) => m.title)).toEqual([
      '获得勋章：「开卷有益」',
    ]);
  });

  it('awards 积极参与 when staff check the learner in at an activity', async () => {
    const db = app().database.db;
    const [learner, staff] = await createLearners(db, 2);
    if (!learner || !staff) throw new Error('no learners');
    await addStaff(db, await organiserId(db), staff.id);
    const activityId = await createActivity(db, { title: '勋章签到活动' });
    await post(app(), '/api/activities/apply', learner.token, { activityId, form: FULL_FORM });
    const row = await db
      .selectFrom('activity_applications')
      .select('checkin_code')
      .where('activity_id', '=', activityId)
      .executeTakeFirstOrThrow();
    expect(medal(await medals(learner.token), 'activity-1').earned).toBe(false);
    const checkin = await post(app(), '/api/activities/checkin', staff.token, {
      code: row.checkin_code,
    });
    expect(body(checkin).code).toBe(0);
    expect(medal(await medals(learner.token), 'activity-1')).toMatchObject({ earned: true });
    expect((await medalMessages(learner.token)).map((m) => m.title)).toEqual([
      '获得勋章：「积极参与」',
    ]);
    expect(await medalMessages(staff.token)).toEqual([]);
  });

  it('awards 直播新人 when credited watching of a live session reaches 10 minutes', async () => {
    const db = app().database.db;
    const [learner] = await createLearners(db, 1);
    if (!learner) throw new Error('no learner');
    const now = Date.now();
    const channel = await createLiveChannel(db, { siteKey: 'jingan' });
    const sessionId = await createLiveSession(db, {
      site_key: 'jingan',
      channel_id: channel,
      starts_at: now - 20 * 60_000,
      ends_at: now + 60 * 60_000,
    });
    // Nine minutes fifty watched before (credited up to two minutes ago).
    await db
      .insertInto('live_watching')
      .values({
        user_id: learner.id,
        session_id: sessionId,
        position_seconds: 0,
        watched_seconds: 590,
        credited_until: now - 120_000,
        created_at: now - 600_000,
        updated_at: now - 120_000,
      })
      .execute();
    expect(medal(await medals(learner.token), 'live-1')).toMatchObject({
      earned: false,
      current: 0,
    });
    const report = body<{ countedSeconds: number }>(
      await post(app(), '/api/study/live-progress', learner.token, {
        sessionId,
        positionSeconds: 0,
        watchedSeconds: 30,
      }),
    );
    expect(report.data.countedSeconds).toBe(30);
    expect(medal(await medals(learner.token), 'live-1')).toMatchObject({
      earned: true,
      current: 1,
    });
  });

  it('refuses a malformed medal key with a Chinese message and answers 404 for an unknown one', async () => {
    const token = must(learners[0]).token;
    const bad = body(await get(app(), '/api/medals/detail?key=..%2Fx', token));
    expect(bad.code).toBe(400);
    expect(bad.message).toContain('勋章编号');
    const unknown = body(await get(app(), '/api/medals/detail?key=no-such', token));
    expect(unknown).toMatchObject({ code: 404, message: '勋章不存在' });
  });

  it('issues one certificate per completed course and finished class, with milestones', async () => {
    const learner = must(learners[4]);
    const db = app().database.db;
    const course = await oneLessonCourse(app(), '证书课程');
    await complete(learner.token, course.lesson);
    const ended = await createClass(db, {
      title: '已结业班级',
      start_at: Date.now() - 30 * DAY,
      end_at: Date.now() - DAY,
      courseIds: [course.id],
    });
    await db
      .insertInto('class_signups')
      .values({
        class_id: ended,
        user_id: learner.id,
        form: '{}',
        status: 'active',
        signed_up_at: Date.now() - 40 * DAY,
        created_at: Date.now() - 40 * DAY,
        updated_at: Date.now() - 40 * DAY,
      })
      .execute();
    const first = body<Achievements>(await get(app(), '/api/achievements', learner.token)).data;
    const again = body<Achievements>(await get(app(), '/api/achievements', learner.token)).data;
    expect(again.certificates).toEqual(first.certificates);
    expect(first.certificates.map((c) => [c.subjectType, c.title]).sort()).toEqual([
      ['class', '已结业班级'],
      ['course', '证书课程'],
    ]);
    expect(first.certificates.every((c) => /^[A-Z2-9]{16}$/.test(c.code))).toBe(true);
    const milestone = first.milestones.find((m) => m.key === 'first-course');
    expect(milestone).toMatchObject({ current: 1, target: 1 });
    expect(milestone?.reachedAt).not.toBeNull();
    expect(first.milestones.find((m) => m.key === 'hours-100')).toMatchObject({ reachedAt: null });
    // The finished class is rewarded once (班级结业), however often 学习成就 is opened.
    const finish = await db
      .selectFrom('points_ledger')
      .select(['amount', 'source_id'])
      .where('user_id', '=', learner.id)
      .where('rule_key', '=', 'class_finish')
      .execute();
    expect(finish.map((row) => [Number(row.amount), Number(row.source_id)])).toEqual([[30, ended]]);
  });

  it('serves the certificate as a PDF naming the learner, and 404 for another learner', async () => {
    const [owner, other] = [must(learners[4]), must(learners[5])];
    const { certificates } = body<Achievements>(
      await get(app(), '/api/achievements', owner.token),
    ).data;
    const certificate = must(certificates.find((c) => c.subjectType === 'course'));
    const response = await get(app(), `/api/certificates/file?id=${certificate.id}`, owner.token);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await PDFDocument.load(response.rawPayload);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getSubject()).toContain('学员4');
    expect(pdf.getSubject()).toContain('证书课程');
    expect(pdf.getKeywords()).toContain(certificate.code);
    const stolen = body(
      await get(app(), `/api/certificates/file?id=${certificate.id}`, other.token),
    );
    expect(stolen).toMatchObject({ code: 404, message: '证书不存在', data: null });
    const bad = body(await get(app(), '/api/certificates/file?id=abc', owner.token));
    expect(bad.code).toBe(400);
    expect(bad.message).toContain('证书编号');
  });

  it('lets anyone verify a code, showing the name masked; an unknown code is not found', async () => {
    const { certificates } = body<Achievements>(
      await get(app(), '/api/achievements', must(learners[4]).token),
    ).data;
    const certificate = must(certificates.find((c) => c.subjectType === 'course'));
    const checked = body<CertificateVerification>(
      await get(
        app(),
        `/api/certificates/verify?code=${certificate.code.toLowerCase()}`,
        null,
        '10.0.0.1',
      ),
    );
    expect(checked.data).toMatchObject({
      code: certificate.code,
      holder: '学*4',
      title: '证书课程',
      subjectType: 'course',
    });
    const unknown = body(await get(app(), '/api/certificates/verify?code=NOPE', null, '10.0.0.1'));
    expect(unknown).toMatchObject({ code: 404, message: '证书不存在' });
    const empty = body(await get(app(), '/api/certificates/verify?code=', null, '10.0.0.1'));
    expect(empty.code).toBe(400);
  });

  it('limits verification lookups per address', async () => {
    const address = '10.9.9.9';
    for (let i = 0; i < VERIFY_LIMIT; i += 1) {
      expect(body(await get(app(), '/api/certificates/verify?code=X', null, address)).code).toBe(
        404,
      );
    }
    const refused = body(await get(app(), '/api/certificates/verify?code=X', null, address));
    expect(refused).toMatchObject({ code: 429, message: '操作过于频繁，请稍后再试' });
    expect(body(await get(app(), '/api/certificates/verify?code=X', null, '10.9.9.8')).code).toBe(
      404,
    );
  });
});
