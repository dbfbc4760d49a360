import {
  type CampaignAudiencePreview,
  type CampaignPage,
  type CampaignRow,
  ErrorCode,
  type MessageDetail,
  type MessageSummary,
  type Page,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { getAs, postAs } from '../../testing/account-factory.ts';
import { createClass, createLearners, type TestLearner } from '../../testing/class-factory.ts';
import { adminCall, createOperator } from '../../testing/operator-factory.ts';
import { addTeamMember, createTeam } from '../../testing/team-factory.ts';
import { describeEachEngine } from '../../testing/test-app.ts';
import { MessageDeskMessages } from './message-desk.service.ts';

/*
 * The message desk (群发消息) on both engines: a notice to a class's participants sent through the
 * job queue and read on the phone, with its counts; a notice to the whole site as one row; a team
 * and the inactive; a notice at a time, cancelled before it goes; each learner's copy once
 * however often it is sent; and every refusal in Chinese with nothing written.
 */

const SITE = 'jingan';
const DAY = 86_400_000;

describeEachEngine('the message desk (群发消息)', (ctx) => {
  let app: FastifyInstance;
  let editor: TestLearner;
  let reviewer: TestLearner;
  let elsewhere: TestLearner;
  let learners: TestLearner[];
  let classId: number;

  const call = <T>(method: 'GET' | 'POST', url: string, payload?: unknown, who = editor) =>
    adminCall<T>(app, who.token, SITE, method, url, payload);
  const compose = (audience: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    call<CampaignRow>('POST', '/api/admin/messages', {
      title: '停课通知',
      body: '因台风预警，本周六的课程暂停一次，补课时间另行通知。',
      audience,
      ...extra,
    });
  const detail = async (id: number) =>
    (await call<CampaignRow>('GET', `/api/admin/messages/detail?id=${id}`)).data;
  const inbox = async (who: TestLearner) =>
    (await getAs<Page<MessageSummary>>(app, who.token, '/api/messages?page=1&size=50')).data.list;
  const campaigns = async () =>
    Number(
      (
        await app.database.db
          .selectFrom('message_campaigns')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    app = ctx().app;
    const db = app.database.db;
    editor = await createOperator(app, [{ site: SITE, role: 'editor' }]);
    reviewer = await createOperator(app, [{ site: SITE, role: 'reviewer' }]);
    elsewhere = await createOperator(app, [{ site: 'xuhui', role: 'site_admin' }]);
    learners = await createLearners(db, 4);
    classId = await createClass(db, { title: '书法入门班', capacity: 10, formFields: [] });
    for (const who of learners.slice(0, 3)) {
      const signed = await postAs(app, who.token, '/api/classes/signup', { classId, form: {} });
      expect(signed.code, signed.message).toBe(0);
    }
    // The third cancels: no longer a participant, not written to.
    expect(
      (await postAs(app, learners[2]?.token ?? '', '/api/classes/cancel', { classId })).code,
    ).toBe(0);
  });

  describe('a notice to the participants of a class', () => {
    it('says who it would reach, goes out through the job queue, and counts who read it', async () => {
      const preview = await call<CampaignAudiencePreview>(
        'GET',
        `/api/admin/messages/audience?type=item&kind=class&id=${classId}`,
      );
      expect(preview.code, preview.message).toBe(0);
      expect(preview.data).toEqual({ label: '班级「书法入门班」的报名学员', recipients: 2 });

      const written = await compose({ type: 'item', kind: 'class', id: classId });
      expect(written.code, written.message).toBe(0);
      expect(written.data).toMatchObject({ state: 'sending', recipients: null, read: null });
      await app.jobs.start();
      try {
        await expect
          .poll(async () => (await detail(written.data.id)).state, { timeout: 15_000 })
          .toBe('sent');
      } finally {
        await app.jobs.stop();
      }
      const sent = await detail(written.data.id);
      expect(sent).toMatchObject({ recipients: 2, read: 0 });
      expect(sent.sentAt).not.toBeNull();

      const [first, second, cancelled, outsider] = learners as [
        TestLearner,
        TestLearner,
        TestLearner,
        TestLearner,
      ];
      const mine = (await inbox(first)).find((message) => message.title === '停课通知');
      expect(mine).toMatchObject({ kind: 'notice', read: false });
      expect((await inbox(second)).some((message) => message.title === '停课通知')).toBe(true);
      for (const who of [cancelled, outsider]) {
        expect((await inbox(who)).some((message) => message.title === '停课通知')).toBe(false);
      }
      const opened = await getAs<MessageDetail>(
        app,
        first.token,
        `/api/messages/detail?id=${mine?.id}`,
      );
      expect(opened.data.body).toContain('因台风预警');
      expect(await detail(written.data.id)).toMatchObject({ recipients: 2, read: 1, delivered: 1 });

      // Sending it again (a retried job, a second instance) writes no second copy.
      expect(await app.messageDesk.send(written.data.id)).toBeNull();
      expect((await inbox(second)).filter((message) => message.title === '停课通知')).toHaveLength(
        1,
      );

      const listed = await call<CampaignPage>('GET', '/api/admin/messages?page=1&size=10');
      expect(listed.data.list[0]).toMatchObject({
        id: written.data.id,
        audience: {
          type: 'item',
          kind: 'class',
          id: classId,
          label: '班级「书法入门班」的报名学员',
        },
      });
    });
  });

  describe('the other audiences', () => {
    it('sends a notice to the whole site as one row that every learner reads', async () => {
      const before = await app.database.db
        .selectFrom('messages')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      const written = await compose({ type: 'site' }, { title: '全站通知：系统维护' });
      expect(written.code, written.message).toBe(0);
      const recipients = await app.messageDesk.send(written.data.id);
      expect(recipients).toBeGreaterThanOrEqual(learners.length);
      const after = await app.database.db
        .selectFrom('messages')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n) - Number(before.n)).toBe(1);
      const outsider = learners[3] as TestLearner;
      const notice = (await inbox(outsider)).find((m) => m.title === '全站通知：系统维护');
      expect(notice?.read).toBe(false);
      await getAs(app, outsider.token, `/api/messages/detail?id=${notice?.id}`);
      expect(await detail(written.data.id)).toMatchObject({ recipients, read: 1 });
    });

    it('writes to the members of a team, and to learners who have not come for 30 days', async () => {
      const db = app.database.db;
      const [leader, member, , idle] = learners as TestLearner[];
      const teamId = await createTeam(db, leader?.id ?? 0);
      await addTeamMember(db, teamId, member?.id ?? 0);
      const team = await compose({ type: 'team', id: teamId }, { title: '团队活动通知' });
      expect(team.code, team.message).toBe(0);
      expect(team.data.audience.label).toMatch(/^团队「.+」的成员$/);
      expect(await app.messageDesk.send(team.data.id)).toBe(2);
      expect((await inbox(member as TestLearner)).some((m) => m.title === '团队活动通知')).toBe(
        true,
      );

      await db
        .updateTable('site_learners')
        .set({ last_seen_at: Date.now() - 40 * DAY })
        .where('user_id', '=', idle?.id ?? 0)
        .execute();
      const inactive = await compose({ type: 'inactive' }, { title: '好久不见' });
      expect(inactive.code, inactive.message).toBe(0);
      await app.messageDesk.send(inactive.data.id);
      expect((await inbox(idle as TestLearner)).some((m) => m.title === '好久不见')).toBe(true);
      expect((await inbox(leader as TestLearner)).some((m) => m.title === '好久不见')).toBe(false);
    });
  });

  describe('a notice at a time', () => {
    it('waits for its time, and is cancelled before it goes, in the audit log', async () => {
      const sendAt = new Date(Date.now() + 2 * 3_600_000).toISOString();
      const written = await compose({ type: 'item', kind: 'class', id: classId }, { sendAt });
      expect(written.code, written.message).toBe(0);
      expect(written.data.state).toBe('scheduled');
      // Not due: the job sends nothing yet.
      expect(await app.messageDesk.send(written.data.id)).toBeNull();
      const cancelled = await call<CampaignRow>('POST', '/api/admin/messages/cancel', {
        id: written.data.id,
      });
      expect(cancelled.code, cancelled.message).toBe(0);
      expect(cancelled.data.state).toBe('cancelled');
      const again = await call('POST', '/api/admin/messages/cancel', { id: written.data.id });
      expect(again.code).toBe(ErrorCode.conflict);
      expect(again.message).toBe(MessageDeskMessages.notScheduled);
      // Due now, but cancelled: nothing goes out.
      await app.database.db
        .updateTable('message_campaigns')
        .set({ send_at: Date.now() - 1000 })
        .where('id', '=', written.data.id)
        .execute();
      expect(await app.messageDesk.send(written.data.id)).toBeNull();
      const actions = await app.database.db
        .selectFrom('audit_log')
        .select('action')
        .where('entity', '=', 'campaign')
        .where('entity_id', '=', written.data.id)
        .orderBy('id')
        .execute();
      expect(actions.map((row) => row.action)).toEqual(['schedule', 'unschedule']);
    });
  });

  describe('refusals', () => {
    it('answers bad notices in Chinese and writes nothing', async () => {
      const before = await campaigns();
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ title: '', body: '正文内容', audience: { type: 'site' } }, '标题至少 2 个字'],
        [{ title: '通知', body: '正文内容', audience: { type: 'item' } }, '请选择要通知哪个项目'],
        [{ title: '通知', body: '正文内容', audience: { type: 'everyone' } }, '请选择发送对象'],
        [
          {
            title: '通知',
            body: '正文内容',
            audience: { type: 'site' },
            sendAt: new Date(Date.now() + 10_000).toISOString(),
          },
          MessageDeskMessages.tooSoon,
        ],
        [
          {
            title: '通知',
            body: '正文内容',
            audience: { type: 'site' },
            sendAt: new Date(Date.now() + 100 * DAY).toISOString(),
          },
          MessageDeskMessages.tooLate,
        ],
      ];
      for (const [payload, message] of cases) {
        const refused = await call('POST', '/api/admin/messages', payload);
        expect(refused.code, JSON.stringify(payload)).toBe(ErrorCode.invalid);
        expect(refused.message).toContain(message);
      }
      // A class nobody signed up for: nobody to write to.
      const empty = await createClass(app.database.db, { title: '空班', formFields: [] });
      const nobody = await compose({ type: 'item', kind: 'class', id: empty });
      expect(nobody.code).toBe(ErrorCode.conflict);
      expect(nobody.message).toBe(MessageDeskMessages.nobody);
      // Another site's class is not there; a reviewer does not write to learners.
      const foreign = await adminCall(
        app,
        elsewhere.token,
        'xuhui',
        'POST',
        '/api/admin/messages',
        {
          title: '通知',
          body: '正文内容',
          audience: { type: 'item', kind: 'class', id: classId },
        },
      );
      expect(foreign.code).toBe(ErrorCode.notFound);
      const refused = await call(
        'POST',
        '/api/admin/messages',
        { title: '通知', body: '正文内容', audience: { type: 'site' } },
        reviewer,
      );
      expect(refused.code).toBe(ErrorCode.forbidden);
      expect(await campaigns()).toBe(before);
    });
  });
});
