import fs from 'node:fs';
import path from 'node:path';
import type {
  ActivityApplyResult,
  ActivityDetail,
  ActivitySummary,
  CheckinResult,
  MyActivity,
  Page,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  activitySeatsOf,
  addStaff,
  createActivity,
  FILES_RULE,
  FULL_FIELDS,
  FULL_FORM,
  type MultipartFile,
  multipart,
  organiserId,
  sampleFiles,
} from '../../testing/activity-factory.ts';
import { createLearners, type TestLearner, windows } from '../../testing/class-factory.ts';
import { body, describeEachEngine } from '../../testing/test-app.ts';
import {
  ActivityMessages,
  ActivityService,
  activitySummariesByIds,
  LIST_ORDER_CACHE_MS,
} from './activities.service.ts';

const SITE = 'acttest';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MB = 1024 * 1024;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const auth = (token: string | null) => (token ? bearer(token) : {});

function apply(
  app: FastifyInstance,
  token: string | null,
  activityId: number | string,
  form: Record<string, unknown> = FULL_FORM,
) {
  return app.inject({
    method: 'POST',
    url: '/api/activities/apply',
    headers: auth(token),
    payload: { activityId, form },
  });
}

function applyWithFiles(
  app: FastifyInstance,
  token: string | null,
  fields: Record<string, string>,
  files: MultipartFile[] = [],
) {
  const { payload, headers } = multipart(fields, files);
  return app.inject({
    method: 'POST',
    url: '/api/activities/apply-with-files',
    headers: { ...headers, ...auth(token) },
    payload,
  });
}

function cancel(app: FastifyInstance, token: string | null, activityId: number | string) {
  return app.inject({
    method: 'POST',
    url: '/api/activities/cancel',
    headers: auth(token),
    payload: { activityId },
  });
}

function detail(app: FastifyInstance, id: number | string, token?: string, site = 'jingan') {
  return app.inject({
    url: `/api/activities/detail?id=${id}`,
    headers: { 'x-site': site, ...auth(token ?? null) },
  });
}

function mine(app: FastifyInstance, token: string | null, query = '') {
  return app.inject({ url: `/api/activities/mine${query}`, headers: auth(token) });
}

function checkin(app: FastifyInstance, token: string | null, code: string) {
  return app.inject({
    method: 'POST',
    url: '/api/activities/checkin',
    headers: auth(token),
    payload: { code },
  });
}

/** The learner's application of one activity, as `/api/activities/mine` shows it. */
async function myActivity(app: FastifyInstance, token: string, activityId: number) {
  const { data } = body<Page<MyActivity>>(await mine(app, token, '?size=50'));
  const found = data.list.find((item) => item.id === activityId);
  if (!found) throw new Error(`no application of activity ${activityId}`);
  return found;
}

/** The files in the upload folder of attachments (temporary ones included). */
function storedFiles(app: FastifyInstance): string[] {
  const folder = path.join(app.config.dataDir, 'uploads', 'activity-attachments');
  return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
}

