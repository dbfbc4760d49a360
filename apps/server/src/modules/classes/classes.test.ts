import type { ClassDetail, ClassSignupResult, ClassSummary, MyClass, Page } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BASIC_FORM,
  createClass,
  createLearners,
  seatsOf,
  type TestLearner,
  windows,
} from '../../testing/class-factory.ts';
import { body, describeEachEngine } from '../../testing/test-app.ts';

const SITE = 'classtest';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function signup(
  app: FastifyInstance,
  token: string | null,
  classId: number | string,
  form: Record<string, unknown> = BASIC_FORM,
  site = 'jingan',
) {
  return app.inject({
    method: 'POST',
    url: '/api/classes/signup',
    headers: { 'x-site': site, ...(token ? bearer(token) : {}) },
    payload: { classId, form },
  });
}

function cancel(app: FastifyInstance, token: string | null, classId: number | string) {
  return app.inject({
    method: 'POST',
    url: '/api/classes/cancel',
    headers: token ? bearer(token) : {},
    payload: { classId },
  });
}

function detail(app: FastifyInstance, id: number | string, token?: string, site = 'jingan') {
  return app.inject({
    url: `/api/classes/detail?id=${id}`,
    headers: { 'x-site': site, ...(token ? bearer(token) : {}) },
  });
}

