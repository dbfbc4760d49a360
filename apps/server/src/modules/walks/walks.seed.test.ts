import type {
  BaseCard,
  BaseDetail,
  Page,
  SearchResult,
  WalkCard,
  WalkDetail,
} from '@portal/contract';
import { expect, it } from 'vitest';
import { getAs } from '../../testing/account-factory.ts';
import { describeEachEngine, loginAs } from '../../testing/test-app.ts';

describeEachEngine('demo experience bases and walks', (ctx) => {
  it('seeds 8 bases in 静安 with 1 to 3 programmes, open, full and past slots', async () => {
    const { app } = ctx();
    const list = await getAs<Page<BaseCard>>(app, null, '/api/bases?size=50');
    expect(list.data.total).toBe(8);
    const { db } = app.database;
    const places = await db
      .selectFrom('map_places')
      .select(['lat', 'lng', 'phone', 'hours'])
      .where('category', '=', 'base')
      .execute();
    for (const place of places) {
      expect(place.lat).toBeGreaterThanOrEqual(31.215);
      expect(place.lat).toBeLessThanOrEqual(31.305);
      expect(place.lng).toBeGreaterThanOrEqual(121.425);
      expect(place.lng).toBeLessThanOrEqual(121.48);
      expect(place.phone).not.toBe('');
    }
    for (const base of list.data.list) {
      expect(base.programmeCount).toBeGreaterThanOrEqual(1);
      expect(base.programmeCount).toBeLessThanOrEqual(3);
      expect(base.nextSlot).not.toBeNull();
      const detail = await getAs<BaseDetail>(app, null, `/api/bases/detail?id=${base.id}`);
      expect(detail.data.hours.length).toBeGreaterThan(0);
      expect(detail.data.photos).toHaveLength(3);
    }
    const slots = await db
      .selectFrom('base_slots')
      .select(['start_at', 'seats_taken', 'capacity'])
      .execute();
    const now = Date.now();
    expect(slots.some((slot) => Number(slot.start_at) < now)).toBe(true);
    expect(
      slots.some((slot) => slot.seats_taken === slot.capacity && Number(slot.start_at) > now),
    ).toBe(true);
    const photo = await app.inject({ url: list.data.list[0]?.cover ?? '' });
    expect(photo.statusCode).toBe(200);
  });

  it('seeds 5 walks of 4 to 8 stops; the demo learner is part way along the first', async () => {
    const { app } = ctx();
    const token = await loginAs(app);
    const list = await getAs<Page<WalkCard>>(app, token, '/api/walks?size=50');
    expect(list.data.total).toBe(5);
    for (const walk of list.data.list) {
      expect(walk.stopCount).toBeGreaterThanOrEqual(4);
      expect(walk.stopCount).toBeLessThanOrEqual(8);
    }
    const first = list.data.list[0] as WalkCard;
    expect(first.progress).toMatchObject({ done: 2, completed: false });
    const detail = await getAs<WalkDetail>(app, token, `/api/walks/detail?id=${first.id}`);
    expect(detail.data.stops[0]?.name).toBe('静安寺');
    expect(detail.data.sessions.length).toBeGreaterThan(0);
    const bookings = await getAs<Page<unknown>>(app, token, '/api/bases/bookings?when=upcoming');
    expect(bookings.data.total).toBe(1);
  });

  it('finds a walk by the name of a stop it passes', async () => {
    const { app } = ctx();
    const token = await loginAs(app);
    const found = await getAs<Page<SearchResult>>(
      app,
      token,
      `/api/search?q=${encodeURIComponent('四行仓库')}&type=walk`,
    );
    expect(found.code).toBe(0);
    expect(found.data.list.map((hit) => hit.title)).toEqual(['苏州河：从仓库到滨水长廊']);
    expect(found.data.list[0]?.subtitle).toMatch(/^人文行走 · 全程/);
  });
});
