import {
  ErrorCode,
  type MessageSummary,
  type Page,
  type ParticipantCancelResult,
  type ParticipantItemRow,
  type ParticipantPage,
} from '@portal/contract';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createActivity,
  FULL_FIELDS,
  FULL_FORM,
  multipart,
  sampleFiles,
} from '../../testing/activity-factory.ts';
import { createClass, createLearners, type TestLearner } from '../../testing/class-factory.ts';
import { createLiveChannel, createLiveSession } from '../../testing/live-factory.ts';
import { adminCall, createOperator } from '../../testing/operator-factory.ts';
import { body, describeEachEngine } from '../../testing/test-app.ts';
import { createBaseSlot, createWalk } from '../../testing/walk-factory.ts';

const SITE = 'jingan';
const HOUR = 3_600_000;

describeEachEngine('the participants of what learners sign up for (报名名单)', (ctx) => {
  let app: FastifyInstance;
  let admin: TestLearner;
  let editor: TestLearner;
  let reviewer: TestLearner;
  let elsewhere: TestLearner;
  let learners: TestLearner[];
  let classId: number;
  let activityId: number;
  let slot: { slotId: number; programmeId: number };
  let walk: { walkId: number; sessionId: number };
  let liveId: number;

  const as = <T>(who: TestLearner, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    adminCall<T>(app, who.token, SITE, method, url, payload);
  const learnerCall = async (who: TestLearner, url: string, payload: Record<string, unknown>) =>
    body(
      await app.inject({
        method: 'POST',
        url,
        headers: { 'x-site': SITE, authorization: `Bearer ${who.token}` },
        payload,
      }),
    );
  const list = (who: TestLearner, query: string) =>
    as<ParticipantPage>(who, 'GET', `/api/admin/participants?${query}`);
  const exportFile = (who: TestLearner, query: string, site = SITE) =>
    app.inject({
      method: 'GET',
      url: `/api/admin/participants/export?${query}`,
      headers: { 'x-site': site, authorization: `Bearer ${who.token}` },
    });
  const learner = (index: number) => {
    const found = learners[index];
    if (!found) throw new Error(`no learner ${index}`);
    return found;
  };
  const messagesOf = async (who: TestLearner) => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/messages?page=1&size=20',
      headers: { 'x-site': SITE, authorization: `Bearer ${who.token}` },
    });
    return body<Page<MessageSummary>>(response).data.list;
  };
  const tableCounts = async () => {
    const db = app.database.db;
    const count = async (table: 'audit_log' | 'messages' | 'live_reservations') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      audit: await count('audit_log'),
      messages: await count('messages'),
      reservations: await count('live_reservations'),
    };
  };

  beforeAll(async () => {
    app = ctx().app;
    const db = app.database.db;
    admin = await createOperator(app, [{ site: SITE, role: 'site_admin' }]);
    editor = await createOperator(app, [{ site: SITE, role: 'editor' }]);
    reviewer = await createOperator(app, [{ site: SITE, role: 'reviewer' }]);
    elsewhere = await createOperator(app, [{ site: 'xuhui', role: 'site_admin' }]);
    learners = await createLearners(db, 5);
    // Their accounts' names are phone numbers, as the account center gives them.
    for (const [index, who] of learners.entries()) {
      who.username = `1391234000${index}`;
      await db
        .updateTable('users')
        .set({ username: who.username, nickname: `学员${'甲乙丙丁戊'[index]}` })
        .where('id', '=', who.id)
        .execute();
    }
    classId = await createClass(db, {
      title: '智能手机入门班',
      capacity: 10,
      formFields: FULL_FIELDS,
    });
    activityId = await createActivity(db, { kind: '特色活动', title: '剪纸作品展' });
    slot = await createBaseSlot(db, { capacity: 20, maxParty: 5 });
    walk = await createWalk(db, { capacity: 10 });
    const channel = await createLiveChannel(db, { siteKey: SITE });
    liveId = await createLiveSession(db, {
      site_key: SITE,
      channel_id: channel,
      starts_at: Date.now() + 24 * HOUR,
      ends_at: Date.now() + 26 * HOUR,
    });

    for (const index of [0, 1, 2]) {
      const form = {
        ...FULL_FORM,
        name: `学员${index}`,
        remark: index === 2 ? '=HYPERLINK("x")' : '',
      };
      const signed = await learnerCall(learner(index), '/api/classes/signup', { classId, form });
      expect(signed.code, signed.message).toBe(0);
    }
    const withFiles = multipart(
      { activityId: String(activityId), form: JSON.stringify(FULL_FORM) },
      [
        {
          field: 'files',
          name: '我的剪纸.pdf',
          content: sampleFiles.pdf(),
          type: 'application/pdf',
        },
      ],
    );
    const applied = await app.inject({
      method: 'POST',
      url: '/api/activities/apply-with-files',
      headers: {
        ...withFiles.headers,
        'x-site': SITE,
        authorization: `Bearer ${learner(0).token}`,
      },
      payload: withFiles.payload,
    });
    expect(body(applied).code, body(applied).message).toBe(0);
    const booked = await learnerCall(learner(1), '/api/bases/book', {
      slotId: slot.slotId,
      partySize: 3,
      contactName: '张阿姨',
      contactPhone: '13700000001',
    });
    expect(booked.code, booked.message).toBe(0);
    const walked = await learnerCall(learner(2), '/api/walks/signup', {
      sessionId: walk.sessionId,
    });
    expect(walked.code, walked.message).toBe(0);
    const reserved = await learnerCall(learner(3), '/api/live/reservations', { sessionId: liveId });
    expect(reserved.code, reserved.message).toBe(0);
  });

  describe('the items (报名名单’s first page)', () => {
    const items = (who: TestLearner, query: string, site = SITE) =>
      adminCall<Page<ParticipantItemRow>>(
        app,
        who.token,
        site,
        'GET',
        `/api/admin/participants/items?${query}`,
      );

    it('lists the site’s upcoming items of a kind with their seats, found by title', async () => {
      const classes = await items(editor, 'kind=class&size=50');
      expect(classes.code, classes.message).toBe(0);
      const starts = classes.data.list.map((row) => Date.parse(row.startAt));
      expect(starts).toEqual([...starts].sort((a, b) => a - b));
      const byTitle = await items(editor, `kind=class&q=${encodeURIComponent('智能手机入门班')}`);
      const mine = byTitle.data.list.find((row) => row.id === classId);
      expect(mine).toMatchObject({ kind: 'class', title: '智能手机入门班', capacity: 10 });
      expect(mine?.seatsTaken).toBeGreaterThanOrEqual(2);
      const found = await items(editor, `kind=class&q=${encodeURIComponent('入门班')}`);
      expect(found.data.list.map((row) => row.id)).toContain(classId);
      expect(found.data.list.every((row) => row.title.includes('入门班'))).toBe(true);
      const live = await items(editor, `kind=live&q=${encodeURIComponent('测试直播')}&size=50`);
      expect(live.data.list.find((row) => row.id === liveId)).toMatchObject({ capacity: null });
      const slots = await items(
        editor,
        `kind=slot&q=${encodeURIComponent('非遗剪纸体验')}&size=50`,
      );
      expect(slots.data.list.map((row) => row.id)).toContain(slot.slotId);
      const walks = await items(editor, `kind=walk&q=${encodeURIComponent('愚园路漫步')}&size=50`);
      expect(walks.data.list.map((row) => row.id)).toContain(walk.sessionId);
    });

    it('lists ended items apart, latest first, and only to the site’s operators', async () => {
      const ended = await createClass(app.database.db, {
        title: '上学期已结业的班级',
        start_at: Date.now() - 30 * 24 * HOUR,
        end_at: Date.now() - 2 * HOUR,
      });
      const named = encodeURIComponent('上学期已结业的班级');
      const upcoming = await items(editor, `kind=class&q=${named}`);
      expect(upcoming.data.list.map((row) => row.id)).not.toContain(ended);
      const past = await items(editor, `kind=class&when=ended&q=${named}`);
      expect(past.data.list.map((row) => row.id)).toContain(ended);
      const checker = await createOperator(app, [{ site: SITE, role: 'checkin' }]);
      expect((await items(checker, 'kind=activity')).code).toBe(0);
      const other = await items(
        elsewhere,
        `kind=class&q=${encodeURIComponent('智能手机入门班')}`,
        'xuhui',
      );
      expect(other.code, other.message).toBe(0);
      expect(other.data.list.map((row) => row.id)).not.toContain(classId);
      expect((await items(learner(4), 'kind=class')).code).toBe(ErrorCode.forbidden);
      const bad = await items(editor, 'kind=class&when=soon');
      expect(bad.code).toBe(ErrorCode.invalid);
      expect(bad.message).toContain('请选择未结束或已结束');
    });
  });

  describe('the list', () => {
    it('shows a class’s participants with their answers in the form’s order, latest first', async () => {
      const page = await list(admin, `kind=class&id=${classId}`);
      expect(page.code, page.message).toBe(0);
      expect(page.data.item).toMatchObject({
        kind: 'class',
        id: classId,
        title: '智能手机入门班',
        capacity: 10,
        seatsTaken: 3,
        editPath: `/classes/edit?id=${classId}`,
      });
      expect(page.data.item.fields.map((field) => field.label)).toEqual(
        FULL_FIELDS.map((field) => field.label),
      );
      expect(page.data.total).toBe(3);
      expect(page.data.list.map((row) => row.nickname)).toEqual(['学员丙', '学员乙', '学员甲']);
      const first = page.data.list[2];
      expect(first).toMatchObject({
        userId: learner(0).id,
        status: 'active',
        phone: '13912340000',
      });
      expect(first?.answers).toEqual([
        { key: 'name', value: '学员0' },
        { key: 'phone', value: '13800000001' },
        { key: 'age', value: '66' },
        { key: 'street', value: '江宁路街道' },
        // A multi field's choices, in the order the form offers them.
        { key: 'topics', value: '健康养生、智能生活' },
        { key: 'remark', value: '' },
      ]);
      expect(page.data.phonesMasked).toBe(false);
      expect(page.data.canCancel).toBe(true);
    });

    it('masks phone numbers, the form’s included, for an editor, who cannot cancel', async () => {
      const page = await list(editor, `kind=class&id=${classId}`);
      expect(page.data.phonesMasked).toBe(true);
      expect(page.data.canCancel).toBe(false);
      const row = page.data.list.find((entry) => entry.userId === learner(0).id);
      expect(row?.phone).toBe('139****0000');
      expect(row?.answers.find((answer) => answer.key === 'phone')?.value).toBe('138****0001');
    });

    it('finds participants by nickname or digits of their phone, and by status', async () => {
      const byName = await list(
        admin,
        `kind=class&id=${classId}&q=${encodeURIComponent('学员乙')}`,
      );
      expect(byName.data.list.map((row) => row.userId)).toEqual([learner(1).id]);
      const byPhone = await list(admin, `kind=class&id=${classId}&q=40002`);
      expect(byPhone.data.list.map((row) => row.userId)).toEqual([learner(2).id]);
      const none = await list(admin, `kind=class&id=${classId}&status=cancelled`);
      expect(none.data).toMatchObject({ total: 0, list: [] });
      const paged = await list(admin, `kind=class&id=${classId}&page=2&size=2`);
      expect(paged.data).toMatchObject({ total: 3, page: 2 });
      expect(paged.data.list).toHaveLength(1);
    });

    it('lists an activity’s applicants with their attachments, which the site’s operators open', async () => {
      const page = await list(reviewer, `kind=activity&id=${activityId}`);
      expect(page.data.item.kind).toBe('activity');
      const [row] = page.data.list;
      expect(row?.attachments).toHaveLength(1);
      expect(row?.attachments[0]).toMatchObject({ name: '我的剪纸.pdf', mime: 'application/pdf' });
      const id = row?.attachments[0]?.id ?? 0;
      const file = await app.inject({
        method: 'GET',
        url: `/api/admin/participants/attachment?id=${id}`,
        headers: { 'x-site': SITE, authorization: `Bearer ${reviewer.token}` },
      });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(file.headers['content-disposition']).toContain(encodeURIComponent('我的剪纸.pdf'));
      // Another site's operator is not told it exists.
      const other = await app.inject({
        method: 'GET',
        url: `/api/admin/participants/attachment?id=${id}`,
        headers: { 'x-site': 'xuhui', authorization: `Bearer ${elsewhere.token}` },
      });
      expect(body(other)).toMatchObject({ code: ErrorCode.notFound, message: '附件不存在' });
      expect(other.headers['content-disposition']).toBeUndefined();
    });

    it('lists a slot’s bookings with their party and contact, a walk’s and a live session’s', async () => {
      const slotPage = await list(admin, `kind=slot&id=${slot.slotId}`);
      expect(slotPage.data.item).toMatchObject({
        seatsTaken: 3,
        editPath: `/programmes/edit?id=${slot.programmeId}`,
      });
      expect(slotPage.data.list[0]).toMatchObject({
        partySize: 3,
        contact: { name: '张阿姨', phone: '13700000001' },
      });
      const masked = await list(editor, `kind=slot&id=${slot.slotId}`);
      expect(masked.data.list[0]?.contact?.phone).toBe('137****0001');
      const walkPage = await list(admin, `kind=walk&id=${walk.sessionId}`);
      expect(walkPage.data.item.editPath).toBe(`/walks/edit?id=${walk.walkId}`);
      expect(walkPage.data.list.map((row) => row.userId)).toEqual([learner(2).id]);
      const livePage = await list(admin, `kind=live&id=${liveId}`);
      expect(livePage.data.item).toMatchObject({ capacity: null, seatsTaken: 1 });
      expect(livePage.data.list.map((row) => row.userId)).toEqual([learner(3).id]);
    });

    it('refuses another site’s item, a learner and a bad query, each in Chinese', async () => {
      const other = await adminCall(
        app,
        elsewhere.token,
        'xuhui',
        'GET',
        `/api/admin/participants?kind=class&id=${classId}`,
      );
      expect(other).toMatchObject({ code: ErrorCode.notFound, message: '班级不存在' });
      const plain = await adminCall(
        app,
        learner(4).token,
        SITE,
        'GET',
        `/api/admin/participants?kind=class&id=${classId}`,
      );
      expect(plain.code).toBe(ErrorCode.forbidden);
      const badKind = await list(admin, `kind=course&id=${classId}`);
      expect(badKind.code).toBe(ErrorCode.invalid);
      expect(badKind.message).toContain('请指定班级、活动、参观时段、行走场次或直播');
    });
  });

  describe('the export', () => {
    it('is an Excel file with the form’s fields as columns, phones masked as on the list', async () => {
      const response = await exportFile(editor, `kind=class&id=${classId}&format=xlsx`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('spreadsheetml');
      expect(response.headers['content-disposition']).toContain(
        encodeURIComponent('报名名单-班级-智能手机入门班.xlsx'),
      );
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      const values = (row: number) =>
        ((sheet?.getRow(row).values as unknown[]) ?? [])
          .slice(1)
          .map((value) => String(value ?? ''));
      expect(values(1)).toEqual([
        '序号',
        '昵称',
        '账号手机',
        '状态',
        '报名时间',
        '取消时间',
        ...FULL_FIELDS.map((field) => field.label),
      ]);
      expect(sheet?.rowCount).toBe(4);
      const last = values(4);
      expect(last.slice(0, 4)).toEqual(['3', '学员甲', '139****0000', '已报名']);
      expect(last).toContain('健康养生、智能生活');
      // A learner's answer that looks like a formula stays text.
      const cell = sheet?.getRow(2).getCell(12);
      expect(cell?.type).toBe(ExcelJS.ValueType.String);
      expect(cell?.value).toBe('=HYPERLINK("x")');
    });

    it('is a CSV Excel reads as UTF-8, with formulas kept inert', async () => {
      const response = await exportFile(admin, `kind=class&id=${classId}&format=csv`);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      const text = response.rawPayload.toString('utf8');
      expect(text.startsWith('\uFEFF序号,昵称,账号手机,状态')).toBe(true);
      expect(text).toContain(',13912340000,');
      expect(text).toContain(`"'=HYPERLINK(""x"")"`);
      expect(text.split('\r\n').filter(Boolean)).toHaveLength(4);
    });

    it('refuses another site’s list in the envelope', async () => {
      const response = await exportFile(elsewhere, `kind=class&id=${classId}`, 'xuhui');
      expect(response.headers['content-type']).toContain('application/json');
      expect(body(response)).toMatchObject({ code: ErrorCode.notFound, message: '班级不存在' });
    });
  });

  describe('a cancel on a learner’s behalf', () => {
    it('frees the seat, tells the learner why and writes the audit log, once', async () => {
      const reason = '该班名额调整，已为您保留下期名额';
      const before = await tableCounts();
      const done = await as<ParticipantCancelResult>(
        reviewer,
        'POST',
        '/api/admin/participants/cancel',
        {
          kind: 'class',
          id: classId,
          userId: learner(1).id,
          reason,
        },
      );
      expect(done.code, done.message).toBe(0);
      expect(done.data).toMatchObject({ status: 'cancelled', seatsTaken: 2 });
      const page = await list(admin, `kind=class&id=${classId}&status=cancelled`);
      expect(page.data.list[0]).toMatchObject({ userId: learner(1).id, status: 'cancelled' });
      expect(page.data.list[0]?.cancelledAt).not.toBeNull();
      const [message] = await messagesOf(learner(1));
      expect(message?.title).toBe('报名已取消：「智能手机入门班」');
      expect(message?.excerpt).toContain(reason);
      const audit = await app.database.db
        .selectFrom('audit_log')
        .select(['action', 'entity', 'summary', 'actor_id'])
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(audit).toMatchObject({
        action: 'cancel',
        entity: 'participant',
        actor_id: reviewer.id,
      });
      expect(audit.summary).toContain(reason);
      const after = await tableCounts();
      expect(after.audit - before.audit).toBe(1);
      expect(after.messages - before.messages).toBe(1);

      // Again: nothing to cancel, nothing written.
      const again = await as(reviewer, 'POST', '/api/admin/participants/cancel', {
        kind: 'class',
        id: classId,
        userId: learner(1).id,
        reason,
      });
      expect(again).toMatchObject({
        code: ErrorCode.conflict,
        message: '该学员没有有效的报名，无需取消',
      });
      expect(await tableCounts()).toEqual(after);
    });

    it('cancels once however many operators and the learner cancel at the same moment', async () => {
      const db = app.database.db;
      const racing = await createClass(db, { title: '并发取消测试班', capacity: 5 });
      const [who] = await createLearners(db, 1);
      if (!who) throw new Error('no learner');
      const signed = await learnerCall(who, '/api/classes/signup', {
        classId: racing,
        form: { name: '王秀兰', phone: '13800000001' },
      });
      expect(signed.code, signed.message).toBe(0);
      const before = await tableCounts();
      const answers = await Promise.all([
        ...Array.from({ length: 8 }, () =>
          as(reviewer, 'POST', '/api/admin/participants/cancel', {
            kind: 'class',
            id: racing,
            userId: who.id,
            reason: '同时取消',
          }),
        ),
        learnerCall(who, '/api/classes/cancel', { classId: racing }),
      ]);
      expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
      const seats = await db
        .selectFrom('classes')
        .select('seats_taken')
        .where('id', '=', racing)
        .executeTakeFirstOrThrow();
      expect(Number(seats.seats_taken)).toBe(0);
      const after = await tableCounts();
      // One staff cancel wrote its message and audit entry, or the learner's own wrote neither.
      expect(after.messages - before.messages).toBe(after.audit - before.audit);
      expect(after.audit - before.audit).toBeLessThanOrEqual(1);
    });

    it('gives a booking’s party its seats back, and removes a live reservation', async () => {
      const slotDone = await as<ParticipantCancelResult>(
        reviewer,
        'POST',
        '/api/admin/participants/cancel',
        {
          kind: 'slot',
          id: slot.slotId,
          userId: learner(1).id,
          reason: '场馆临时闭馆',
        },
      );
      expect(slotDone.data.seatsTaken).toBe(0);
      const before = await tableCounts();
      const liveDone = await as<ParticipantCancelResult>(
        reviewer,
        'POST',
        '/api/admin/participants/cancel',
        {
          kind: 'live',
          id: liveId,
          userId: learner(3).id,
          reason: '直播改期',
        },
      );
      expect(liveDone.data).toMatchObject({ seatsTaken: 0, status: 'cancelled' });
      expect((await tableCounts()).reservations).toBe(before.reservations - 1);
      const [message] = await messagesOf(learner(3));
      expect(message?.excerpt).toContain('直播改期');
    });

    it('is refused for a learner at the door, an ended item, an editor and a short reason', async () => {
      await app.database.db
        .updateTable('activity_applications')
        .set({ checked_in_at: Date.now() })
        .where('activity_id', '=', activityId)
        .execute();
      const before = await tableCounts();
      const atDoor = await as(reviewer, 'POST', '/api/admin/participants/cancel', {
        kind: 'activity',
        id: activityId,
        userId: learner(0).id,
        reason: '重复报名',
      });
      expect(atDoor).toMatchObject({
        code: ErrorCode.conflict,
        message: '该学员已签到，不能取消报名',
      });
      const ended = await createClass(app.database.db, {
        title: '已结业的班级',
        start_at: Date.now() - 10 * 24 * HOUR,
        end_at: Date.now() - HOUR,
      });
      const late = await as(reviewer, 'POST', '/api/admin/participants/cancel', {
        kind: 'class',
        id: ended,
        userId: learner(0).id,
        reason: '结业后取消',
      });
      expect(late).toMatchObject({
        code: ErrorCode.conflict,
        message: '该班级已结束，不能再取消报名',
      });
      const byEditor = await as(editor, 'POST', '/api/admin/participants/cancel', {
        kind: 'class',
        id: classId,
        userId: learner(0).id,
        reason: '编辑无权取消',
      });
      expect(byEditor.code).toBe(ErrorCode.forbidden);
      const short = await as(reviewer, 'POST', '/api/admin/participants/cancel', {
        kind: 'class',
        id: classId,
        userId: learner(0).id,
        reason: ' 无 ',
      });
      expect(short).toMatchObject({ code: ErrorCode.invalid });
      expect(short.message).toContain('请写明取消的原因（至少 2 个字）');
      expect(await tableCounts()).toEqual(before);
    });
  });
});