describeEachEngine('classes API', (ctx) => {
  let learners: TestLearner[];
  const learner = (n: number) => learners[n] as TestLearner;

  beforeAll(async () => {
    const { app } = ctx();
    // A site of its own, so the list holds only the classes these tests create.
    await app.database.db
      .insertInto('sites')
      .values({ key: SITE, name: '测试学习网', sort: 9, created_at: Date.now() })
      .execute();
    app.sites.invalidate();
    learners = await createLearners(app.database.db, 12);
  });

  describe('GET /api/classes', () => {
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      const { db } = ctx().app.database;
      const now = Date.now();
      ids.ended = await createClass(db, { site_key: SITE, title: '已结束班', ...windows.ended() });
      ids.running = await createClass(db, {
        site_key: SITE,
        title: '进行中班',
        ...windows.closed(),
      });
      ids.notOpen = await createClass(db, {
        site_key: SITE,
        title: '未开始班',
        ...windows.notOpen(),
      });
      ids.full = await createClass(db, {
        site_key: SITE,
        title: '已满班',
        capacity: 20,
        seats_taken: 20,
      });
      ids.openLate = await createClass(db, {
        site_key: SITE,
        title: '报名中晚开班',
        ...windows.open(),
        start_at: now + 9 * DAY,
      });
      ids.openEarly = await createClass(db, {
        site_key: SITE,
        title: '报名中早开班',
        ...windows.open(),
        start_at: now + 3 * DAY,
        seats_taken: 5,
      });
      await createClass(db, { site_key: SITE, title: '下线班', published: 0 });
      await createClass(db, { site_key: 'xuhui', title: '别的站点班' });
    });

    const list = (query = '') =>
      ctx().app.inject({ url: `/api/classes${query}`, headers: { 'x-site': SITE } });

    it('lists the published classes of the site, 报名中 first, then by status and start date', async () => {
      const response = await list();
      const { code, data } = body<Page<ClassSummary>>(response);
      expect(code).toBe(0);
      expect(data.total).toBe(6);
      expect(data.page).toBe(1);
      expect(data.size).toBe(20);
      expect(data.list.map((item) => item.id)).toEqual([
        ids.openEarly,
        ids.openLate,
        ids.notOpen,
        ids.full,
        ids.running,
        ids.ended,
      ]);
      expect(data.list.map((item) => item.status)).toEqual([
        '报名中',
        '报名中',
        '未开始',
        '已满',
        '进行中',
        '已结束',
      ]);
    });

    it('answers each class as a card with seats, ISO times and its derived status', async () => {
      const row = await ctx()
        .app.database.db.selectFrom('classes')
        .selectAll()
        .where('id', '=', ids.openEarly as number)
        .executeTakeFirstOrThrow();
      const { data } = body<Page<ClassSummary>>(await list('?size=1'));
      expect(data.list[0]).toEqual({
        id: ids.openEarly,
        title: '报名中早开班',
        cover: '/favicon.svg',
        term: '2026年秋季',
        schedule: '每周二 9:30-11:00',
        place: '静安区社区学院 三楼多功能厅',
        teacherName: '张老师',
        capacity: 20,
        seatsTaken: 5,
        seatsLeft: 15,
        signupStart: new Date(row.signup_start).toISOString(),
        signupEnd: new Date(row.signup_end).toISOString(),
        startAt: new Date(row.start_at).toISOString(),
        endAt: new Date(row.end_at).toISOString(),
        status: '报名中',
      });
    });

    it('filters by each status', async () => {
      const expected: Record<string, Array<number | undefined>> = {
        报名中: [ids.openEarly, ids.openLate],
        未开始: [ids.notOpen],
        已满: [ids.full],
        进行中: [ids.running],
        已结束: [ids.ended],
      };
      for (const [status, wanted] of Object.entries(expected)) {
        const { data } = body<Page<ClassSummary>>(
          await list(`?status=${encodeURIComponent(status)}`),
        );
        expect(data.list.map((item) => item.id)).toEqual(wanted);
        expect(data.total).toBe(wanted.length);
        expect(data.list.every((item) => item.status === status)).toBe(true);
      }
    });

    it('pages through the list', async () => {
      const { data } = body<Page<ClassSummary>>(await list('?page=2&size=4'));
      expect(data).toMatchObject({ total: 6, page: 2, size: 4 });
      expect(data.list.map((item) => item.id)).toEqual([ids.running, ids.ended]);
    });

    it('answers 400 for an unknown status, negative pages and huge sizes', async () => {
      for (const query of ['?status=abc', '?page=-1', '?page=0', '?page=x', '?size=51']) {
        const answer = body(await list(query));
        expect(answer.code).toBe(400);
        expect(answer.data).toBeNull();
      }
      expect(body(await list('?status=abc')).message).toMatch(/^状态：/);
      expect(body(await list('?page=-1')).message).toMatch(/^页码：/);
      expect(body(await list('?size=51')).message).toMatch(/^每页条数：/);
    });
  });

  describe('GET /api/classes/detail', () => {
    let courses: Array<{ id: number; title: string; cover: string; lesson_count: number }>;
    let classId: number;

    beforeAll(async () => {
      const { db } = ctx().app.database;
      courses = await db
        .selectFrom('courses')
        .select(['id', 'title', 'cover', 'lesson_count'])
        .where('site_key', '=', 'jingan')
        .where('published', '=', 1)
        .orderBy('id')
        .limit(2)
        .execute();
      expect(courses).toHaveLength(2);
      classId = await createClass(db, {
        title: '老年智能手机提高班',
        introduction: '<p>学会用手机<strong>挂号</strong></p>',
        courseIds: [courses[1]?.id ?? 0, courses[0]?.id ?? 0],
        formFields: [
          { key: 'name', label: '姓名', kind: 'text', required: true },
          { key: 'phone', label: '手机号', kind: 'phone', required: true },
          {
            key: 'street',
            label: '所在街道',
            kind: 'choice',
            required: false,
            options: ['南京西路街道', '静安寺街道'],
          },
        ],
      });
    });

    it('answers the class with its courses, form fields and no signup for a visitor', async () => {
      const response = await detail(ctx().app, classId);
      const { code, data } = body<ClassDetail>(response);
      expect(code).toBe(0);
      expect(data).toMatchObject({
        id: classId,
        title: '老年智能手机提高班',
        status: '报名中',
        introduction: '<p>学会用手机<strong>挂号</strong></p>',
        mySignup: null,
      });
      expect(data.courses).toEqual(
        [courses[1], courses[0]].map((course) => ({
          id: course?.id,
          title: course?.title,
          cover: course?.cover,
          lessonCount: course?.lesson_count,
        })),
      );
      expect(data.formFields.map((field) => field.key)).toEqual(['name', 'phone', 'street']);
      expect(data.formFields[2]).toEqual({
        key: 'street',
        label: '所在街道',
        kind: 'choice',
        required: false,
        options: ['南京西路街道', '静安寺街道'],
      });
    });

    it("includes the caller's signup when a valid token is sent, and null for a bad one", async () => {
      const { app } = ctx();
      const token = learner(0).token;
      expect(body<ClassDetail>(await detail(app, classId, token)).data.mySignup).toBeNull();
      expect(body(await signup(app, token, classId)).code).toBe(0);
      const mine = body<ClassDetail>(await detail(app, classId, token)).data;
      expect(mine.mySignup).toEqual({
        status: 'active',
        signedUpAt: expect.any(String),
        place: null,
        reason: null,
      });
      expect(mine.seatsTaken).toBe(1);
      const forged = body<ClassDetail>(await detail(app, classId, 'x'.repeat(43)));
      expect(forged.code).toBe(0);
      expect(forged.data.mySignup).toBeNull();
    });

    it('answers 404 for an unknown, unpublished or other-site class', async () => {
      const { app } = ctx();
      const hidden = await createClass(app.database.db, { published: 0 });
      const elsewhere = await createClass(app.database.db, { site_key: 'xuhui' });
      for (const id of [999_999, hidden, elsewhere]) {
        expect(body(await detail(app, id))).toEqual({
          code: 404,
          message: '班级不存在或已下线',
          data: null,
        });
      }
      expect(body(await detail(app, elsewhere, undefined, 'xuhui')).code).toBe(0);
    });

    it('answers 400 for a missing or non-numeric id', async () => {
      const { app } = ctx();
      for (const id of ['abc', '-1', '0', '1.5']) {
        const answer = body(await detail(app, id));
        expect(answer.code).toBe(400);
        expect(answer.message).toMatch(/^编号：/);
      }
      expect(body(await app.inject({ url: '/api/classes/detail' }))).toEqual({
        code: 400,
        message: '缺少编号',
        data: null,
      });
    });
  });

  describe('POST /api/classes/signup', () => {
    it('signs the learner up, takes a seat and stores the checked form', async () => {
      const { app } = ctx();
      const classId = await createClass(app.database.db, { capacity: 30 });
      const response = await signup(app, learner(1).token, classId, {
        name: ' 李建国 ',
        phone: '13800000002',
      });
      expect(response.statusCode).toBe(200);
      const { code, message, data } = body<ClassSignupResult>(response);
      expect({ code, message }).toEqual({ code: 0, message: '' });
      expect(data).toEqual({
        classId,
        mySignup: { status: 'active', signedUpAt: expect.any(String), place: null, reason: null },
        capacity: 30,
        seatsTaken: 1,
        seatsLeft: 29,
        status: '报名中',
      });
      expect(Math.abs(Date.parse(data.mySignup.signedUpAt) - Date.now())).toBeLessThan(60_000);
      const row = await app.database.db
        .selectFrom('class_signups')
        .selectAll()
        .where('class_id', '=', classId)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ user_id: learner(1).id, status: 'active' });
      expect(JSON.parse(row.form)).toEqual({ name: '李建国', phone: '13800000002' });
      expect(await seatsOf(app.database.db, classId)).toEqual({ seatsTaken: 1, activeSignups: 1 });
    });

    it('answers 已满 as the status when the last seat is taken', async () => {
      const { app } = ctx();
      const classId = await createClass(app.database.db, { capacity: 1 });
      const { data } = body<ClassSignupResult>(await signup(app, learner(1).token, classId));
      expect(data).toMatchObject({ seatsTaken: 1, seatsLeft: 0, status: '已满' });
    });

    it('answers 301 without a valid token, before looking at the body', async () => {
      const { app } = ctx();
      const classId = await createClass(app.database.db);
      for (const token of [null, 'y'.repeat(43)]) {
        expect(body(await signup(app, token, classId))).toEqual({
          code: 301,
          message: '未登录或登录已过期',
          data: null,
        });
      }
      expect(body(await signup(app, null, 'abc', {})).code).toBe(301);
      expect(await seatsOf(app.database.db, classId)).toEqual({ seatsTaken: 0, activeSignups: 0 });
    });

    it('answers 404 for an unknown, unpublished or other-site class', async () => {
      const { app } = ctx();
      const hidden = await createClass(app.database.db, { published: 0 });
      const elsewhere = await createClass(app.database.db, { site_key: 'xuhui' });
      for (const id of [999_999, hidden, elsewhere]) {
        expect(body(await signup(app, learner(2).token, id))).toEqual({
          code: 404,
          message: '班级不存在或已下线',
          data: null,
        });
      }
      expect(await seatsOf(app.database.db, hidden)).toEqual({ seatsTaken: 0, activeSignups: 0 });
    });

    it('answers 400 for a non-numeric class id or a form that is not a map of text', async () => {
      const { app } = ctx();
      const answer = body(await signup(app, learner(2).token, 'abc'));
      expect(answer.code).toBe(400);
      expect(answer.message).toMatch(/^班级：/);
      const nested = await app.inject({
        method: 'POST',
        url: '/api/classes/signup',
        headers: bearer(learner(2).token),
        payload: { classId: 1, form: { name: { first: '王' } } },
      });
      expect(body(nested).code).toBe(400);
      expect(body(nested).message).toMatch(/^报名信息：/);
      const missing = await app.inject({
        method: 'POST',
        url: '/api/classes/signup',
        headers: bearer(learner(2).token),
        payload: { classId: 1 },
      });
      expect(body(missing)).toEqual({ code: 400, message: '缺少报名信息', data: null });
    });

    it('answers 400 naming the field for a bad form, and takes no seat', async () => {
      const { app } = ctx();
      const classId = await createClass(app.database.db, {
        formFields: [
          { key: 'name', label: '姓名', kind: 'text', required: true },
          { key: 'phone', label: '手机号', kind: 'phone', required: true },
          { key: 'age', label: '年龄', kind: 'number', required: true },
          {
            key: 'street',
            label: '所在街道',
            kind: 'choice',
            required: false,
            options: ['南京西路街道'],
          },
          { key: 'remark', label: '备注', kind: 'text', required: false },
        ],
      });
      const good = { name: '王秀兰', phone: '13800000001', age: '66' };
      const cases: Array<[Record<string, string>, string]> = [
        [{ phone: '13800000001', age: '66' }, '请填写姓名'],
        [{ ...good, name: '   ' }, '请填写姓名'],
        [{ name: '王秀兰', age: '66' }, '请填写手机号'],
        [{ ...good, phone: '12345' }, '手机号格式不正确，请填写 11 位手机号'],
        [{ ...good, phone: '23800000001' }, '手机号格式不正确，请填写 11 位手机号'],
        [{ ...good, age: '两百' }, '年龄请填写 1-120 之间的整数'],
        [{ ...good, age: '300' }, '年龄请填写 1-120 之间的整数'],
        [{ ...good, street: '火星街道' }, '所在街道请从给出的选项中选择'],
        [{ ...good, remark: '长'.repeat(101) }, '备注最多 100 个字'],
        [{ ...good, idCard: '310101195001010000' }, '不支持的报名信息：idCard'],
      ];
      for (const [form, message] of cases) {
        expect(body(await signup(app, learner(2).token, classId, form))).toEqual({
          code: 400,
          message,
          data: null,
        });
      }
      expect(await seatsOf(app.database.db, classId)).toEqual({ seatsTaken: 0, activeSignups: 0 });
      expect(body(await signup(app, learner(2).token, classId, good)).code).toBe(0);
    });

    it('answers 409 before the window opens and after it closes', async () => {
      const { app } = ctx();
      const { db } = app.database;
      const notOpen = await createClass(db, windows.notOpen());
      const closed = await createClass(db, windows.closed());
      const ended = await createClass(db, windows.ended());
      const now = Date.now();
      // The window also closes when the class starts, even if signupEnd is later.
      const started = await createClass(db, {
        ...windows.open(now),
        signup_end: now + DAY,
        start_at: now - HOUR,
      });
      expect(body(await signup(app, learner(3).token, notOpen))).toEqual({
        code: 409,
        message: '报名尚未开始',
        data: null,
      });
      for (const id of [closed, ended, started]) {
        expect(body(await signup(app, learner(3).token, id))).toEqual({
          code: 409,
          message: '报名已截止',
          data: null,
        });
      }
      for (const id of [notOpen, closed, ended, started]) {
        expect(await seatsOf(db, id)).toEqual({ seatsTaken: 0, activeSignups: 0 });
      }
    });

    it('answers 409 when the learner is already signed up', async () => {
      const { app } = ctx();
      const classId = await createClass(app.database.db);
      expect(body(await signup(app, learner(4).token, classId)).code).toBe(0);
      expect(body(await signup(app, learner(4).token, classId))).toEqual({
        code: 409,
        message: '您已报名该班级',
        data: null,
      });
      expect(await seatsOf(app.database.db, classId)).toEqual({ seatsTaken: 1, activeSignups: 1 });
    });

    it('answers 409 when the class is full', async () => {
      const { app } = ctx();
      const classId = await createClass(app.database.db, { capacity: 2 });
      expect(body(await signup(app, learner(5).token, classId)).code).toBe(0);
      expect(body(await signup(app, learner(6).token, classId)).code).toBe(0);
      expect(body(await signup(app, learner(7).token, classId))).toEqual({
        code: 409,
        message: '名额已满',
        data: null,
      });
      // Already in a full class: the learner hears that, not that it is full.
      expect(body(await signup(app, learner(5).token, classId)).message).toBe('您已报名该班级');
      expect(await seatsOf(app.database.db, classId)).toEqual({ seatsTaken: 2, activeSignups: 2 });
    });

    it('signs up for a class of another site with that site named in X-Site', async () => {
      const { app } = ctx();
      const classId = await createClass(app.database.db, { site_key: 'xuhui' });
      const answer = body(await signup(app, learner(5).token, classId, BASIC_FORM, 'xuhui'));
      expect(answer.code).toBe(0);
    });
  });

  describe('POST /api/classes/cancel', () => {
    it('cancels the signup and frees the seat; the learner can sign up again', async () => {
      const { app } = ctx();
      const { db } = app.database;
      const classId = await createClass(db, { capacity: 1 });
      const first = body<ClassSignupResult>(await signup(app, learner(8).token, classId));
      expect(first.data.status).toBe('已满');

      const cancelled = body<ClassSignupResult>(await cancel(app, learner(8).token, classId));
      expect(cancelled).toEqual({
        code: 0,
        message: '',
        data: {
          classId,
          mySignup: {
            status: 'cancelled',
            signedUpAt: first.data.mySignup.signedUpAt,
            place: null,
            reason: null,
          },
          capacity: 1,
          seatsTaken: 0,
          seatsLeft: 1,
          status: '报名中',
        },
      });
      expect(await seatsOf(db, classId)).toEqual({ seatsTaken: 0, activeSignups: 0 });
      const seen = body<ClassDetail>(await detail(app, classId, learner(8).token)).data;
      expect(seen.mySignup?.status).toBe('cancelled');

      // The freed seat goes to whoever asks first; the one who cancelled can take it back later.
      expect(body(await signup(app, learner(9).token, classId)).code).toBe(0);
      expect(body(await signup(app, learner(8).token, classId)).message).toBe('名额已满');
      expect(body(await cancel(app, learner(9).token, classId)).code).toBe(0);
      const again = body<ClassSignupResult>(
        await signup(app, learner(8).token, classId, { name: '王秀兰', phone: '13900000009' }),
      );
      expect(again.code).toBe(0);
      expect(again.data.mySignup.status).toBe('active');
      const rows = await db
        .selectFrom('class_signups')
        .select(['user_id', 'status', 'form'])
        .where('class_id', '=', classId)
        .orderBy('user_id')
        .execute();
      expect(rows).toEqual([
        {
          user_id: learner(8).id,
          status: 'active',
          form: JSON.stringify({ name: '王秀兰', phone: '13900000009' }),
        },
        { user_id: learner(9).id, status: 'cancelled', form: expect.any(String) },
      ]);
      expect(await seatsOf(db, classId)).toEqual({ seatsTaken: 1, activeSignups: 1 });
    });

    it('answers 409 after the window closes, and keeps the seat', async () => {
      const { app } = ctx();
      const { db } = app.database;
      const classId = await createClass(db);
      expect(body(await signup(app, learner(10).token, classId)).code).toBe(0);
      await db.updateTable('classes').set(windows.closed()).where('id', '=', classId).execute();
      expect(body(await cancel(app, learner(10).token, classId))).toEqual({
        code: 409,
        message: '报名已截止，无法取消',
        data: null,
      });
      expect(await seatsOf(db, classId)).toEqual({ seatsTaken: 1, activeSignups: 1 });
    });

    it('answers 409 when there is no active signup to cancel', async () => {
      const { app } = ctx();
      const { db } = app.database;
      const classId = await createClass(db, { seats_taken: 3 });
      expect(body(await cancel(app, learner(11).token, classId))).toEqual({
        code: 409,
        message: '您尚未报名该班级',
        data: null,
      });
      expect(body(await signup(app, learner(11).token, classId)).code).toBe(0);
      expect(body(await cancel(app, learner(11).token, classId)).code).toBe(0);
      expect(body(await cancel(app, learner(11).token, classId)).message).toBe('您尚未报名该班级');
      // Seats other learners hold are untouched by the refused cancels.
      expect(await seatsOf(db, classId)).toEqual({ seatsTaken: 3, activeSignups: 0 });
    });

    it('answers 301 without a token, 404 for an unknown class and 400 for a bad id', async () => {
      const { app } = ctx();
      expect(body(await cancel(app, null, 1)).code).toBe(301);
      expect(body(await cancel(app, learner(11).token, 999_999))).toEqual({
        code: 404,
        message: '班级不存在或已下线',
        data: null,
      });
      const bad = body(await cancel(app, learner(11).token, 'abc'));
      expect(bad.code).toBe(400);
      expect(bad.message).toMatch(/^班级：/);
    });
  });

  describe('GET /api/classes/mine', () => {
    it("lists the learner's active signups of the site, newest first", async () => {
      const { app } = ctx();
      const { db } = app.database;
      const [me, other] = await createLearners(db, 2);
      if (!me || !other) throw new Error('no learners');
      const older = await createClass(db, { title: '书法入门周末班' });
      const newer = await createClass(db, { title: '合唱团声乐基础班' });
      const dropped = await createClass(db, { title: '取消了的班' });
      const elsewhere = await createClass(db, { site_key: 'xuhui', title: '徐汇的班' });
      expect(body(await signup(app, me.token, older)).code).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(body(await signup(app, me.token, newer)).code).toBe(0);
      expect(body(await signup(app, me.token, dropped)).code).toBe(0);
      expect(body(await cancel(app, me.token, dropped)).code).toBe(0);
      expect(body(await signup(app, me.token, elsewhere, BASIC_FORM, 'xuhui')).code).toBe(0);
      expect(body(await signup(app, other.token, older)).code).toBe(0);
      // Signup closes later for the older class: it can no longer be cancelled.
      await db.updateTable('classes').set(windows.closed()).where('id', '=', older).execute();

      const mine = (query = '') =>
        app.inject({ url: `/api/classes/mine${query}`, headers: bearer(me.token) });
      const { code, data } = body<Page<MyClass>>(await mine());
      expect(code).toBe(0);
      expect(data.total).toBe(2);
      expect(data.list.map((item) => [item.id, item.status, item.canCancel])).toEqual([
        [newer, '报名中', true],
        [older, '进行中', false],
      ]);
      expect(data.list[0]).toMatchObject({
        title: '合唱团声乐基础班',
        seatsTaken: 1,
        signedUpAt: expect.any(String),
      });
      const second = body<Page<MyClass>>(await mine('?page=2&size=1')).data;
      expect(second).toMatchObject({ total: 2, page: 2, size: 1 });
      expect(second.list.map((item) => item.id)).toEqual([older]);
      const xuhui = await app.inject({
        url: '/api/classes/mine',
        headers: { ...bearer(me.token), 'x-site': 'xuhui' },
      });
      expect(body<Page<MyClass>>(xuhui).data.list.map((item) => item.id)).toEqual([elsewhere]);
    });

    it('answers 301 without a valid token and 400 for a bad page', async () => {
      const { app } = ctx();
      expect(body(await app.inject({ url: '/api/classes/mine' }))).toEqual({
        code: 301,
        message: '未登录或登录已过期',
        data: null,
      });
      const bad = await app.inject({
        url: '/api/classes/mine?size=500',
        headers: bearer(learner(0).token),
      });
      expect(body(bad).code).toBe(400);
    });
  });
});
