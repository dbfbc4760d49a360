import type { DeliveryRequestDetail } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { postAs } from '../../testing/account-factory.ts';
import { createLearners } from '../../testing/class-factory.ts';
import {
  createDeliveryResource,
  makeDeliveryStaff,
  requestBody,
} from '../../testing/delivery-factory.ts';
import { describeEachEngine } from '../../testing/test-app.ts';

/** How many answers had each `code message`. */
function tally(answers: Array<{ code: number; message: string }>) {
  const counts: Record<string, number> = {};
  for (const { code, message } of answers) {
    const key = `${code} ${message}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

async function historyOf(app: FastifyInstance, requestId: number) {
  const rows = await app.database.db
    .selectFrom('delivery_request_history')
    .select('status')
    .where('request_id', '=', requestId)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.status);
}

async function messageCount(app: FastifyInstance, requestId: number) {
  const rows = await app.database.db
    .selectFrom('messages')
    .select('id')
    .where('kind', '=', 'delivery')
    .where('link_id', '=', requestId)
    .execute();
  return rows.length;
}

describeEachEngine('delivery requests under concurrent changes', (ctx) => {
  it('applies exactly one of two staff changing the same request at once', async () => {
    const { app } = ctx();
    const { db } = app.database;
    const [requester, first, second] = await createLearners(db, 3);
    if (!requester || !first || !second) throw new Error('no learners');
    await makeDeliveryStaff(db, first.id);
    await makeDeliveryStaff(db, second.id);
    const resourceId = await createDeliveryResource(db);
    for (let round = 0; round < 5; round += 1) {
      const created = await postAs<DeliveryRequestDetail>(
        app,
        requester.token,
        '/api/delivery/requests',
        requestBody(resourceId),
      );
      const requestId = created.data.id;
      await postAs(app, first.token, '/api/delivery/staff/decide', { requestId, action: 'accept' });
      // One schedules while the other rejects: a scheduled request cannot be rejected, nor a
      // rejected one scheduled, so exactly one of them applies.
      const answers = await Promise.all([
        postAs(app, first.token, '/api/delivery/staff/decide', {
          requestId,
          action: 'schedule',
          scheduledAt: `${requestBody(resourceId).date} 10:00`,
        }),
        postAs(app, second.token, '/api/delivery/staff/decide', {
          requestId,
          action: 'reject',
          reason: '名额已满',
        }),
      ]);
      expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
      expect(answers.filter((answer) => answer.code === 409)).toHaveLength(1);
      const history = await historyOf(app, requestId);
      expect(history).toHaveLength(3);
      expect(['scheduled', 'rejected']).toContain(history[2]);
      expect(await messageCount(app, requestId)).toBe(3);
    }
  });

  it('lets one of 20 concurrent withdraws and one of 20 concurrent accepts apply', async () => {
    const { app, engine } = ctx();
    const { db } = app.database;
    const [requester, ...staff] = await createLearners(db, 21);
    if (!requester) throw new Error('no learners');
    for (const member of staff) await makeDeliveryStaff(db, member.id);
    const resourceId = await createDeliveryResource(db);
    const create = async () =>
      (
        await postAs<DeliveryRequestDetail>(
          app,
          requester.token,
          '/api/delivery/requests',
          requestBody(resourceId),
        )
      ).data.id;

    const withdrawn = await create();
    const started = performance.now();
    const withdraws = await Promise.all(
      Array.from({ length: 20 }, () =>
        postAs(app, requester.token, '/api/delivery/requests/withdraw', { requestId: withdrawn }),
      ),
    );
    // One applies; the others see it moved (before or after their own read of the status).
    const counts = tally(withdraws);
    expect(counts['0 ']).toBe(1);
    expect(
      (counts['409 申请状态已变化，请刷新后再试'] ?? 0) +
        (counts['409 该申请已撤回，不能撤回'] ?? 0),
    ).toBe(19);
    expect(await historyOf(app, withdrawn)).toEqual(['submitted', 'withdrawn']);
    expect(await messageCount(app, withdrawn)).toBe(2);

    const accepted = await create();
    const accepts = await Promise.all(
      staff.map((member) =>
        postAs(app, member.token, '/api/delivery/staff/decide', {
          requestId: accepted,
          action: 'accept',
        }),
      ),
    );
    expect(accepts.filter((answer) => answer.code === 0)).toHaveLength(1);
    expect(accepts.filter((answer) => answer.code === 409)).toHaveLength(19);
    expect(await historyOf(app, accepted)).toEqual(['submitted', 'accepted']);
    expect(await messageCount(app, accepted)).toBe(2);

    // 20 requests, each withdrawn and accepted at once: every end is a real sequence of moves.
    const ids = await Promise.all(Array.from({ length: 20 }, create));
    await Promise.all(
      ids.flatMap((requestId, index) => [
        postAs(app, requester.token, '/api/delivery/requests/withdraw', { requestId }),
        postAs(app, staff[index]?.token ?? '', '/api/delivery/staff/decide', {
          requestId,
          action: 'accept',
        }),
      ]),
    );
    for (const requestId of ids) {
      const history = await historyOf(app, requestId);
      expect([
        ['submitted', 'withdrawn'],
        ['submitted', 'accepted'],
        ['submitted', 'accepted', 'withdrawn'],
      ]).toContainEqual(history);
      const row = await db
        .selectFrom('delivery_requests')
        .select('status')
        .where('id', '=', requestId)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe(history.at(-1));
      expect(await messageCount(app, requestId)).toBe(history.length);
    }
    console.info(
      `[${engine}] concurrent delivery changes in ${Math.round(performance.now() - started)} ms`,
    );
  });
});
