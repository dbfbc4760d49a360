import {
  type ActivityApplyResult,
  type ActivityDetail,
  type AdminClass,
  type ClassDetail,
  type ClassSignupResult,
  ErrorCode,
  type MessageSummary,
  type MyActivity,
  type MyClass,
  type Page,
  type ParticipantPage,
  type ParticipantReviewResult,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addStaff,
  createActivity,
  FULL_FORM,
  organiserId,
} from '../../testing/activity-factory.ts';
import {
  BASIC_FORM,
  createClass,
  createLearners,
  type TestLearner,
} from '../../testing/class-factory.ts';
import { createCourse } from '../../testing/course-factory.ts';
import { adminCall, createOperator, reviewStep } from '../../testing/operator-factory.ts';
import { body, describeEachEngine } from '../../testing/test-app.ts';

/*
 * Review of applicants (待审核 → 已通过 / 未通过) and waiting lists (候补) on classes and
 * activities, through the learners' and the console's APIs, on both engines: what each learner
 * sees and is told, the seats, and the refusals that write nothing.
 */

const SITE = 'jingan';

describeEachEngine('review of applicants and waiting lists', (ctx) => {
  let app: FastifyInstance;
  let reviewer: TestLearner;
  let otherReviewer: TestLearner;
  let editor: TestLearner;
  let elsewhere: TestLearner;

  const call = async <T>(who: TestLearner, url: string, payload?: Record<string, unknown>) =>
    body<T>(
      await app.inject({
        method: payload ? 'POST' : 'GET',
        url,
        headers: { 'x-site': SITE, authorization: `Bearer ${who.token}` },
        ...(payload ? { payload } : {}),
      }),
    );
  const signup = (who: TestLearner, classId: number, waitlist?: boolean) =>
    call<ClassSignupResult>(who, '/api/classes/signup', {
      classId,
      form: BASIC_FORM,
      ...(waitlist === undefined ? {} : { waitlist }),
    });
  const cancel = (who: TestLearner, classId: number) =>
    call<ClassSignupResult>(who, '/api/classes/cancel', { classId });
  const detail = async (who: TestLearner, classId: number) =>
    (await call<ClassDetail>(who, `/api/classes/detail?id=${classId}`)).data;
  const mine = async (who: TestLearner) =>
    (await call<Page<MyClass>>(who, '/api/classes/mine?page=1&size=50')).data.list;
  const messages = async (who: TestLearner) =>
    (await call<Page<MessageSummary>>(who, '/api/messages?page=1&size=20')).data.list;
  const review = (
    who: TestLearner,
    payload: Record<string, unknown>,
    site = SITE,
  ): Promise<{ code: number; message: string; data: ParticipantReviewResult }> =>
    adminCall<ParticipantReviewResult>(
      app,
      who.token,
      site,
      'POST',
      '/api/admin/participants/review',
      payload,
    );
  const participants = (classId: number, query = '') =>
    adminCall<ParticipantPage>(
      app,
      reviewer.token,
      SITE,
      'GET',
      `/api/admin/participants?kind=class&id=${classId}&size=50${query}`,
    );
  const statuses = async (table: 'class_signups' | 'activity_applications', id: number) => {
    const key = table === 'class_signups' ? 'class_id' : 'activity_id';
    const rows = await app.database.db
      .selectFrom(table as 'class_signups')
      .select(['user_id', 'status'])
      .where(key as 'class_id', '=', id)
      .orderBy('user_id')
      .execute();
    return Object.fromEntries(rows.map((row) => [row.user_id, row.status]));
  };
  const seatsOf = async (classId: number) =>
    Number(
      (
        await app.database.db
          .selectFrom('classes')
          .select('seats_taken')
          .where('id', '=', classId)
          .executeTakeFirstOrThrow()
      ).seats_taken,
    );
  const counts = async () => {
    const count = async (table: 'audit_log' | 'messages' | 'class_signups') =>
      Number(
        (
          await app.database.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      audit: await count('audit_log'),
      messages: await count('messages'),
      signups: await count('class_signups'),
    };
  };

  beforeAll(async () => {
    app = ctx().app;
    reviewer = await createOperator(app, [{ site: SITE, role: 'reviewer' }]);
    otherReviewer = await createOperator(app, [{ site: SITE, role: 'reviewer' }]);
    editor = await createOperator(app, [{ site: SITE, role: 'editor' }]);
    elsewhere = await createOperator(app, [{ site: 'xuhui', role: 'site_admin' }]);
  });

  describe('a class that reviews its sign-ups', () => {
    it('holds the seat as 待审核, and the reviewer accepts or refuses with a reason the learner is told', async () => {
      const { db } = app.database;
      const classId = await createClass(db, {
        title: '书法进阶班',
        capacity: 3,
        review_signups: 1,
      });
      const [a, b, c] = await createLearners(db, 3);
      if (!a || !b || !c) throw new Error('no learners');
      expect((await detail(a, classId)).reviewSignups).toBe(true);

      const first = await signup(a, classId);
      expect(first.code, first.message).toBe(0);
      expect(first.data.mySignup).toMatchObject({ status: 'pending', place: null, reason: null });
      expect(first.data.seatsTaken).toBe(1);
      for (const who of [b, c]) expect((await signup(who, classId)).code).toBe(0);
      expect((await messages(a))[0]?.title).toBe('报名已提交，等待审核：「书法进阶班」');
      expect((await mine(a)).find((item) => item.id === classId)?.mySignup.status).toBe('pending');

      const accepted = await review(reviewer, {
        kind: 'class',
        id: classId,
        userIds: [a.id, b.id],
        decision: 'accept',
      });
      expect(accepted.code, accepted.message).toBe(0);
      expect(accepted.data).toEqual({ reviewed: 2, promoted: 0, seatsTaken: 3 });
      const refused = await review(reviewer, {
        kind: 'class',
        id: classId,
        userIds: [c.id],
        decision: 'refuse',
        reason: '本期仅限本街道居民',
      });
      expect(refused.code, refused.message).toBe(0);
      expect(refused.data).toEqual({ reviewed: 1, promoted: 0, seatsTaken: 2 });

      expect(await statuses('class_signups', classId)).toEqual({
        [a.id]: 'active',
        [b.id]: 'active',
        [c.id]: 'rejected',
      });
      expect((await messages(a))[0]?.title).toBe('报名审核通过：「书法进阶班」');
      const told = (await messages(c))[0];
      expect(told?.title).toBe('报名未通过：「书法进阶班」');
      expect(told?.excerpt).toContain('本期仅限本街道居民');
      expect((await detail(c, classId)).mySignup).toMatchObject({
        status: 'rejected',
        reason: '本期仅限本街道居民',
      });
      expect((await mine(c)).find((item) => item.id === classId)).toMatchObject({
        mySignup: { status: 'rejected', reason: '本期仅限本街道居民' },
        canCancel: false,
      });
      // Refused for good: no coming back, and nothing written.
      expect(await signup(c, classId)).toMatchObject({
        code: ErrorCode.conflict,
        message: '您的报名未通过审核，不能再次报名',
      });
      expect(await seatsOf(classId)).toBe(2);

      const audit = await db
        .selectFrom('audit_log')
        .select(['action', 'summary'])
        .where('entity', '=', 'participant')
        .where('summary', 'like', '%书法进阶班%')
        .orderBy('id')
        .execute();
      expect(audit.map((row) => row.action)).toEqual(['approve', 'approve', 'reject']);
      expect(audit[2]?.summary).toContain('原因：本期仅限本街道居民');
    });

    it('refuses a decision that does not fit, naming the learners, and writes nothing', async () => {
      const { db } = app.database;
      const classId = await createClass(db, { capacity: 1, review_signups: 1 });
      const [a, b, stranger] = await createLearners(db, 3);
      if (!a || !b || !stranger) throw new Error('no learners');
      await db.updateTable('users').set({ nickname: '候补者' }).where('id', '=', b.id).execute();
      expect((await signup(a, classId)).data.mySignup.status).toBe('pending');
      expect((await signup(b, classId, true)).data.mySignup).toMatchObject({
        status: 'waiting',
        place: 1,
      });
      const before = await counts();
      const cases: Array<[Record<string, unknown>, number, string]> = [
        // Accepting someone in line would admit more than the seats.
        [
          { userIds: [a.id, b.id], decision: 'accept' },
          ErrorCode.conflict,
          '“候补者” 在候补名单中，名额已满，无法通过；有名额空出时会按顺序自动递补',
        ],
        [
          { userIds: [stranger.id], decision: 'accept' },
          ErrorCode.conflict,
          '所选学员没有报名该项目',
        ],
        [
          { userIds: [a.id], decision: 'refuse', reason: '' },
          ErrorCode.invalid,
          '原因：请写明不通过的原因（至少 2 个字）',
        ],
        [{ userIds: [], decision: 'accept' }, ErrorCode.invalid, '所选学员：请选择要审核的学员'],
        [{ userIds: [a.id], decision: 'maybe' }, ErrorCode.invalid, '审核结果：请选择通过或不通过'],
      ];
      for (const [payload, code, message] of cases) {
        expect(await review(reviewer, { kind: 'class', id: classId, ...payload })).toMatchObject({
          code,
          message,
        });
      }
      // Another site's reviewer does not find it; an editor may not decide.
      expect(
        (
          await review(
            elsewhere,
            { kind: 'class', id: classId, userIds: [a.id], decision: 'accept' },
            'xuhui',
          )
        ).code,
      ).toBe(ErrorCode.notFound);
      expect(
        (await review(editor, { kind: 'class', id: classId, userIds: [a.id], decision: 'accept' }))
          .code,
      ).toBe(ErrorCode.forbidden);
      expect(
        (await review(reviewer, { kind: 'walk', id: classId, userIds: [a.id], decision: 'accept' }))
          .message,
      ).toBe('项目类型：只有班级和活动的报名需要审核');
      expect(await counts()).toEqual(before);
      expect(await statuses('class_signups', classId)).toEqual({
        [a.id]: 'pending',
        [b.id]: 'waiting',
      });

      // Accepting twice: the second finds no one waiting for review.
      expect(
        (
          await review(reviewer, {
            kind: 'class',
            id: classId,
            userIds: [a.id],
            decision: 'accept',
          })
        ).code,
      ).toBe(0);
      expect(
        await review(reviewer, { kind: 'class', id: classId, userIds: [a.id], decision: 'accept' }),
      ).toMatchObject({ code: ErrorCode.conflict });
    });

    it('gives a refused applicant’s seat to the first in line, still to be reviewed', async () => {
      const { db } = app.database;
      const classId = await createClass(db, { title: '太极拳班', capacity: 1, review_signups: 1 });
      const [a, b] = await createLearners(db, 2);
      if (!a || !b) throw new Error('no learners');
      await signup(a, classId);
      expect((await signup(b, classId)).message).toBe('名额已满');
      await signup(b, classId, true);
      const refused = await review(reviewer, {
        kind: 'class',
        id: classId,
        userIds: [a.id],
        decision: 'refuse',
        reason: '年龄不符合要求',
      });
      expect(refused.data).toEqual({ reviewed: 1, promoted: 1, seatsTaken: 1 });
      expect((await detail(b, classId)).mySignup).toMatchObject({ status: 'pending', place: null });
      expect((await messages(b))[0]?.title).toBe('候补成功，等待审核：「太极拳班」');
      const list = (await participants(classId)).data;
      expect(list.reviewSignups).toBe(true);
      expect(list.canReview).toBe(true);
      expect(list.list.map((row) => [row.userId, row.status, row.reviewNote])).toEqual([
        [b.id, 'pending', null],
        [a.id, 'rejected', '年龄不符合要求'],
      ]);
    });
  });

  describe('the waiting list of a full class', () => {
    it('puts learners in line, tells them their place, and admits the first when a seat frees', async () => {
      const { db } = app.database;
      const classId = await createClass(db, { title: '摄影入门班', capacity: 1 });
      const [a, b, c] = await createLearners(db, 3);
      if (!a || !b || !c) throw new Error('no learners');
      expect((await signup(a, classId)).data.mySignup.status).toBe('active');
      expect(await signup(b, classId)).toMatchObject({
        code: ErrorCode.conflict,
        message: '名额已满',
      });
      const joined = await signup(b, classId, true);
      expect(joined.data.mySignup).toMatchObject({ status: 'waiting', place: 1 });
      expect(joined.data.seatsTaken).toBe(1);
      expect((await signup(c, classId, true)).data.mySignup.place).toBe(2);
      expect((await messages(c))[0]).toMatchObject({ title: '已加入候补：「摄影入门班」' });
      expect((await messages(c))[0]?.excerpt).toContain('排第 2 位');
      expect(await signup(b, classId, true)).toMatchObject({
        message: '您已在候补名单中，请耐心等待',
      });
      expect((await detail(a, classId)).waitingCount).toBe(2);
      const waiting = (await participants(classId, '&status=waiting')).data;
      expect(waiting.waitingCount).toBe(2);
      expect(waiting.list.map((row) => [row.userId, row.place])).toEqual([
        [b.id, 1],
        [c.id, 2],
      ]);

      // The holder cancels: the first in line takes the seat at once and is told.
      const cancelled = await cancel(a, classId);
      expect(cancelled.code, cancelled.message).toBe(0);
      expect(cancelled.data.seatsTaken).toBe(1);
      expect((await detail(b, classId)).mySignup?.status).toBe('active');
      expect((await messages(b))[0]?.title).toBe('候补成功：「摄影入门班」');
      expect((await detail(c, classId)).mySignup).toMatchObject({ status: 'waiting', place: 1 });
      expect((await mine(c)).find((item) => item.id === classId)?.mySignup).toMatchObject({
        status: 'waiting',
        place: 1,
      });

      // Leaving the line frees no seat and promotes no one.
      const left = await cancel(c, classId);
      expect(left.data).toMatchObject({ mySignup: { status: 'cancelled' }, seatsTaken: 1 });
      expect(await statuses('class_signups', classId)).toEqual({
        [a.id]: 'cancelled',
        [b.id]: 'active',
        [c.id]: 'cancelled',
      });
      // A cancel with nobody in line promotes nobody.
      expect((await cancel(b, classId)).data.seatsTaken).toBe(0);
      expect((await detail(b, classId)).waitingCount).toBe(0);
    });

    it('fills seats an operator adds from the waiting list, in line order', async () => {
      const { db } = app.database;
      const course = await createCourse(db, { site_key: SITE });
      const classId = await createClass(db, {
        title: '合唱班',
        // The console's form takes covers of the file store only.
        cover: '/files/covers/choir.svg',
        capacity: 1,
        courseIds: [course.id],
      });
      const [a, b, c, d] = await createLearners(db, 4);
      if (!a || !b || !c || !d) throw new Error('no learners');
      await signup(a, classId);
      for (const who of [b, c, d]) await signup(who, classId, true);
      const read = await adminCall<AdminClass>(
        app,
        editor.token,
        SITE,
        'GET',
        `/api/admin/classes/detail?id=${classId}`,
      );
      expect(read.code, read.message).toBe(0);
      const form = read.data;
      const { id, version, status, edit, live, seatsTaken, reviewNote, ...fields } =
        form as AdminClass & Record<string, unknown>;
      const edited = await adminCall<AdminClass>(
        app,
        editor.token,
        SITE,
        'POST',
        '/api/admin/classes/update',
        {
          ...fields,
          capacity: 3,
          id,
          version,
        },
      );
      expect(edited.code, edited.message).toBe(0);
      const submitted = await reviewStep(app, editor.token, SITE, 'classes', 'submit', edited.data);
      expect(submitted.code, submitted.message).toBe(0);
      // Still 1 seat until the change is approved.
      expect((await detail(b, classId)).mySignup?.status).toBe('waiting');
      const approved = await reviewStep(
        app,
        otherReviewer.token,
        SITE,
        'classes',
        'approve',
        submitted.data,
      );
      expect(approved.code, approved.message).toBe(0);
      expect(await statuses('class_signups', classId)).toEqual({
        [a.id]: 'active',
        [b.id]: 'active',
        [c.id]: 'active',
        [d.id]: 'waiting',
      });
      expect(await seatsOf(classId)).toBe(3);
      expect((await messages(c))[0]?.title).toBe('候补成功：「合唱班」');
      expect((await detail(d, classId)).mySignup?.place).toBe(1);
    });

    it('lets an operator take a learner off the waiting list, or cancel one, and promotes in order', async () => {
      const { db } = app.database;
      const classId = await createClass(db, { capacity: 1 });
      const [a, b, c] = await createLearners(db, 3);
      if (!a || !b || !c) throw new Error('no learners');
      await signup(a, classId);
      await signup(b, classId, true);
      await signup(c, classId, true);
      const removed = await review(reviewer, {
        kind: 'class',
        id: classId,
        userIds: [b.id],
        decision: 'refuse',
        reason: '重复报名',
      });
      expect(removed.data).toEqual({ reviewed: 1, promoted: 0, seatsTaken: 1 });
      const cancelled = await adminCall(
        app,
        reviewer.token,
        SITE,
        'POST',
        '/api/admin/participants/cancel',
        {
          kind: 'class',
          id: classId,
          userId: a.id,
          reason: '学员来电取消',
        },
      );
      expect(cancelled.code, cancelled.message).toBe(0);
      expect(await statuses('class_signups', classId)).toEqual({
        [a.id]: 'cancelled',
        [b.id]: 'rejected',
        [c.id]: 'active',
      });
    });
  });

  describe('activities', () => {
    it('review and waiting lists apply to activities, and only a confirmed application checks in', async () => {
      const { db } = app.database;
      const activityId = await createActivity(db, {
        title: '读书分享会',
        capacity: 1,
        review_signups: 1,
      });
      const [a, b, staff] = await createLearners(db, 3);
      if (!a || !b || !staff) throw new Error('no learners');
      await addStaff(db, await organiserId(db, SITE), staff.id);
      const apply = (who: TestLearner, waitlist?: boolean) =>
        call<ActivityApplyResult>(who, '/api/activities/apply', {
          activityId,
          form: FULL_FORM,
          ...(waitlist ? { waitlist } : {}),
        });
      const applied = await apply(a);
      expect(applied.code, applied.message).toBe(0);
      expect(applied.data.myApplication).toMatchObject({ status: 'pending', place: null });
      expect((await apply(b, true)).data.myApplication).toMatchObject({
        status: 'waiting',
        place: 1,
      });
      const shown = (await call<ActivityDetail>(b, `/api/activities/detail?id=${activityId}`)).data;
      expect(shown).toMatchObject({ reviewSignups: true, waitingCount: 1 });
      const myOf = async (who: TestLearner) =>
        (await call<Page<MyActivity>>(who, '/api/activities/mine?page=1&size=20')).data.list.find(
          (item) => item.id === activityId,
        );
      expect(await myOf(a)).toMatchObject({ state: '待审核', checkinCode: null, canCancel: true });
      expect(await myOf(b)).toMatchObject({ state: '候补中', checkinCode: null });
      const pendingOnly = await call<Page<MyActivity>>(
        a,
        `/api/activities/mine?page=1&size=20&state=${encodeURIComponent('待审核')}`,
      );
      expect(pendingOnly.data.list.map((item) => item.id)).toContain(activityId);

      // The door refuses a code until the application is confirmed.
      const codeOf = async (who: TestLearner) =>
        (
          await db
            .selectFrom('activity_applications')
            .select('checkin_code')
            .where('activity_id', '=', activityId)
            .where('user_id', '=', who.id)
            .executeTakeFirstOrThrow()
        ).checkin_code as string;
      const checkin = (code: string) => call(staff, '/api/activities/checkin', { code });
      expect(await checkin(await codeOf(a))).toMatchObject({
        code: ErrorCode.conflict,
        message: '该报名还在审核中，通过后才能签到',
      });
      expect((await checkin(await codeOf(b))).message).toBe(
        '该学员在候补名单中，还没有名额，无法签到',
      );

      const refused = await review(reviewer, {
        kind: 'activity',
        id: activityId,
        userIds: [a.id],
        decision: 'refuse',
        reason: '不符合报名条件',
      });
      expect(refused.data).toEqual({ reviewed: 1, promoted: 1, seatsTaken: 1 });
      expect(await myOf(a)).toMatchObject({ state: '未通过', checkinCode: null, canCancel: false });
      expect((await myOf(a))?.application.reason).toBe('不符合报名条件');
      expect(await statuses('activity_applications', activityId)).toEqual({
        [a.id]: 'rejected',
        [b.id]: 'pending',
      });
      const accepted = await review(reviewer, {
        kind: 'activity',
        id: activityId,
        userIds: [b.id],
        decision: 'accept',
      });
      expect(accepted.code, accepted.message).toBe(0);
      const confirmed = await myOf(b);
      expect(confirmed).toMatchObject({ state: '已报名' });
      expect(confirmed?.checkinCode).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect((await checkin(confirmed?.checkinCode as string)).code).toBe(0);
      expect((await messages(b)).map((message) => message.title)).toEqual(
        expect.arrayContaining([
          '报名审核通过：「读书分享会」',
          '候补成功，等待审核：「读书分享会」',
        ]),
      );
    });
  });
});
