import {
  type ActivityApplyResult,
  type ActivityDetail,
  type AdminActivity,
  type AdminActivityChoices,
  type AdminActivityFormInput,
  type AdminActivityRow,
  type AdminPlaceOption,
  ErrorCode,
  type Page,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { createLearners, type TestLearner } from '../../testing/class-factory.ts';
import { adminCall, createOperator, reviewStep } from '../../testing/operator-factory.ts';
import { body, describeEachEngine } from '../../testing/test-app.ts';

const SITE = 'jingan';
const DAY = 86_400_000;
/** An ISO time `days` from now, on the hour. */
const inDays = (days: number) =>
  new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 + days * DAY).toISOString();

describeEachEngine('the console’s activities: times, seats, sign-up forms and review', (ctx) => {
  let app: FastifyInstance;
  let editor: TestLearner;
  let reviewer: TestLearner;
  let choices: AdminActivityChoices;

  const as = <T>(who: TestLearner, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    adminCall<T>(app, who.token, SITE, method, url, payload);
  const phone = async <T>(url: string, token?: string, payload?: unknown) =>
    body<T>(
      await app.inject({
        method: payload === undefined ? 'GET' : 'POST',
        url,
        headers: { 'x-site': SITE, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      }),
    );
  const form = (title: string): AdminActivityFormInput => ({
    kind: '特色活动',
    organiserId: choices.organisers[0]?.id ?? 0,
    title,
    cover: '/files/covers/activity-lecture-1.svg',
    place: '静安区文化馆三楼',
    mapPlaceId: null,
    contact: '021-62561234',
    capacity: 30,
    signupStart: inDays(-1),
    signupEnd: inDays(5),
    startAt: inDays(6),
    endAt: inDays(6.1),
    descriptionHtml: '<p>欢迎<strong>带着作品</strong>参加。</p><img src=x onerror=alert(1)>',
    formFields: [
      { key: 'name', label: '姓名', kind: 'text', required: true, options: ['多余'] },
      {
        key: 'age',
        label: '年龄段',
        kind: 'choice',
        required: true,
        options: ['60岁以下', '60岁及以上'],
      },
    ],
    attachments: {
      label: '作品照片',
      required: false,
      maxCount: 3,
      maxBytes: 5 * 1024 * 1024,
      accept: ['application/pdf', 'image/jpeg'],
    },
  });
  const step = (who: TestLearner, action: string, activity: AdminActivity) =>
    reviewStep(app, who.token, SITE, 'activities', action, activity);
  const publish = async (input: AdminActivityFormInput) => {
    const created = await as<AdminActivity>(editor, 'POST', '/api/admin/activities/create', input);
    expect(created.code, created.message).toBe(0);
    const submitted = await step(editor, 'submit', created.data);
    const approved = await step(reviewer, 'approve', submitted.data);
    expect(approved.code, approved.message).toBe(0);
    return approved.data;
  };
  const counts = async () => {
    const [activities, audit] = await Promise.all(
      (['activities', 'audit_log'] as const).map((table) =>
        app.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ),
    );
    return [Number(activities?.n), Number(audit?.n)];
  };

  /** A place on 徐汇's map. */
  const foreignPlace = () =>
    app.database.db
      .insertInto('map_places')
      .values({
        site_key: 'xuhui',
        category: 'point',
        kind: '图书馆',
        name: '徐汇的学习点',
        street: '天平路街道',
        address: '徐汇区天平路 1 号',
        lat: 31.2,
        lng: 121.44,
        created_at: Date.now(),
        updated_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    app = ctx().app;
    editor = await createOperator(app, [{ site: SITE, role: 'editor' }]);
    reviewer = await createOperator(app, [{ site: SITE, role: 'reviewer' }]);
    choices = (await as<AdminActivityChoices>(editor, 'GET', '/api/admin/activities/choices')).data;
    expect(choices.organisers.length).toBeGreaterThan(0);
  });

  it('publishes a special activity with its sign-up form, which learners then fill in', async () => {
    const created = await as<AdminActivity>(
      editor,
      'POST',
      '/api/admin/activities/create',
      form('银龄摄影作品征集'),
    );
    expect(created.code, created.message).toBe(0);
    expect(created.data).toMatchObject({ status: 'draft', seatsTaken: 0 });
    // Stored sanitized; a text field keeps no options; the accepted types in their fixed order.
    expect(created.data.descriptionHtml).not.toContain('onerror');
    expect(created.data.formFields[0]).toEqual({
      key: 'name',
      label: '姓名',
      kind: 'text',
      required: true,
    });
    expect(created.data.attachments?.accept).toEqual(['image/jpeg', 'application/pdf']);
    const hidden = await phone(`/api/activities/detail?id=${created.data.id}`);
    expect(hidden.code).toBe(ErrorCode.notFound);

    const submitted = await step(editor, 'submit', created.data);
    const approved = await step(reviewer, 'approve', submitted.data);
    expect(approved.data).toMatchObject({ status: 'published' });
    expect(approved.data.publishedAt).not.toBeNull();
    const detail = await phone<ActivityDetail>(`/api/activities/detail?id=${created.data.id}`);
    expect(detail.data).toMatchObject({
      title: '银龄摄影作品征集',
      kind: '特色活动',
      status: '报名中',
      capacity: 30,
      attachments: { label: '作品照片', maxCount: 3 },
    });
    expect(detail.data.formFields.map((field) => field.label)).toEqual(['姓名', '年龄段']);

    // The form the operator built is the one a learner's sign-up is checked against.
    const [learner] = await createLearners(app.database.db, 1);
    if (!learner) throw new Error('no learner');
    const apply = (answers: Record<string, string>) =>
      phone<ActivityApplyResult>('/api/activities/apply', learner.token, {
        activityId: created.data.id,
        form: answers,
      });
    const missing = await apply({ name: '王秀兰' });
    expect(missing).toMatchObject({ code: ErrorCode.invalid });
    expect(missing.message).toContain('年龄段');
    const applied = await apply({ name: '王秀兰', age: '60岁及以上' });
    expect(applied.code, applied.message).toBe(0);
    expect(applied.data.seatsTaken).toBe(1);
  });

  it('refuses times out of order, a form that cannot be answered and another site’s organiser, writing nothing', async () => {
    const before = await counts();
    const cases: Array<[Partial<AdminActivityFormInput>, string]> = [
      [{ signupEnd: inDays(-2) }, '报名截止时间：须晚于报名开始时间'],
      [{ endAt: inDays(5.5) }, '结束时间：须晚于开始时间'],
      [{ signupEnd: inDays(7) }, '报名截止时间：不能晚于结束时间'],
      [{ capacity: 0 }, '名额：至少 1 人'],
      [{ kind: '讲座' }, '附件要求：只有特色活动的报名可以上传附件'],
      [
        {
          formFields: [
            { key: 'age', label: '年龄段', kind: 'choice', required: true, options: ['一'] },
          ],
        },
        '选项：“年龄段”至少要有两个选项',
      ],
      [
        {
          formFields: [
            { key: 'name', label: '姓名', kind: 'text', required: true },
            { key: 'name', label: '称呼', kind: 'text', required: false },
          ],
        },
        '字段标识：字段标识重复',
      ],
      [
        { formFields: [{ key: 'Name!', label: '姓名', kind: 'text', required: true }] },
        '字段标识：字段标识只能是小写字母开头的字母、数字和下划线',
      ],
      [{ cover: 'https://example.com/a.png' }, '封面：请上传封面'],
    ];
    for (const [change, message] of cases) {
      const refused = await as(editor, 'POST', '/api/admin/activities/create', {
        ...form('不合规的活动'),
        ...change,
      });
      expect(refused, message).toMatchObject({ code: ErrorCode.invalid, message });
    }
    const otherOrganiser = await app.database.db
      .selectFrom('organisers')
      .select('id')
      .where('site_key', '<>', SITE)
      .executeTakeFirstOrThrow();
    const foreign = await as(editor, 'POST', '/api/admin/activities/create', {
      ...form('别站主办方'),
      organiserId: otherOrganiser.id,
    });
    expect(foreign).toMatchObject({
      code: ErrorCode.invalid,
      message: '主办方：本站没有这个主办方',
    });
    const otherPlace = await foreignPlace();
    const farPlace = await as(editor, 'POST', '/api/admin/activities/create', {
      ...form('别站地点'),
      mapPlaceId: otherPlace.id,
    });
    expect(farPlace.message).toBe('地图地点：本站地图上没有这个地点');
    expect(await counts()).toEqual(before);
  });

  it('keeps the live activity while an edit waits, and never fewer seats than learners hold', async () => {
    const live = await publish({
      ...form('社区合唱团开放日'),
      kind: '讲座',
      attachments: null,
      formFields: [],
    });
    const learners = await createLearners(app.database.db, 3);
    for (const learner of learners) {
      const applied = await phone('/api/activities/apply', learner.token, {
        activityId: live.id,
        form: {},
      });
      expect(applied.code).toBe(0);
    }
    const fresh = (
      await as<AdminActivity>(editor, 'GET', `/api/admin/activities/detail?id=${live.id}`)
    ).data;
    expect(fresh.seatsTaken).toBe(3);
    const edit = (changes: Partial<AdminActivityFormInput>, version: number) =>
      as<AdminActivity>(editor, 'POST', '/api/admin/activities/update', {
        ...form('社区合唱团开放日'),
        kind: '讲座',
        attachments: null,
        formFields: [],
        ...changes,
        id: live.id,
        version,
      });
    const tooFew = await edit({ capacity: 2 }, fresh.version);
    expect(tooFew).toMatchObject({
      code: ErrorCode.invalid,
      message: '名额：已有 3 人报名，名额不能少于 3',
    });
    const edited = await edit({ title: '社区合唱团开放日（改期）', capacity: 3 }, fresh.version);
    expect(edited.code, edited.message).toBe(0);
    expect(edited.data).toMatchObject({ status: 'published', edit: { status: 'draft' } });
    expect((await phone<ActivityDetail>(`/api/activities/detail?id=${live.id}`)).data.title).toBe(
      '社区合唱团开放日',
    );
    const submitted = await step(editor, 'submit', edited.data);
    const queue = await as<Page<AdminActivityRow>>(
      reviewer,
      'GET',
      '/api/admin/activities?status=pending&kind=讲座',
    );
    expect(queue.data.list.find((row) => row.id === live.id)).toMatchObject({
      editStatus: 'pending',
      title: '社区合唱团开放日（改期）',
      seatsTaken: 3,
      phase: '报名中',
    });
    // A fourth learner takes a seat while the edit waits: the edit no longer fits.
    const [late] = await createLearners(app.database.db, 1);
    expect(
      (await phone('/api/activities/apply', late?.token, { activityId: live.id, form: {} })).code,
    ).toBe(0);
    const refused = await step(reviewer, 'approve', submitted.data);
    expect(refused).toMatchObject({
      code: ErrorCode.invalid,
      message: '名额：已有 4 人报名，名额不能少于 4',
    });
    expect((await phone<ActivityDetail>(`/api/activities/detail?id=${live.id}`)).data.title).toBe(
      '社区合唱团开放日',
    );
  });

  it('refuses a stale save and an editor approving their own change', async () => {
    const draft = await as<AdminActivity>(
      editor,
      'POST',
      '/api/admin/activities/create',
      form('过期的活动'),
    );
    const saved = await as<AdminActivity>(editor, 'POST', '/api/admin/activities/update', {
      ...form('第一次修改'),
      id: draft.data.id,
      version: draft.data.version,
    });
    expect(saved.code).toBe(0);
    const stale = await as(editor, 'POST', '/api/admin/activities/update', {
      ...form('过期的修改'),
      id: draft.data.id,
      version: draft.data.version,
    });
    expect(stale).toMatchObject({
      code: ErrorCode.conflict,
      message: '已被他人修改，请刷新后再改',
    });
    const both = await createOperator(app, [
      { site: SITE, role: 'editor' },
      { site: SITE, role: 'reviewer' },
    ]);
    const own = await adminCall<AdminActivity>(
      app,
      both.token,
      SITE,
      'POST',
      '/api/admin/activities/create',
      form('自己审自己'),
    );
    const sent = await adminCall<AdminActivity>(
      app,
      both.token,
      SITE,
      'POST',
      '/api/admin/activities/submit',
      {
        id: own.data.id,
        version: own.data.version,
      },
    );
    const self = await adminCall(app, both.token, SITE, 'POST', '/api/admin/activities/approve', {
      id: sent.data.id,
      version: sent.data.version,
    });
    expect(self.code).toBe(ErrorCode.forbidden);
  });

  it('finds the site’s map places by name, the chosen one first', async () => {
    const place = await app.database.db
      .selectFrom('map_places')
      .select(['id', 'name'])
      .where('site_key', '=', SITE)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const found = await as<AdminPlaceOption[]>(
      editor,
      'GET',
      `/api/admin/activities/places?q=${encodeURIComponent(place.name.slice(0, 2))}`,
    );
    expect(found.data.map((option) => option.id)).toContain(place.id);
    const chosen = await as<AdminPlaceOption[]>(
      editor,
      'GET',
      `/api/admin/activities/places?q=不存在的地点名&id=${place.id}`,
    );
    expect(chosen.data).toEqual([expect.objectContaining({ id: place.id, name: place.name })]);
    const foreign = await foreignPlace();
    const none = await as<AdminPlaceOption[]>(
      editor,
      'GET',
      `/api/admin/activities/places?id=${foreign.id}`,
    );
    expect(none.data.map((option) => option.id)).not.toContain(foreign.id);
  });
});
