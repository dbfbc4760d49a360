import {
  type AdminClass,
  type AdminClassChoices,
  type AdminClassCourse,
  type AdminClassFormInput,
  type AdminClassRow,
  type ClassDetail,
  type ClassSignupResult,
  type ClassSummary,
  ErrorCode,
  type Page,
  type ScheduleItem,
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

interface CourseRef {
  id: number;
  title: string;
}

describeEachEngine('the console’s classes: courses, seats, sign-up forms and review', (ctx) => {
  let app: FastifyInstance;
  let editor: TestLearner;
  let reviewer: TestLearner;
  /** Two published courses of 静安, newest first. */
  let courses: [CourseRef, CourseRef];

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
  const form = (title: string): AdminClassFormInput => ({
    title,
    cover: '/files/covers/class-1.svg',
    term: '2026年秋季',
    classTime: '每周二 9:30-11:00',
    place: '静安区社区学院 302 教室',
    teacherName: '李老师',
    capacity: 30,
    signupStart: inDays(-1),
    signupEnd: inDays(5),
    startAt: inDays(6),
    endAt: inDays(90),
    introductionHtml: '<p>从<strong>执笔</strong>学起。</p><img src=x onerror=alert(1)>',
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
    courseIds: [courses[1].id, courses[0].id],
  });
  const step = (who: TestLearner, action: string, record: AdminClass) =>
    reviewStep(app, who.token, SITE, 'classes', action, record);
  const publish = async (input: AdminClassFormInput) => {
    const created = await as<AdminClass>(editor, 'POST', '/api/admin/classes/create', input);
    expect(created.code, created.message).toBe(0);
    const submitted = await step(editor, 'submit', created.data);
    const approved = await step(reviewer, 'approve', submitted.data);
    expect(approved.code, approved.message).toBe(0);
    return approved.data;
  };
  const counts = async () =>
    Promise.all(
      (['classes', 'class_courses', 'audit_log'] as const).map(async (table) =>
        Number(
          (
            await app.database.db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ),
    );
  const courseOf = (where: { site: 'same' | 'other'; published: 0 | 1 }) =>
    app.database.db
      .selectFrom('courses')
      .select(['id', 'title'])
      .where('site_key', where.site === 'same' ? '=' : '<>', SITE)
      .where('published', '=', where.published)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    app = ctx().app;
    editor = await createOperator(app, [{ site: SITE, role: 'editor' }]);
    reviewer = await createOperator(app, [{ site: SITE, role: 'reviewer' }]);
    const found = await as<AdminClassCourse[]>(editor, 'GET', '/api/admin/classes/courses');
    expect(found.code, found.message).toBe(0);
    const [first, second] = found.data;
    if (!first || !second) throw new Error('no published courses');
    courses = [first, second];
  });

  it('publishes a class with its courses in order and its sign-up form, which learners then fill in', async () => {
    const created = await as<AdminClass>(
      editor,
      'POST',
      '/api/admin/classes/create',
      form('书法入门秋季班'),
    );
    expect(created.code, created.message).toBe(0);
    expect(created.data).toMatchObject({
      status: 'draft',
      seatsTaken: 0,
      classTime: '每周二 9:30-11:00',
      courseIds: [courses[1].id, courses[0].id],
    });
    // Stored sanitized; a text field keeps no options.
    expect(created.data.introductionHtml).not.toContain('onerror');
    expect(created.data.formFields[0]).toEqual({
      key: 'name',
      label: '姓名',
      kind: 'text',
      required: true,
    });
    const hidden = await phone(`/api/classes/detail?id=${created.data.id}`);
    expect(hidden.code).toBe(ErrorCode.notFound);

    const submitted = await step(editor, 'submit', created.data);
    expect(submitted.data.status).toBe('pending');
    const queue = await as<Page<AdminClassRow>>(
      reviewer,
      'GET',
      `/api/admin/classes?status=pending&term=${encodeURIComponent('2026年秋季')}&q=书法入门秋季`,
    );
    expect(queue.data.list).toEqual([
      expect.objectContaining({
        id: created.data.id,
        term: '2026年秋季',
        teacherName: '李老师',
        phase: '报名中',
        seatsTaken: 0,
        capacity: 30,
      }),
    ]);
    const approved = await step(reviewer, 'approve', submitted.data);
    expect(approved.data).toMatchObject({ status: 'published' });
    expect(approved.data.publishedAt).not.toBeNull();

    const detail = await phone<ClassDetail>(`/api/classes/detail?id=${created.data.id}`);
    expect(detail.data).toMatchObject({
      title: '书法入门秋季班',
      term: '2026年秋季',
      schedule: '每周二 9:30-11:00',
      place: '静安区社区学院 302 教室',
      teacherName: '李老师',
      status: '报名中',
      capacity: 30,
    });
    expect(detail.data.courses.map((course) => course.id)).toEqual([courses[1].id, courses[0].id]);
    expect(detail.data.formFields.map((field) => field.label)).toEqual(['姓名', '年龄段']);
    const listed = await phone<Page<ClassSummary>>('/api/classes?status=报名中&size=50');
    expect(listed.data.list.map((row) => row.id)).toContain(created.data.id);

    // The form the operator built is the one a learner's sign-up is checked against.
    const [learner] = await createLearners(app.database.db, 1);
    if (!learner) throw new Error('no learner');
    const signUp = (answers: Record<string, string>) =>
      phone<ClassSignupResult>('/api/classes/signup', learner.token, {
        classId: created.data.id,
        form: answers,
      });
    const missing = await signUp({ name: '王秀兰' });
    expect(missing).toMatchObject({ code: ErrorCode.invalid });
    expect(missing.message).toContain('年龄段');
    const signed = await signUp({ name: '王秀兰', age: '60岁及以上' });
    expect(signed.code, signed.message).toBe(0);
    expect(signed.data.seatsTaken).toBe(1);
    const schedule = await phone<Page<ScheduleItem>>('/api/study/schedule?size=50', learner.token);
    expect(schedule.data.list).toContainEqual(
      expect.objectContaining({ kind: 'class', id: created.data.id, title: '书法入门秋季班' }),
    );
  });

  it('refuses bad input naming the field, writing nothing', async () => {
    const before = await counts();
    const [foreign, unpublished] = await Promise.all([
      courseOf({ site: 'other', published: 1 }),
      courseOf({ site: 'same', published: 0 }),
    ]);
    const cases: Array<[Partial<AdminClassFormInput>, string]> = [
      [{ signupEnd: inDays(-2) }, '报名截止时间：须晚于报名开始时间'],
      [{ endAt: inDays(5.5) }, '结束时间：须晚于开始时间'],
      [{ signupEnd: inDays(100) }, '报名截止时间：不能晚于结束时间'],
      [{ capacity: 0 }, '名额：至少 1 人'],
      [{ term: ' ' }, '学期：不能为空'],
      [{ classTime: '' }, '上课时间：不能为空'],
      [
        {
          formFields: [
            { key: 'age', label: '年龄段', kind: 'choice', required: true, options: ['一'] },
          ],
        },
        '选项：“年龄段”至少要有两个选项',
      ],
      [{ courseIds: [courses[0].id, courses[0].id] }, '所学课程：同一门课程选了两次'],
      [{ courseIds: [courses[0].id, foreign.id] }, '所学课程：本站没有这门课程'],
      [{ courseIds: [unpublished.id] }, `所学课程：“${unpublished.title}”尚未发布，不能选`],
      [{ cover: 'https://example.com/a.png' }, '封面：请上传封面'],
    ];
    for (const [change, message] of cases) {
      const refused = await as(editor, 'POST', '/api/admin/classes/create', {
        ...form('不合规的班级'),
        ...change,
      });
      expect(refused, message).toMatchObject({ code: ErrorCode.invalid, message });
    }
    expect(await counts()).toEqual(before);
  });

  it('publishes nothing without an introduction or a course', async () => {
    for (const [change, message] of [
      [{ introductionHtml: '<p> </p>' }, '班级介绍还没有内容，不能发布'],
      [{ courseIds: [] }, '班级还没有选择所学课程，不能发布'],
    ] as const) {
      const created = await as<AdminClass>(editor, 'POST', '/api/admin/classes/create', {
        ...form('还没写完的班级'),
        ...change,
      });
      expect(created.code, created.message).toBe(0);
      const submitted = await step(editor, 'submit', created.data);
      const refused = await step(reviewer, 'approve', submitted.data);
      expect(refused).toMatchObject({ code: ErrorCode.conflict, message });
    }
  });

  it('keeps the live class while an edit waits, and never fewer seats than learners hold', async () => {
    const plain = { ...form('社区合唱团声乐班'), formFields: [] };
    const live = await publish(plain);
    const learners = await createLearners(app.database.db, 3);
    for (const learner of learners) {
      const signed = await phone('/api/classes/signup', learner.token, {
        classId: live.id,
        form: {},
      });
      expect(signed.code, signed.message).toBe(0);
    }
    const fresh = (await as<AdminClass>(editor, 'GET', `/api/admin/classes/detail?id=${live.id}`))
      .data;
    expect(fresh.seatsTaken).toBe(3);
    const edit = (changes: Partial<AdminClassFormInput>, version: number) =>
      as<AdminClass>(editor, 'POST', '/api/admin/classes/update', {
        ...plain,
        ...changes,
        id: live.id,
        version,
      });
    const tooFew = await edit({ capacity: 2 }, fresh.version);
    expect(tooFew).toMatchObject({
      code: ErrorCode.invalid,
      message: '名额：已有 3 人报名，名额不能少于 3',
    });
    const edited = await edit(
      { title: '社区合唱团声乐班（周四）', capacity: 3, courseIds: [courses[0].id] },
      fresh.version,
    );
    expect(edited.code, edited.message).toBe(0);
    expect(edited.data).toMatchObject({
      status: 'published',
      edit: { status: 'draft' },
      courseIds: [courses[0].id],
      live: { title: '社区合唱团声乐班', courseIds: [courses[1].id, courses[0].id] },
    });
    const shown = async () => (await phone<ClassDetail>(`/api/classes/detail?id=${live.id}`)).data;
    expect(await shown()).toMatchObject({ title: '社区合唱团声乐班' });
    expect((await shown()).courses).toHaveLength(2);
    const submitted = await step(editor, 'submit', edited.data);
    const queue = await as<Page<AdminClassRow>>(
      reviewer,
      'GET',
      '/api/admin/classes?status=pending',
    );
    expect(queue.data.list.find((row) => row.id === live.id)).toMatchObject({
      editStatus: 'pending',
      title: '社区合唱团声乐班（周四）',
      seatsTaken: 3,
    });
    // A fourth learner takes a seat while the edit waits: the edit no longer fits.
    const [late] = await createLearners(app.database.db, 1);
    expect(
      (await phone('/api/classes/signup', late?.token, { classId: live.id, form: {} })).code,
    ).toBe(0);
    const refused = await step(reviewer, 'approve', submitted.data);
    expect(refused).toMatchObject({
      code: ErrorCode.invalid,
      message: '名额：已有 4 人报名，名额不能少于 4',
    });
    expect((await shown()).title).toBe('社区合唱团声乐班');
  });

  it('refuses a stale save and an editor approving their own change', async () => {
    const draft = await as<AdminClass>(
      editor,
      'POST',
      '/api/admin/classes/create',
      form('过期的班级'),
    );
    const saved = await as<AdminClass>(editor, 'POST', '/api/admin/classes/update', {
      ...form('第一次修改'),
      id: draft.data.id,
      version: draft.data.version,
    });
    expect(saved.code).toBe(0);
    const stale = await as(editor, 'POST', '/api/admin/classes/update', {
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
    const call = (url: string, payload: unknown) =>
      adminCall<AdminClass>(app, both.token, SITE, 'POST', url, payload);
    const own = await call('/api/admin/classes/create', form('自己审自己'));
    const sent = await call('/api/admin/classes/submit', {
      id: own.data.id,
      version: own.data.version,
    });
    const self = await call('/api/admin/classes/approve', {
      id: sent.data.id,
      version: sent.data.version,
    });
    expect(self.code).toBe(ErrorCode.forbidden);
  });

  it('finds the site’s published courses by title, the chosen ones first, and the terms', async () => {
    const [foreign, unpublished] = await Promise.all([
      courseOf({ site: 'other', published: 1 }),
      courseOf({ site: 'same', published: 0 }),
    ]);
    const words = encodeURIComponent(courses[1].title.slice(0, 3));
    const found = await as<AdminClassCourse[]>(
      editor,
      'GET',
      `/api/admin/classes/courses?q=${words}`,
    );
    expect(found.data.map((course) => course.id)).toContain(courses[1].id);
    expect(found.data.length).toBeLessThanOrEqual(20);
    const chosen = await as<AdminClassCourse[]>(
      editor,
      'GET',
      `/api/admin/classes/courses?q=不存在的课程名&ids=${unpublished.id},${courses[0].id},${foreign.id}`,
    );
    expect(chosen.data).toEqual([
      expect.objectContaining({ id: unpublished.id, published: false }),
      expect.objectContaining({ id: courses[0].id, published: true }),
    ]);
    for (const ids of [
      '1;2',
      '3000000000',
      Array.from({ length: 21 }, (_, i) => i + 1).join(','),
    ]) {
      const bad = await as(editor, 'GET', `/api/admin/classes/courses?ids=${ids}`);
      expect(bad, ids).toMatchObject({ code: ErrorCode.invalid });
      expect(bad.message).toMatch(/^已选课程：/);
    }
    const choices = await as<AdminClassChoices>(editor, 'GET', '/api/admin/classes/choices');
    expect(choices.data.terms).toContain('2026年秋季');
  });
});