async function applicationCount(app: FastifyInstance, activityId: number) {
  const row = await app.database.db
    .selectFrom('activity_applications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('activity_id', '=', activityId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describeEachEngine('activities API', (ctx) => {
  let learners: TestLearner[];
  const learner = (n: number) => learners[n] as TestLearner;
  /** On the staff of the test organiser of `jingan`. */
  let staff: TestLearner;

  beforeAll(async () => {
    const { app } = ctx();
    const { db } = app.database;
    // A site of its own, so the list holds only the activities these tests create.
    await db
      .insertInto('sites')
      .values({ key: SITE, name: '测试学习网', sort: 9, created_at: Date.now() })
      .execute();
    app.sites.invalidate();
    learners = await createLearners(db, 24);
    [staff] = (await createLearners(db, 1)) as [TestLearner];
    await addStaff(db, await organiserId(db), staff.id);
  });

  describe('GET /api/activities', () => {
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      const { db } = ctx().app.database;
      const now = Date.now();
      const at = (kind: '讲座' | '参观' | '展览' | '特色活动') => ({ site_key: SITE, kind });
      ids.ended = await createActivity(db, {
        ...at('展览'),
        title: '已结束展',
        ...windows.ended(),
      });
      ids.running = await createActivity(db, {
        ...at('参观'),
        title: '进行中参观',
        ...windows.closed(),
      });
      ids.notOpen = await createActivity(db, {
        ...at('讲座'),
        title: '未开始讲座',
        ...windows.notOpen(),
      });
      ids.full = await createActivity(db, {
        ...at('讲座'),
        title: '已满讲座',
        capacity: 20,
        seats_taken: 20,
      });
      ids.openLate = await createActivity(db, {
        ...at('特色活动'),
        title: '报名中晚开特色',
        ...windows.open(),
        start_at: now + 9 * DAY,
      });
      ids.openEarly = await createActivity(db, {
        ...at('讲座'),
        title: '报名中早开讲座',
        ...windows.open(),
        start_at: now + 3 * DAY,
        seats_taken: 5,
        map_place_id: 7,
      });
      await createActivity(db, { site_key: SITE, title: '下线活动', published: 0 });
      await createActivity(db, { site_key: 'xuhui', title: '别的站点活动' });
    });

    const list = (query = '') =>
      ctx().app.inject({ url: `/api/activities${query}`, headers: { 'x-site': SITE } });

    it('lists the published activities of the site, 报名中 first, then by status and start time', async () => {
      const { code, data } = body<Page<ActivitySummary>>(await list());
      expect(code).toBe(0);
      expect(data).toMatchObject({ total: 6, page: 1, size: 20 });
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

    it('answers each activity as a card with kind, organiser, place, seats and ISO times', async () => {
      const row = await ctx()
        .app.database.db.selectFrom('activities')
        .selectAll()
        .where('id', '=', ids.openEarly as number)
        .executeTakeFirstOrThrow();
      const { data } = body<Page<ActivitySummary>>(await list('?size=1'));
      expect(data.list[0]).toEqual({
        id: ids.openEarly,
        title: '报名中早开讲座',
        cover: '/files/covers/activity-1-1.svg',
        kind: '讲座',
        organiser: '测试图书馆',
        place: '静安区图书馆 三楼报告厅',
        mapPlaceId: 7,
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
        const { data } = body<Page<ActivitySummary>>(
          await list(`?status=${encodeURIComponent(status)}`),
        );
        expect(data.list.map((item) => item.id)).toEqual(wanted);
        expect(data.total).toBe(wanted.length);
      }
    });

    it('filters by kind, and by kind and status together', async () => {
      const lectures = body<Page<ActivitySummary>>(
        await list(`?kind=${encodeURIComponent('讲座')}`),
      );
      expect(lectures.data.list.map((item) => item.id)).toEqual([
        ids.openEarly,
        ids.notOpen,
        ids.full,
      ]);
      expect(lectures.data.list.every((item) => item.kind === '讲座')).toBe(true);
      const special = body<Page<ActivitySummary>>(
        await list(
          `?kind=${encodeURIComponent('特色活动')}&status=${encodeURIComponent('报名中')}`,
        ),
      );
      expect(special.data.list.map((item) => item.id)).toEqual([ids.openLate]);
      const none = body<Page<ActivitySummary>>(await list(`?kind=${encodeURIComponent('比赛')}`));
      expect(none.data).toMatchObject({ list: [], total: 0 });
    });

    it('pages through the list', async () => {
      const { data } = body<Page<ActivitySummary>>(await list('?page=2&size=4'));
      expect(data).toMatchObject({ total: 6, page: 2, size: 4 });
      expect(data.list.map((item) => item.id)).toEqual([ids.running, ids.ended]);
    });

    it('answers 400 naming the field for an unknown kind or status and bad paging', async () => {
      expect(body(await list('?kind=party'))).toMatchObject({ code: 400, data: null });
      expect(body(await list('?kind=party')).message).toMatch(/^类型：/);
      expect(body(await list('?status=abc')).message).toMatch(/^状态：/);
      expect(body(await list('?page=0')).message).toMatch(/^页码：/);
      expect(body(await list('?size=51')).message).toMatch(/^每页条数：/);
    });

    it('gives other modules the cards of published activities in the order of the ids', async () => {
      const { db } = ctx().app.database;
      const hidden = await createActivity(db, { site_key: SITE, published: 0 });
      const cards = await activitySummariesByIds(
        db,
        SITE,
        [ids.ended as number, 999_999, hidden, ids.openEarly as number, ids.ended as number],
        Date.now(),
      );
      expect(cards.map((card) => [card.id, card.status])).toEqual([
        [ids.ended, '已结束'],
        [ids.openEarly, '报名中'],
      ]);
      expect(
        await activitySummariesByIds(db, 'xuhui', [ids.openEarly as number], Date.now()),
      ).toEqual([]);
      expect(await activitySummariesByIds(db, SITE, [], Date.now())).toEqual([]);
    });
  });

  describe('the list order', () => {
    it('is reused for a few seconds, then read again; an application reorders at once', async () => {
      const { app } = ctx();
      const { db } = app.database;
      const site = 'acttest-order';
      await db
        .insertInto('sites')
        .values({ key: site, name: '排序测试学习网', sort: 9, created_at: Date.now() })
        .execute();
      app.sites.invalidate();
      let clock = Date.now();
      const service = new ActivityService(db, app.activities.uploads, () => clock);
      const ids = async () =>
        (await service.list(site, { page: 1, size: 20 })).list.map((item) => item.id);
      const small = await createActivity(db, { site_key: site, title: '小讲座', capacity: 1 });
      expect(await ids()).toEqual([small]);

      const later = await createActivity(db, { site_key: site, title: '后来的讲座' });
      expect(await ids()).toEqual([small]);
      clock += LIST_ORDER_CACHE_MS;
      expect(await ids()).toEqual([small, later]);

      // The one seat of 小讲座 goes: it is 已满 and moves behind the open one straight away.
      await service.apply(site, learner(23).id, { activityId: small, form: FULL_FORM, files: [] });
      expect(await ids()).toEqual([later, small]);
    });
  });

  describe('GET /api/activities/detail', () => {
    let regular: number;
    let special: number;

    beforeAll(async () => {
      const { db } = ctx().app.database;
      regular = await createActivity(db, {
        title: '家庭急救知识讲座',
        description: '<p>学习心肺复苏</p>',
      });
      special = await createActivity(db, { kind: '特色活动', title: '社区摄影作品征集' });
    });

    it('answers the facts, description, contact, form and no attachment rule for a visitor', async () => {
      const { code, data } = body<ActivityDetail>(await detail(ctx().app, regular));
      expect(code).toBe(0);
      expect(data).toMatchObject({
        id: regular,
        title: '家庭急救知识讲座',
        kind: '讲座',
        organiser: '测试图书馆',
        description: '<p>学习心肺复苏</p>',
        contact: '021-62561234',
        seatsLeft: 20,
        status: '报名中',
        formFields: FULL_FIELDS,
        attachments: null,
        myApplication: null,
      });
    });

    it('answers the attachment rule of a special activity', async () => {
      const { data } = body<ActivityDetail>(await detail(ctx().app, special));
      expect(data.kind).toBe('特色活动');
      expect(data.attachments).toEqual(FILES_RULE);
    });

    it('answers the caller’s application once they applied', async () => {
      const { app } = ctx();
      const token = learner(20).token;
      expect(body(await apply(app, token, regular)).code).toBe(0);
      const { data } = body<ActivityDetail>(await detail(app, regular, token));
      expect(data.myApplication).toMatchObject({ status: 'active', checkedInAt: null });
      expect(data.seatsTaken).toBe(1);
      // Another learner sees no application.
      const other = body<ActivityDetail>(await detail(app, regular, learner(21).token));
      expect(other.data.myApplication).toBeNull();
    });

    it('answers 404 for unknown, unpublished and other sites’ activities', async () => {
      const { app } = ctx();
      const hidden = await createActivity(app.database.db, { published: 0 });
      for (const response of [
        await detail(app, 999_999),
        await detail(app, hidden),
        await detail(app, regular, undefined, 'xuhui'),
      ]) {
        expect(body(response)).toEqual({ code: 404, message: '活动不存在或已下线', data: null });
      }
      expect(body(await detail(app, 'abc')).code).toBe(400);
    });
  });

  describe('POST /api/activities/apply', () => {
    it('asks a visitor to log in (code 301)', async () => {
      const id = await createActivity(ctx().app.database.db);
      expect(body(await apply(ctx().app, null, id)).code).toBe(301);
      expect(await applicationCount(ctx().app, id)).toBe(0);
    });

    it('applies with valid answers, takes a seat and stores the normalised answers', async () => {
      const { app } = ctx();
      const id = await createActivity(app.database.db, { capacity: 5 });
      const response = await apply(app, learner(0).token, id, {
        ...FULL_FORM,
        phone: '138 0000 0001',
        topics: ['健康养生', '智能生活', '健康养生'],
      });
      const { code, data } = body<ActivityApplyResult>(response);
      expect(code).toBe(0);
      expect(data).toMatchObject({
        activityId: id,
        capacity: 5,
        seatsTaken: 1,
        seatsLeft: 4,
        status: '报名中',
        myApplication: { status: 'active', checkedInAt: null },
      });
      const row = await app.database.db
        .selectFrom('activity_applications')
        .selectAll()
        .where('activity_id', '=', id)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(row.form)).toEqual({
        ...FULL_FORM,
        phone: '13800000001',
        topics: ['健康养生', '智能生活'],
      });
      expect(data.myApplication.id).toBe(row.id);
      expect(row.checkin_code).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(await activitySeatsOf(app.database.db, id)).toEqual({
        seatsTaken: 1,
        activeApplications: 1,
      });
    });

    it('answers 409 when already applied, keeping one seat', async () => {
      const { app } = ctx();
      const id = await createActivity(app.database.db);
      expect(body(await apply(app, learner(0).token, id)).code).toBe(0);
      expect(body(await apply(app, learner(0).token, id))).toEqual({
        code: 409,
        message: ActivityMessages.duplicate,
        data: null,
      });
      expect(await activitySeatsOf(app.database.db, id)).toEqual({
        seatsTaken: 1,
        activeApplications: 1,
      });
    });

    it('answers 409 名额已满 when no seat is left', async () => {
      const { app } = ctx();
      const id = await createActivity(app.database.db, { capacity: 1 });
      expect(body(await apply(app, learner(0).token, id)).code).toBe(0);
      expect(body(await apply(app, learner(1).token, id))).toEqual({
        code: 409,
        message: '名额已满',
        data: null,
      });
      expect(await applicationCount(app, id)).toBe(1);
    });

    it('answers 409 before the signup window opens and after it closes', async () => {
      const { app } = ctx();
      const { db } = app.database;
      const notOpen = await createActivity(db, windows.notOpen());
      const closed = await createActivity(db, windows.closed());
      const ended = await createActivity(db, windows.ended());
      // Signup closes when the activity starts, even before its signup end.
      const started = await createActivity(db, {
        ...windows.open(),
        start_at: Date.now() - HOUR,
      });
      expect(body(await apply(app, learner(0).token, notOpen))).toMatchObject({
        code: 409,
        message: '报名尚未开始',
      });
      for (const id of [closed, ended, started]) {
        expect(body(await apply(app, learner(0).token, id))).toMatchObject({
          code: 409,
          message: '报名已截止',
        });
        expect(await applicationCount(app, id)).toBe(0);
      }
    });

    it('answers 400 with the first bad field’s message, storing nothing', async () => {
      const { app } = ctx();
      const id = await createActivity(app.database.db);
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ ...FULL_FORM, name: '' }, '请填写姓名'],
        [{ ...FULL_FORM, phone: '12345' }, '手机号格式不正确，请填写 11 位手机号'],
        [{ ...FULL_FORM, age: '两百' }, '年龄请填写 1-120 之间的整数'],
        [{ ...FULL_FORM, street: '南京路' }, '所在街道请从给出的选项中选择'],
        [{ ...FULL_FORM, topics: [] }, '请选择感兴趣的主题'],
        [{ ...FULL_FORM, topics: ['跳舞'] }, '感兴趣的主题请从给出的选项中选择'],
        [{ ...FULL_FORM, topics: '健康养生' }, '感兴趣的主题格式不正确'],
        [{ ...FULL_FORM, salary: '10000' }, '不支持的报名信息：salary'],
        [{ name: '', phone: 'x' }, '请填写姓名'],
      ];
      for (const [form, message] of cases) {
        expect(body(await apply(app, learner(2).token, id, form))).toEqual({
          code: 400,
          message,
          data: null,
        });
      }
      expect(await applicationCount(app, id)).toBe(0);
      expect(await activitySeatsOf(app.database.db, id)).toEqual({
        seatsTaken: 0,
        activeApplications: 0,
      });
    });

    it('answers 400 naming the field for a malformed body', async () => {
      const { app } = ctx();
      const token = learner(2).token;
      expect(body(await apply(app, token, 'abc')).message).toMatch(/^活动：/);
      const missing = await app.inject({
        method: 'POST',
        url: '/api/activities/apply',
        headers: bearer(token),
        payload: { form: FULL_FORM },
      });
      expect(body(missing)).toMatchObject({ code: 400, message: '缺少活动' });
    });

    it('answers 404 for unknown, unpublished and other sites’ activities', async () => {
      const { app } = ctx();
      const hidden = await createActivity(app.database.db, { published: 0 });
      const elsewhere = await createActivity(app.database.db, { site_key: 'xuhui' });
      for (const id of [999_999, hidden, elsewhere]) {
        expect(body(await apply(app, learner(0).token, id))).toEqual({
          code: 404,
          message: '活动不存在或已下线',
          data: null,
        });
      }
    });

    it('tells to upload when a special activity that requires files is applied for as JSON', async () => {
      const { app } = ctx();
      const id = await createActivity(app.database.db, { kind: '特色活动' });
      expect(body(await apply(app, learner(0).token, id))).toEqual({
        code: 400,
        message: '请上传作品照片',
        data: null,
      });
      expect(await applicationCount(app, id)).toBe(0);
    });

    it('accepts JSON for a special activity whose files are optional', async () => {
      const { app } = ctx();
      const id = await createActivity(app.database.db, {
        kind: '特色活动',
        rule: { ...FILES_RULE, required: false },
      });
      expect(body(await apply(app, learner(0).token, id)).code).toBe(0);
    });

    it('lets a learner who cancelled apply again, with a new check-in code', async () => {
      const { app } = ctx();
      const id = await createActivity(app.database.db, { capacity: 1 });
      const token = learner(3).token;
      expect(body(await apply(app, token, id)).code).toBe(0);
      const first = (await myActivity(app, token, id)).checkinCode;
      expect(body(await cancel(app, token, id)).code).toBe(0);
      // The freed seat can go to someone else...
      expect(body(await apply(app, learner(4).token, id)).code).toBe(0);
      expect(body(await apply(app, token, id))).toMatchObject({ code: 409, message: '名额已满' });
      expect(body(await cancel(app, learner(4).token, id)).code).toBe(0);
      // ...or back to the learner, on the same row.
      const again = body<ActivityApplyResult>(await apply(app, token, id));
      expect(again.code).toBe(0);
      expect(again.data.seatsTaken).toBe(1);
      const second = (await myActivity(app, token, id)).checkinCode;
      expect(second).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(second).not.toBe(first);
      expect(await applicationCount(app, id)).toBe(2);
    });
  });

  describe('POST /api/activities/cancel', () => {
    it('cancels the application, frees the seat and clears the check-in code', async () => {
      const { app } = ctx();
      const id = await createActivity(app.database.db);
      const token = learner(5).token;
      await apply(app, token, id);
      const { code, data } = body<ActivityApplyResult>(await cancel(app, token, id));
      expect(code).toBe(0);
      expect(data).toMatchObject({ activityId: id, seatsTaken: 0, seatsLeft: 20 });
      expect(data.myApplication.status).toBe('cancelled');
      const row = await app.database.db
        .selectFrom('activity_applications')
        .select(['status', 'checkin_code'])
        .where('activity_id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'cancelled', checkin_code: null });
    });

    it('answers 409 when there is no active application', async () => {
      const { app } = ctx();
      const id = await createActivity(app.database.db, { seats_taken: 3 });
      expect(body(await cancel(app, learner(5).token, id))).toEqual({
        code: 409,
        message: '您尚未报名该活动',
        data: null,
      });
      // Someone else's seats stay taken.
      expect((await activitySeatsOf(app.database.db, id)).seatsTaken).toBe(3);
    });

    it('answers 409 once the signup window has closed', async () => {
      const { app } = ctx();
      const id = await createActivity(app.database.db);
      const token = learner(6).token;
      await apply(app, token, id);
      await app.database.db
        .updateTable('activities')
        .set(windows.closed())
        .where('id', '=', id)
        .execute();
      expect(body(await cancel(app, token, id))).toMatchObject({
        code: 409,
        message: '报名已截止，无法取消',
      });
      expect((await activitySeatsOf(app.database.db, id)).seatsTaken).toBe(1);
    });

    it('answers 409 for an application already checked in at the door', async () => {
      const { app } = ctx();
      const id = await createActivity(app.database.db);
      const token = learner(6).token;
      await apply(app, token, id);
      const code = (await myActivity(app, token, id)).checkinCode as string;
      expect(body(await checkin(app, staff.token, code)).code).toBe(0);
      expect(body(await cancel(app, token, id))).toMatchObject({
        code: 409,
        message: '您已签到，无法取消报名',
      });
      expect(await activitySeatsOf(app.database.db, id)).toEqual({
        seatsTaken: 1,
        activeApplications: 1,
      });
    });

    it('asks a visitor to log in and answers 404 for an unknown activity', async () => {
      const { app } = ctx();
      expect(body(await cancel(app, null, 1)).code).toBe(301);
      expect(body(await cancel(app, learner(6).token, 999_999)).code).toBe(404);
    });
  });

  describe('GET /api/activities/mine', () => {
    let token: string;
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      const { app } = ctx();
      const { db } = app.database;
      token = learner(7).token;
      ids.applied = await createActivity(db, { title: '已报名的活动' });
      ids.cancelled = await createActivity(db, { title: '取消了的活动' });
      ids.checkedIn = await createActivity(db, { title: '签到了的活动' });
      ids.over = await createActivity(db, { title: '结束了的活动' });
      for (const id of Object.values(ids)) expect(body(await apply(app, token, id)).code).toBe(0);
      await cancel(app, token, ids.cancelled);
      const code = (await myActivity(app, token, ids.checkedIn)).checkinCode as string;
      await checkin(app, staff.token, code);
      await db.updateTable('activities').set(windows.ended()).where('id', '=', ids.over).execute();
    });

    it('lists every application with its state, canCancel and check-in code, latest first', async () => {
      const { code, data } = body<Page<MyActivity>>(await mine(ctx().app, token));
      expect(code).toBe(0);
      expect(data.total).toBe(4);
      const byId = new Map(data.list.map((item) => [item.id, item]));
      expect(byId.get(ids.applied as number)).toMatchObject({
        title: '已报名的活动',
        state: '已报名',
        canCancel: true,
        attachments: [],
        application: { status: 'active', checkedInAt: null },
      });
      expect(byId.get(ids.applied as number)?.checkinCode).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(byId.get(ids.cancelled as number)).toMatchObject({
        state: '已取消',
        canCancel: false,
        checkinCode: null,
        application: { status: 'cancelled' },
      });
      expect(byId.get(ids.checkedIn as number)).toMatchObject({
        state: '已签到',
        canCancel: false,
      });
      expect(byId.get(ids.checkedIn as number)?.application.checkedInAt).toMatch(/Z$/);
      expect(byId.get(ids.over as number)).toMatchObject({
        state: '已结束',
        canCancel: false,
        status: '已结束',
      });
      const applied = data.list.map((item) => item.application.appliedAt);
      expect([...applied].sort().reverse()).toEqual(applied);
    });

    it('filters by state', async () => {
      const expected: Record<string, number | undefined> = {
        已报名: ids.applied,
        已取消: ids.cancelled,
        已签到: ids.checkedIn,
        已结束: ids.over,
      };
      for (const [state, id] of Object.entries(expected)) {
        const { data } = body<Page<MyActivity>>(
          await mine(ctx().app, token, `?state=${encodeURIComponent(state)}`),
        );
        expect(data.list.map((item) => item.id)).toEqual([id]);
        expect(data.total).toBe(1);
      }
      expect(body(await mine(ctx().app, token, '?state=x')).code).toBe(400);
    });

    it('pages, shows nothing of other learners and asks a visitor to log in', async () => {
      const { app } = ctx();
      const { data } = body<Page<MyActivity>>(await mine(app, token, '?page=2&size=3'));
      expect(data).toMatchObject({ total: 4, page: 2, size: 3 });
      expect(data.list).toHaveLength(1);
      expect(body<Page<MyActivity>>(await mine(app, learner(8).token)).data.total).toBe(0);
      expect(body(await mine(app, null))).toMatchObject({ code: 301, data: null });
    });
  });

  describe('POST /api/activities/checkin', () => {
    async function applied(n: number, overrides = {}) {
      const { app } = ctx();
      const id = await createActivity(app.database.db, { title: '签到测试活动', ...overrides });
      expect(body(await apply(app, learner(n).token, id)).code).toBe(0);
      const code = (await myActivity(app, learner(n).token, id)).checkinCode as string;
      return { id, code };
    }

    it('checks the learner in once, for staff of the organiser', async () => {
      const { app } = ctx();
      const { id, code } = await applied(9);
      const response = await checkin(app, staff.token, code);
      const { data } = body<CheckinResult>(response);
      expect(body(response).code).toBe(0);
      expect(data).toMatchObject({
        activityId: id,
        activityTitle: '签到测试活动',
        learnerName: '学员9',
      });
      const row = await app.database.db
        .selectFrom('activity_applications')
        .select(['id', 'checked_in_at'])
        .where('activity_id', '=', id)
        .executeTakeFirstOrThrow();
      expect(data.applicationId).toBe(row.id);
      expect(data.checkedInAt).toBe(new Date(row.checked_in_at as number).toISOString());
    });

    it('answers 409 naming when it was checked in, the second time', async () => {
      const { app } = ctx();
      const { code } = await applied(10);
      await checkin(app, staff.token, code);
      const second = body(await checkin(app, staff.token, code));
      expect(second.code).toBe(409);
      expect(second.message).toMatch(/^该报名已于 \d{4}-\d\d-\d\d \d\d:\d\d 签到，请勿重复签到$/);
    });

    it('answers 409 for a cancelled application and 404 for an unknown code', async () => {
      const { app } = ctx();
      const { id, code } = await applied(11);
      const row = await app.database.db
        .selectFrom('activity_applications')
        .select('id')
        .where('activity_id', '=', id)
        .executeTakeFirstOrThrow();
      await cancel(app, learner(11).token, id);
      // The code is gone with the cancellation; whoever kept it gets a clear answer.
      expect(body(await checkin(app, staff.token, code))).toMatchObject({
        code: 404,
        message: '签到码无效，请确认后重试',
      });
      await app.database.db
        .updateTable('activity_applications')
        .set({ checkin_code: code })
        .where('id', '=', row.id)
        .execute();
      expect(body(await checkin(app, staff.token, code))).toMatchObject({
        code: 409,
        message: '该报名已取消，无法签到',
      });
      expect(body(await checkin(app, staff.token, 'no-such-code-000000000'))).toMatchObject({
        code: 404,
      });
    });

    it('answers 403 for anyone not on the organiser’s staff', async () => {
      const { app } = ctx();
      const { db } = app.database;
      const other = await organiserId(db, 'jingan', '别的文化馆');
      const [outsider] = await createLearners(db, 1);
      await addStaff(db, other, (outsider as TestLearner).id);
      const { code } = await applied(12);
      for (const token of [learner(12).token, (outsider as TestLearner).token]) {
        expect(body(await checkin(app, token, code))).toEqual({
          code: 403,
          message: '您不是该活动主办方的工作人员，无法签到',
          data: null,
        });
      }
      const row = await db
        .selectFrom('activity_applications')
        .select('checked_in_at')
        .where('checkin_code', '=', code)
        .executeTakeFirstOrThrow();
      expect(row.checked_in_at).toBeNull();
    });

    it('answers 409 after the activity ended, 301 for a visitor and 400 for an empty code', async () => {
      const { app } = ctx();
      const { id, code } = await applied(13);
      await app.database.db
        .updateTable('activities')
        .set(windows.ended())
        .where('id', '=', id)
        .execute();
      expect(body(await checkin(app, staff.token, code))).toMatchObject({
        code: 409,
        message: '活动已结束，无法签到',
      });
      expect(body(await checkin(app, null, code)).code).toBe(301);
      expect(body(await checkin(app, staff.token, '   '))).toMatchObject({
        code: 400,
        message: '签到码：请提供签到码',
      });
    });
  });

  describe('POST /api/activities/apply-with-files', () => {
    const form = JSON.stringify(FULL_FORM);

    it('applies with files: stores them privately under their detected type', async () => {
      const { app } = ctx();
      const id = await createActivity(app.database.db, { kind: '特色活动' });
      const token = learner(14).token;
      const response = await applyWithFiles(app, token, { activityId: String(id), form }, [
        { name: '作品1.jpg', content: sampleFiles.jpeg(), type: 'image/jpeg' },
        // Named .png, it is a PDF: stored and served as what it is.
        { name: '报名表.png', content: sampleFiles.pdf(3000), type: 'image/png' },
      ]);
      expect(body(response)).toMatchObject({ code: 0, data: { seatsTaken: 1 } });
      const item = await myActivity(app, token, id);
      expect(item.attachments).toEqual([
        {
          id: expect.any(Number),
          name: '作品1.jpg',
          mime: 'image/jpeg',
          size: 2048,
          url: `/uploads/activity-attachments/${item.attachments[0]?.id}`,
        },
        {
          id: expect.any(Number),
          name: '报名表.png',
          mime: 'application/pdf',
          size: 3000,
          url: `/uploads/activity-attachments/${item.attachments[1]?.id}`,
        },
      ]);
      const keys = await app.database.db
        .selectFrom('activity_attachments')
        .select('storage_key')
        .where('user_id', '=', learner(14).id)
        .orderBy('id')
        .execute();
      expect(keys.map((row) => row.storage_key)).toEqual([
        expect.stringMatching(/^[A-Za-z0-9_-]{22}\.jpg$/),
        expect.stringMatching(/^[A-Za-z0-9_-]{22}\.pdf$/),
      ]);
      const files = storedFiles(app);
      for (const { storage_key } of keys) expect(files).toContain(storage_key);
      // Never in the publicly served folder.
      expect(fs.existsSync(path.join(app.config.dataDir, 'files', 'activity-attachments'))).toBe(
        false,
      );
    });

    it('refuses an .exe renamed .jpg, naming it, and stores nothing', async () => {
      const { app } = ctx();
      const id = await createActivity(app.database.db, { kind: '特色活动' });
      const before = storedFiles(app);
      const response = await applyWithFiles(
        app,
        learner(15).token,
        { activityId: String(id), form },
        [
          { name: '好照片.jpg', content: sampleFiles.jpeg() },
          { name: '风景.jpg', content: sampleFiles.exe(), type: 'image/jpeg' },
        ],
      );
      expect(body(response)).toEqual({
        code: 400,
        message: '附件「风景.jpg」的文件类型不支持，请上传 JPG、PNG、WebP、PDF 文件',
        data: null,
      });
      expect(storedFiles(app)).toEqual(before);
      expect(await applicationCount(app, id)).toBe(0);
      expect((await activitySeatsOf(app.database.db, id)).seatsTaken).toBe(0);
    });

    it('refuses a type the rule does not accept', async () => {
      const { app } = ctx();
      const id = await createActivity(app.database.db, {
        kind: '特色活动',
        rule: { ...FILES_RULE, accept: ['image/jpeg', 'image/png'] },
      });
      const response = await applyWithFiles(
        app,
        learner(15).token,
        { activityId: String(id), form },
        [{ name: 'a.webp', content: sampleFiles.webp() }],
      );
      expect(body(response)).toMatchObject({
        code: 400,
        message: '附件「a.webp」的文件类型不支持，请上传 JPG、PNG 文件',
      });
    });

    it('refuses an oversized file and too many files, storing nothing', async () => {
      const { app } = ctx();
      const id = await createActivity(app.database.db, {
        kind: '特色活动',
        rule: { ...FILES_RULE, maxBytes: 1 * MB, maxCount: 2 },
      });
      const before = storedFiles(app);
      const big = await applyWithFiles(app, learner(15).token, { activityId: String(id), form }, [
        { name: '大图.png', content: sampleFiles.png(MB + 1) },
      ]);
      expect(body(big)).toEqual({
        code: 400,
        message: '附件「大图.png」超过 1 MB，请压缩后再上传',
        data: null,
      });
      const many = await applyWithFiles(
        app,
        learner(15).token,
        { activityId: String(id), form },
        [1, 2, 3].map((n) => ({ name: `${n}.png`, content: sampleFiles.png() })),
      );
      expect(body(many)).toEqual({ code: 400, message: '附件最多上传 2 个', data: null });
      const empty = await applyWithFiles(app, learner(15).token, { activityId: String(id), form }, [
        { name: '空.png', content: Buffer.alloc(0) },
      ]);
      expect(body(empty)).toMatchObject({ code: 400, message: '附件「空.png」是空文件' });
      expect(storedFiles(app)).toEqual(before);
      expect(await applicationCount(app, id)).toBe(0);
    });

    it('refuses a file over the largest size any rule allows while it streams in', async () => {
      const { app } = ctx();
      const id = await createActivity(app.database.db, {
        kind: '特色活动',
        rule: { ...FILES_RULE, maxBytes: 50 * MB },
      });
      const before = storedFiles(app);
      const response = await applyWithFiles(
        app,
        learner(15).token,
        { activityId: String(id), form },
        [{ name: '超大.pdf', content: sampleFiles.pdf(10 * MB + 1) }],
      );
      expect(body(response)).toMatchObject({
        code: 400,
        message: '附件「超大.pdf」超过 10 MB，请压缩后再上传',
      });
      expect(storedFiles(app)).toEqual(before);
    });

    it('requires files when the rule does, and refuses files for a regular activity', async () => {
      const { app } = ctx();
      const { db } = app.database;
      const special = await createActivity(db, { kind: '特色活动' });
      const regular = await createActivity(db);
      expect(
        body(await applyWithFiles(app, learner(15).token, { activityId: String(special), form })),
      ).toMatchObject({ code: 400, message: '请上传作品照片' });
      const before = storedFiles(app);
      expect(
        body(
          await applyWithFiles(app, learner(15).token, { activityId: String(regular), form }, [
            { name: 'a.jpg', content: sampleFiles.jpeg() },
          ]),
        ),
      ).toMatchObject({ code: 400, message: '该活动报名无需上传附件' });
      expect(storedFiles(app)).toEqual(before);
      // Multipart without files is fine for a regular activity.
      expect(
        body(await applyWithFiles(app, learner(15).token, { activityId: String(regular), form }))
          .code,
      ).toBe(0);
    });

    it('answers 400 for a bad form JSON, missing fields and files under another name', async () => {
      const { app } = ctx();
      const id = await createActivity(app.database.db, { kind: '特色活动' });
      const token = learner(16).token;
      const file = { name: 'a.jpg', content: sampleFiles.jpeg() };
      const before = storedFiles(app);
      const cases: Array<[Record<string, string>, MultipartFile[], string]> = [
        [{ activityId: String(id), form: '{"name":' }, [file], '报名信息不是有效的 JSON'],
        [{ activityId: String(id), form: '[1,2]' }, [file], '报名信息：格式不正确'],
        [{ form }, [file], '缺少活动'],
        [{ activityId: 'abc', form }, [file], '活动：格式不正确'],
        [{ activityId: String(id) }, [file], '缺少报名信息'],
        [
          { activityId: String(id), form: JSON.stringify({ ...FULL_FORM, age: '0' }) },
          [file],
          '年龄请填写 1-120 之间的整数',
        ],
        [
          { activityId: String(id), form },
          [{ ...file, field: 'photo' }],
          '附件：请以 files 字段上传',
        ],
      ];
      for (const [fields, files, message] of cases) {
        expect(body(await applyWithFiles(app, token, fields, files))).toEqual({
          code: 400,
          message,
          data: null,
        });
      }
      expect(storedFiles(app)).toEqual(before);
      expect(await applicationCount(app, id)).toBe(0);
    });

    it('answers 400 for a JSON body, 301 for a visitor and 404 for an unknown activity', async () => {
      const { app } = ctx();
      const json = await app.inject({
        method: 'POST',
        url: '/api/activities/apply-with-files',
        headers: bearer(learner(16).token),
        payload: { activityId: 1, form: {} },
      });
      expect(body(json)).toMatchObject({ code: 400 });
      const file = { name: 'a.jpg', content: sampleFiles.jpeg() };
      expect(body(await applyWithFiles(app, null, { activityId: '1', form }, [file])).code).toBe(
        301,
      );
      const before = storedFiles(app);
      expect(
        body(await applyWithFiles(app, learner(16).token, { activityId: '999999', form }, [file])),
      ).toMatchObject({ code: 404, message: '活动不存在或已下线' });
      expect(storedFiles(app)).toEqual(before);
    });

    it('removes the files again when the seat cannot be had', async () => {
      const { app } = ctx();
      const id = await createActivity(app.database.db, {
        kind: '特色活动',
        capacity: 1,
        seats_taken: 1,
      });
      const before = storedFiles(app);
      const response = await applyWithFiles(
        app,
        learner(17).token,
        { activityId: String(id), form },
        [{ name: 'a.jpg', content: sampleFiles.jpeg() }],
      );
      expect(body(response)).toMatchObject({ code: 409, message: '名额已满' });
      expect(storedFiles(app)).toEqual(before);
      const rows = await app.database.db
        .selectFrom('activity_attachments')
        .select('id')
        .where('user_id', '=', learner(17).id)
        .execute();
      expect(rows).toEqual([]);
    });

    it('replaces the files of a cancelled application when the learner applies again', async () => {
      const { app } = ctx();
      const id = await createActivity(app.database.db, { kind: '特色活动' });
      const token = learner(18).token;
      const send = (name: string) =>
        applyWithFiles(app, token, { activityId: String(id), form }, [
          { name, content: sampleFiles.png() },
        ]);
      expect(body(await send('第一次.png')).code).toBe(0);
      const [old] = (await myActivity(app, token, id)).attachments;
      const oldKey = await app.database.db
        .selectFrom('activity_attachments')
        .select('storage_key')
        .where('id', '=', old?.id as number)
        .executeTakeFirstOrThrow();
      expect(body(await cancel(app, token, id)).code).toBe(0);
      expect((await myActivity(app, token, id)).attachments).toHaveLength(1);
      expect(body(await send('第二次.png')).code).toBe(0);
      const item = await myActivity(app, token, id);
      expect(item.attachments.map((file) => file.name)).toEqual(['第二次.png']);
      expect(storedFiles(app)).not.toContain(oldKey.storage_key);
    });
  });

  describe('GET /uploads/activity-attachments/:id', () => {
    let url: string;
    let content: Buffer;

    beforeAll(async () => {
      const { app } = ctx();
      const id = await createActivity(app.database.db, { kind: '特色活动' });
      content = sampleFiles.png(4096);
      await applyWithFiles(
        app,
        learner(19).token,
        { activityId: String(id), form: JSON.stringify(FULL_FORM) },
        [{ name: '作品.png', content }],
      );
      url = (await myActivity(app, learner(19).token, id)).attachments[0]?.url as string;
    });

    it('serves the file to its owner with its detected type, inline, private and nosniff', async () => {
      const response = await ctx().app.inject({ url, headers: bearer(learner(19).token) });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['content-disposition']).toBe('inline');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(String(response.headers['cache-control'])).toMatch(/^private/);
      expect(response.rawPayload.equals(content)).toBe(true);
    });

    it('answers 404 to another learner, as for a file that does not exist', async () => {
      const { app } = ctx();
      const other = await app.inject({ url, headers: bearer(learner(20).token) });
      const none = await app.inject({
        url: '/uploads/activity-attachments/999999',
        headers: bearer(learner(19).token),
      });
      for (const response of [other, none]) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ code: 404, message: '附件不存在', data: null });
      }
      const bad = await app.inject({
        url: '/uploads/activity-attachments/..%2F..%2Fportal.sqlite',
        headers: bearer(learner(19).token),
      });
      expect(bad.statusCode).toBe(404);
    });

    it('needs the bearer token in the header, never in the URL', async () => {
      const { app } = ctx();
      for (const response of [
        await app.inject({ url }),
        await app.inject({ url: `${url}?token=${learner(19).token}` }),
      ]) {
        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({ code: 301 });
      }
    });
  });

  describe('GET /ics/activity-<id>.ics', () => {
    it('answers an iCalendar event of a published activity', async () => {
      const { app } = ctx();
      const start = Date.UTC(2026, 11, 5, 6, 30);
      const id = await createActivity(app.database.db, {
        title: '海派文化讲座；石库门, 弄堂',
        place: '静安区图书馆 三楼报告厅',
        description: '<p>石库门 &amp; 弄堂</p><p>第二段</p>',
        signup_start: Date.now() - DAY,
        signup_end: start - DAY,
        start_at: start,
        end_at: start + 2 * HOUR,
      });
      const response = await app.inject({
        url: `/ics/activity-${id}.ics`,
        headers: { host: 'portal.example.cn' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="activity-${id}.ics"; filename*=UTF-8''${encodeURIComponent('海派文化讲座；石库门, 弄堂.ics')}`,
      );
      const text = response.body;
      expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
      expect(text.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
      const unfolded = text.replace(/\r\n /g, '');
      expect(unfolded).toContain(`UID:activity-${id}@portal.example.cn\r\n`);
      expect(unfolded).toContain('DTSTART:20261205T063000Z\r\n');
      expect(unfolded).toContain('DTEND:20261205T083000Z\r\n');
      expect(unfolded).toContain('SUMMARY:海派文化讲座；石库门\\, 弄堂\r\n');
      expect(unfolded).toContain('LOCATION:静安区图书馆 三楼报告厅\r\n');
      expect(unfolded).toContain('DESCRIPTION:主办：测试图书馆\\n石库门 & 弄堂\\n第二段\r\n');
      expect(unfolded).toContain(`URL:http://portal.example.cn/activityDetails?id=${id}\r\n`);
      for (const line of text.split('\r\n')) {
        expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
      }
    });

    it('links a special activity of another site to its own page', async () => {
      const { app } = ctx();
      const id = await createActivity(app.database.db, { kind: '特色活动', site_key: 'xuhui' });
      const response = await app.inject({
        url: `/ics/activity-${id}.ics`,
        headers: { host: 'portal.example.cn' },
      });
      expect(response.body.replace(/\r\n /g, '')).toContain(
        `URL:http://portal.example.cn/xuhui/extensionDetails?id=${id}\r\n`,
      );
    });

    it('answers 404 in the envelope for unknown and unpublished activities', async () => {
      const { app } = ctx();
      const hidden = await createActivity(app.database.db, { published: 0 });
      for (const url of [
        `/ics/activity-${hidden}.ics`,
        '/ics/activity-999999.ics',
        '/ics/activity-abc.ics',
        `/ics/activity-${hidden}.txt`,
      ]) {
        const response = await app.inject({ url });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ code: 404, message: '活动不存在或已下线', data: null });
      }
    });
  });
});
