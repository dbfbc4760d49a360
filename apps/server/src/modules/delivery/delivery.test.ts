import type {
  DeliveryRequestCard,
  DeliveryRequestDetail,
  DeliveryResourceCard,
  DeliveryResourceDetail,
  Page,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { getAs, postAs } from '../../testing/account-factory.ts';
import { createLearners, type TestLearner } from '../../testing/class-factory.ts';
import {
  createDeliveryResource,
  dayFromToday,
  makeDeliveryStaff,
  requestBody,
} from '../../testing/delivery-factory.ts';
import { describeEachEngine } from '../../testing/test-app.ts';

type App = FastifyInstance;

const submit = (app: App, token: string | null, payload: Record<string, unknown>) =>
  postAs<DeliveryRequestDetail>(app, token, '/api/delivery/requests', payload);
const decide = (app: App, token: string, payload: Record<string, unknown>) =>
  postAs<DeliveryRequestDetail>(app, token, '/api/delivery/staff/decide', payload);
const detailOf = (app: App, token: string, id: number) =>
  getAs<DeliveryRequestDetail>(app, token, `/api/delivery/requests/detail?id=${id}`);

async function countRows(app: App) {
  const { db } = app.database;
  const [requests, history, messages] = await Promise.all(
    (['delivery_requests', 'delivery_request_history', 'messages'] as const).map((table) =>
      db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow(),
    ),
  );
  return {
    requests: Number(requests?.n),
    history: Number(history?.n),
    messages: Number(messages?.n),
  };
}

async function deliveryMessagesOf(app: App, userId: number, requestId: number) {
  return app.database.db
    .selectFrom('messages')
    .select(['kind', 'title', 'body', 'link_type', 'link_id'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'delivery')
    .where('link_id', '=', requestId)
    .orderBy('id')
    .execute();
}

describeEachEngine('delivery API', (ctx) => {
  let learners: TestLearner[];
  let resourceId: number;
  const learner = (n: number) => learners[n] as TestLearner;
  const staff = () => learner(9);

  beforeAll(async () => {
    const { db } = ctx().app.database;
    learners = await createLearners(db, 10);
    await makeDeliveryStaff(db, staff().id);
    resourceId = await createDeliveryResource(db, {
      intro: '<p>健康讲座</p><script>alert(1)</script><img src=x onerror="alert(2)">',
    });
  });

  describe('the catalogue', () => {
    it('lists published resources by kind and shows one with its needs, sanitized', async () => {
      const { app } = ctx();
      const { db } = app.database;
      const kit = await createDeliveryResource(db, { kind: 'kit', title: '手工套件甲' });
      const hidden = await createDeliveryResource(db, { kind: 'kit', published: 0 });
      const kits = await getAs<Page<DeliveryResourceCard>>(
        app,
        null,
        '/api/delivery/resources?kind=kit&size=50',
      );
      expect(kits.code).toBe(0);
      const ids = kits.data.list.map((item) => item.id);
      expect(ids).toContain(kit);
      expect(ids).not.toContain(hidden);
      expect(kits.data.list.every((item) => item.kind === 'kit')).toBe(true);

      const detail = await getAs<DeliveryResourceDetail>(
        app,
        null,
        `/api/delivery/resources/detail?id=${resourceId}`,
      );
      expect(detail.data).toMatchObject({
        kind: 'lecturer',
        lecturerName: '张医生',
        audienceMin: 10,
        audienceMax: 100,
        leadDays: 7,
        room: '可容纳 100 人的活动室',
        earliestDate: dayFromToday(7),
      });
      expect(detail.data.intro).toContain('健康讲座');
      expect(detail.data.intro).not.toMatch(/script|onerror/);
      expect(await getAs(app, null, `/api/delivery/resources/detail?id=${hidden}`)).toMatchObject({
        code: 404,
        message: '配送资源不存在',
      });
    });
  });

  describe('a request through every state', () => {
    it('goes submitted → accepted → scheduled → completed → rated, each change in the history and sent as a message', async () => {
      const { app } = ctx();
      const me = learner(0);
      const created = await submit(app, me.token, requestBody(resourceId));
      expect(created.code).toBe(0);
      const id = created.data.id;
      expect(created.data).toMatchObject({ status: 'submitted', mine: true, staff: false });
      expect(created.data.history.map((item) => item.status)).toEqual(['submitted']);

      // The requester sees it first in 我的申请.
      const mine = await getAs<Page<DeliveryRequestCard>>(
        app,
        me.token,
        '/api/delivery/requests/mine',
      );
      expect(mine.data.list[0]).toMatchObject({ id, status: 'submitted' });

      // Staff see it to handle.
      const queue = await getAs<Page<DeliveryRequestCard>>(
        app,
        staff().token,
        '/api/delivery/staff/requests?status=submitted&size=50',
      );
      expect(queue.data.list.map((item) => item.id)).toContain(id);

      expect(
        (await decide(app, staff().token, { requestId: id, action: 'accept' })).data.status,
      ).toBe('accepted');
      const when = `${dayFromToday(14)} 09:30`;
      const scheduled = await decide(app, staff().token, {
        requestId: id,
        action: 'schedule',
        scheduledAt: when,
        place: '共和新路 100 号三楼多功能厅',
      });
      expect(scheduled.data).toMatchObject({
        status: 'scheduled',
        scheduledPlace: '共和新路 100 号三楼多功能厅',
      });
      expect(Date.parse(scheduled.data.scheduledAt ?? '')).toBe(
        Date.parse(`${dayFromToday(14)}T09:30:00+08:00`),
      );
      // Rating before completion is refused.
      expect(
        await postAs(app, me.token, '/api/delivery/requests/rate', { requestId: id, stars: 5 }),
      ).toMatchObject({ code: 409, message: '配送完成后才能评价' });

      await decide(app, staff().token, { requestId: id, action: 'complete' });
      const rated = await postAs<DeliveryRequestDetail>(
        app,
        me.token,
        '/api/delivery/requests/rate',
        {
          requestId: id,
          stars: 5,
          comment: '讲得很好，居民都爱听',
        },
      );
      expect(rated.data).toMatchObject({
        status: 'completed',
        rating: 5,
        ratingComment: '讲得很好，居民都爱听',
      });
      expect(
        await postAs(app, me.token, '/api/delivery/requests/rate', { requestId: id, stars: 3 }),
      ).toMatchObject({ code: 409, message: '您已评价过这次配送' });

      const seen = await detailOf(app, me.token, id);
      expect(seen.data.history.map((item) => [item.status, item.actor])).toEqual([
        ['submitted', 'requester'],
        ['accepted', 'staff'],
        ['scheduled', 'staff'],
        ['completed', 'staff'],
      ]);
      expect(seen.data.history[2]?.note).toBe(`${when}，共和新路 100 号三楼多功能厅`);
      const messages = await deliveryMessagesOf(app, me.id, id);
      expect(messages.map((message) => message.title.split('：')[0])).toEqual([
        '配送申请已提交',
        '配送申请已受理',
        '配送已排期',
        '配送已完成',
      ]);
      expect(messages.every((message) => message.link_type === 'delivery')).toBe(true);
      // The message list shows them, with a link that opens the request.
      const list = await getAs<{ list: Array<{ kind: string; link: unknown }> }>(
        app,
        me.token,
        '/api/messages?size=50',
      );
      expect(list.data.list).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ kind: 'delivery', link: { type: 'delivery', id } }),
        ]),
      );
    });

    it('goes submitted → rejected with the reason shown and sent', async () => {
      const { app } = ctx();
      const me = learner(1);
      const id = (await submit(app, me.token, requestBody(resourceId))).data.id;
      expect(await decide(app, staff().token, { requestId: id, action: 'reject' })).toMatchObject({
        code: 400,
        message: '拒绝原因：请填写',
      });
      const rejected = await decide(app, staff().token, {
        requestId: id,
        action: 'reject',
        reason: '该日期讲师已有安排',
      });
      expect(rejected.data).toMatchObject({ status: 'rejected', reason: '该日期讲师已有安排' });
      const messages = await deliveryMessagesOf(app, me.id, id);
      expect(messages.at(-1)?.body).toContain('原因：该日期讲师已有安排');
      expect(await decide(app, staff().token, { requestId: id, action: 'accept' })).toMatchObject({
        code: 409,
        message: '该申请已拒绝，不能受理',
      });
    });

    it('goes submitted → withdrawn by the requester, and refuses to withdraw a scheduled one', async () => {
      const { app } = ctx();
      const me = learner(2);
      const id = (await submit(app, me.token, requestBody(resourceId))).data.id;
      const withdrawn = await postAs<DeliveryRequestDetail>(
        app,
        me.token,
        '/api/delivery/requests/withdraw',
        {
          requestId: id,
        },
      );
      expect(withdrawn.data.status).toBe('withdrawn');
      expect((await deliveryMessagesOf(app, me.id, id)).at(-1)?.title).toContain('已撤回');

      const other = (await submit(app, me.token, requestBody(resourceId))).data.id;
      await decide(app, staff().token, { requestId: other, action: 'accept' });
      await decide(app, staff().token, {
        requestId: other,
        action: 'schedule',
        scheduledAt: `${dayFromToday(14)} 14:00`,
      });
      const before = await countRows(app);
      expect(
        await postAs(app, me.token, '/api/delivery/requests/withdraw', { requestId: other }),
      ).toMatchObject({ code: 409, message: '已排期的申请不能撤回，如需取消请联系工作人员' });
      expect(await countRows(app)).toEqual(before);
      expect((await detailOf(app, me.token, other)).data.status).toBe('scheduled');
      // Scheduled without a place: the requested address.
      expect((await detailOf(app, me.token, other)).data.scheduledPlace).toBe(
        requestBody(resourceId).address,
      );
    });
  });

  describe('refusals, nothing written', () => {
    it('refuses bad input with a Chinese message naming the field', async () => {
      const { app } = ctx();
      const { db } = app.database;
      const me = learner(3);
      const tight = await createDeliveryResource(db, {
        leadDays: 10,
        audienceMin: 20,
        audienceMax: 50,
      });
      const hidden = await createDeliveryResource(db, { published: 0 });
      const before = await countRows(app);
      const cases: Array<[Record<string, unknown>, number, string | RegExp]> = [
        [
          requestBody(tight, { date: dayFromToday(3) }),
          400,
          `日期：须至少提前 10 天预约，最早可选 ${dayFromToday(10)}`,
        ],
        [requestBody(tight, { date: dayFromToday(-1) }), 400, '日期：不能选择已经过去的日期'],
        [requestBody(tight, { date: '2026-02-30' }), 400, /^日期：/],
        [requestBody(tight, { date: '下周三' }), 400, /^日期：/],
        [requestBody(tight, { audience: 10 }), 400, '人数：须在 20 到 50 人之间'],
        [requestBody(tight, { audience: 51 }), 400, '人数：须在 20 到 50 人之间'],
        [requestBody(tight, { organisation: '  ' }), 400, '单位名称：请填写'],
        [requestBody(tight, { organisation: undefined }), 400, '缺少单位名称'],
        [requestBody(tight, { contactName: '' }), 400, '联系人：请填写'],
        [requestBody(tight, { contactPhone: '' }), 400, '联系电话：请填写 11 位手机号'],
        [requestBody(tight, { contactPhone: '1234567' }), 400, '联系电话：请填写 11 位手机号'],
        [requestBody(tight, { address: '' }), 400, '地点：请填写'],
        [requestBody(99_999_999), 404, '配送资源不存在'],
        [requestBody(hidden), 404, '配送资源不存在'],
      ];
      for (const [payload, code, message] of cases) {
        const answer = await submit(app, me.token, payload);
        expect(answer.code, JSON.stringify(payload)).toBe(code);
        expect(answer.message).toMatch(message);
      }
      expect(await submit(app, null, requestBody(tight))).toMatchObject({ code: 301 });
      expect(await countRows(app)).toEqual(before);
      // The earliest date is accepted.
      expect(
        (await submit(app, me.token, requestBody(tight, { date: dayFromToday(10) }))).code,
      ).toBe(0);
    });

    it('answers 403 无权操作 to a requester or any learner changing a status, and writes nothing', async () => {
      const { app } = ctx();
      const me = learner(4);
      const id = (await submit(app, me.token, requestBody(resourceId))).data.id;
      const before = await countRows(app);
      for (const action of ['accept', 'schedule', 'complete', 'reject']) {
        expect(
          await decide(app, me.token, {
            requestId: id,
            action,
            scheduledAt: `${dayFromToday(14)} 09:00`,
            reason: '不要',
          }),
        ).toMatchObject({ code: 403, message: '无权操作' });
        expect(await decide(app, learner(5).token, { requestId: id, action })).toMatchObject({
          code: 403,
        });
      }
      expect(
        await getAs(app, me.token, '/api/delivery/staff/requests?status=submitted'),
      ).toMatchObject({ code: 403, message: '无权操作' });
      expect(await countRows(app)).toEqual(before);
      expect((await detailOf(app, me.token, id)).data.status).toBe('submitted');
      expect(
        (await getAs<{ staff: boolean }>(app, me.token, '/api/delivery/staff/role')).data,
      ).toEqual({
        staff: false,
      });
      expect(
        (await getAs<{ staff: boolean }>(app, staff().token, '/api/delivery/staff/role')).data,
      ).toEqual({ staff: true });
    });

    it("never shows or changes someone else's request", async () => {
      const { app } = ctx();
      const id = (await submit(app, learner(6).token, requestBody(resourceId))).data.id;
      const intruder = learner(7).token;
      const before = await countRows(app);
      const seen = await detailOf(app, intruder, id);
      expect(seen).toMatchObject({ code: 404, message: '配送申请不存在', data: null });
      expect(
        await postAs(app, intruder, '/api/delivery/requests/withdraw', { requestId: id }),
      ).toMatchObject({ code: 404, message: '配送申请不存在' });
      expect(
        await postAs(app, intruder, '/api/delivery/requests/rate', { requestId: id, stars: 1 }),
      ).toMatchObject({ code: 404 });
      const theirs = await getAs<Page<DeliveryRequestCard>>(
        app,
        intruder,
        '/api/delivery/requests/mine',
      );
      expect(theirs.data.list.map((item) => item.id)).not.toContain(id);
      expect(await countRows(app)).toEqual(before);
      // Staff of the site may open it.
      expect((await detailOf(app, staff().token, id)).data).toMatchObject({
        staff: true,
        mine: false,
      });
    });

    it('refuses a schedule without a time or in the past, and a rating out of range', async () => {
      const { app } = ctx();
      const me = learner(8);
      const id = (await submit(app, me.token, requestBody(resourceId))).data.id;
      await decide(app, staff().token, { requestId: id, action: 'accept' });
      const before = await countRows(app);
      expect(await decide(app, staff().token, { requestId: id, action: 'schedule' })).toMatchObject(
        {
          code: 400,
          message: '排期时间：请填写',
        },
      );
      expect(
        await decide(app, staff().token, {
          requestId: id,
          action: 'schedule',
          scheduledAt: `${dayFromToday(-2)} 09:00`,
        }),
      ).toMatchObject({ code: 400, message: '排期时间：不能早于现在' });
      expect(await decide(app, staff().token, { requestId: id, action: 'complete' })).toMatchObject(
        { code: 409, message: '该申请已受理，不能标记完成' },
      );
      expect(
        await postAs(app, me.token, '/api/delivery/requests/rate', { requestId: id, stars: 6 }),
      ).toMatchObject({ code: 400, message: '评分：请选择 1 到 5 星' });
      expect(await countRows(app)).toEqual(before);
    });
  });
});
