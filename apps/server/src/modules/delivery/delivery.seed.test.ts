import type {
  DeliveryRequestCard,
  DeliveryRequestDetail,
  DeliveryResourceCard,
  DeliveryRole,
  Page,
} from '@portal/contract';
import { DELIVERY_KINDS, DELIVERY_STATUSES } from '@portal/contract';
import { expect, it } from 'vitest';
import { getAs } from '../../testing/account-factory.ts';
import { describeEachEngine, loginAs } from '../../testing/test-app.ts';

describeEachEngine('demo resource delivery', (ctx) => {
  it('seeds 20 resources of every kind with covers, and requests in every status', async () => {
    const { app } = ctx();
    const list = await getAs<Page<DeliveryResourceCard>>(
      app,
      null,
      '/api/delivery/resources?size=50',
    );
    expect(list.data.total).toBe(20);
    expect(new Set(list.data.list.map((item) => item.kind))).toEqual(new Set(DELIVERY_KINDS));
    const cover = await app.inject({ url: list.data.list[0]?.cover ?? '' });
    expect(cover.statusCode).toBe(200);

    const staff = await loginAs(app, '13800000008');
    expect((await getAs<DeliveryRole>(app, staff, '/api/delivery/staff/role')).data.staff).toBe(
      true,
    );
    for (const status of DELIVERY_STATUSES) {
      const page = await getAs<Page<DeliveryRequestCard>>(
        app,
        staff,
        `/api/delivery/staff/requests?status=${status}`,
      );
      expect(page.data.total, status).toBeGreaterThan(0);
    }
  });

  it('gives the demo learner a request in each status, with its history', async () => {
    const { app } = ctx();
    const token = await loginAs(app);
    const mine = await getAs<Page<DeliveryRequestCard>>(app, token, '/api/delivery/requests/mine');
    expect(new Set(mine.data.list.map((item) => item.status))).toEqual(new Set(DELIVERY_STATUSES));
    const scheduled = mine.data.list.find((item) => item.status === 'scheduled');
    const detail = await getAs<DeliveryRequestDetail>(
      app,
      token,
      `/api/delivery/requests/detail?id=${scheduled?.id}`,
    );
    expect(detail.data.history.map((item) => item.status)).toEqual([
      'submitted',
      'accepted',
      'scheduled',
    ]);
    expect(detail.data.scheduledAt).not.toBeNull();
  });
});
