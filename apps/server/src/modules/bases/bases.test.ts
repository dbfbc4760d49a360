import { beforeAll, describe, expect, it } from 'vitest';
import { getAs, postAs } from '../../testing/account-factory.ts';
import { createLearners, type TestLearner } from '../../testing/class-factory.ts';
import { describeEachEngine } from '../../testing/test-app.ts';
import { createBaseSlot, slotSeatsOf } from '../../testing/walk-factory.ts';

const HOUR = 3_600_000;

const booking = (slotId: number, partySize = 1) => ({
  slotId,
  partySize,
  contactName: '王秀兰',
  contactPhone: '13800000001',
});

describeEachEngine('experience bases API', (ctx) => {
  let learners: TestLearner[];
  const learner = (n: number) => learners[n] as TestLearner;

  beforeAll(async () => {
    learners = await createLearners(ctx().app.database.db, 8);
  });

  async function messagesOf(userId: number) {
    const rows = await ctx()
      .app.database.db.selectFrom('messages')
      .select(['kind', 'title'])
      .where('user_id', '=', userId)
      .execute();
    return rows;
  }

  describe('GET /api/bases and /api/bases/detail', () => {
    it('lists the bases with their next open slot, and a base with its programmes and slots', async () => {
      const { app } = ctx();
      const { placeId, slotId } = await createBaseSlot(app.database.db, { capacity: 12 });
      const list = await getAs<{ total: number; list: Array<{ id: number }> }>(
        app,
        null,
        '/api/bases?page=1&size=50',
      );
      expect(list.code).toBe(0);
      expect(list.data.total).toBeGreaterThan(0);
      const detail = await getAs<{
        name: string;
        programmes: Array<{ maxParty: number; slots: Array<{ id: number; seatsLeft: number }> }>;
      }>(app, learner(0).token, `/api/bases/detail?id=${placeId}`);
      expect(detail.code).toBe(0);
      expect(detail.data.programmes[0]?.maxParty).toBe(5);
      expect(detail.data.programmes[0]?.slots).toEqual([
        expect.objectContaining({ id: slotId, seatsLeft: 12, myBookingId: null }),
      ]);
    });

    it('shows a visitor the seats left at once after a booking and a cancel, though kept', async () => {
      const { app } = ctx();
      const { placeId, slotId } = await createBaseSlot(app.database.db, { capacity: 6 });
      // Made behind the services' back: the kept answers are forgotten as a publisher's would be.
      app.publicCache.forget();
      type Card = { id: number; nextSlot: { seatsLeft: number } | null };
      const seen = async () => {
        const [list, detail] = await Promise.all([
          getAs<{ list: Card[] }>(app, null, '/api/bases?page=1&size=50'),
          getAs<{ programmes: Array<{ slots: Array<{ seatsLeft: number }> }> }>(
            app,
            null,
            `/api/bases/detail?id=${placeId}`,
          ),
        ]);
        return [
          list.data.list.find((card) => card.id === placeId)?.nextSlot?.seatsLeft,
          detail.data.programmes[0]?.slots[0]?.seatsLeft,
        ];
      };
      expect(await seen()).toEqual([6, 6]);
      // Written behind the services' back, a visitor is shown the kept answers...
      await app.database.db
        .updateTable('base_slots')
        .set({ capacity: 7 })
        .where('id', '=', slotId)
        .execute();
      expect(await seen()).toEqual([6, 6]);
      // ...while a booking and a cancel are seen at once.
      const booked = await postAs<{ id: number }>(
        app,
        learner(7).token,
        '/api/bases/book',
        booking(slotId, 2),
      );
      expect(booked.code).toBe(0);
      expect(await seen()).toEqual([5, 5]);
      const cancel = await postAs(app, learner(7).token, '/api/bases/cancel', {
        bookingId: booked.data.id,
      });
      expect(cancel.code).toBe(0);
      expect(await seen()).toEqual([7, 7]);
    });

    it('answers 404 for a place that is not a base', async () => {
      const answer = await getAs(ctx().app, null, '/api/bases/detail?id=999999');
      expect(answer).toMatchObject({ code: 404, message: '体验基地不存在' });
    });
  });

  describe('POST /api/bases/book', () => {
    it('books a party, takes as many seats, shows it in my bookings and sends a message', async () => {
      const { app } = ctx();
      const { db } = app.database;
      const { placeId, slotId } = await createBaseSlot(db, { capacity: 10 });
      const answer = await postAs<{ id: number; partySize: number; state: string }>(
        app,
        learner(0).token,
        '/api/bases/book',
        booking(slotId, 3),
      );
      expect(answer.code).toBe(0);
      expect(answer.data).toMatchObject({ partySize: 3, state: 'booked' });
      expect((await slotSeatsOf(db, slotId)).seatsTaken).toBe(3);
      const detail = await getAs<{
        programmes: Array<{ slots: Array<{ seatsLeft: number; myBookingId: number }> }>;
      }>(app, learner(0).token, `/api/bases/detail?id=${placeId}`);
      expect(detail.data.programmes[0]?.slots[0]).toMatchObject({
        seatsLeft: 7,
        myBookingId: answer.data.id,
      });
      const mine = await getAs<{ list: Array<{ id: number; cancellable: boolean }> }>(
        app,
        learner(0).token,
        '/api/bases/bookings?when=upcoming',
      );
      expect(mine.data.list).toContainEqual(
        expect.objectContaining({ id: answer.data.id, cancellable: true }),
      );
      expect(await messagesOf(learner(0).id)).toContainEqual(
        expect.objectContaining({ kind: 'signup', title: expect.stringContaining('预约成功') }),
      );
    });

    it('answers 409 名额已满 for a full slot, writing nothing', async () => {
      const { app } = ctx();
      const { db } = app.database;
      const { slotId } = await createBaseSlot(db, { capacity: 4, seatsTaken: 4 });
      const answer = await postAs(app, learner(1).token, '/api/bases/book', booking(slotId));
      expect(answer).toMatchObject({ code: 409, message: '名额已满' });
      const after = await slotSeatsOf(db, slotId);
      expect(after).toMatchObject({ seatsTaken: 4, rows: [] });
    });

    it('answers 409 for a party larger than the seats left, writing nothing', async () => {
      const { app } = ctx();
      const { db } = app.database;
      const { slotId } = await createBaseSlot(db, { capacity: 6, seatsTaken: 4 });
      const answer = await postAs(app, learner(1).token, '/api/bases/book', booking(slotId, 3));
      expect(answer).toMatchObject({ code: 409, message: '剩余名额不足，仅剩 2 个' });
      expect(await slotSeatsOf(db, slotId)).toMatchObject({ seatsTaken: 4, rows: [] });
    });

    it('answers 400 for a party larger than the programme allows, writing nothing', async () => {
      const { app } = ctx();
      const { db } = app.database;
      const { slotId } = await createBaseSlot(db, { maxParty: 4 });
      const answer = await postAs(app, learner(1).token, '/api/bases/book', booking(slotId, 5));
      expect(answer).toMatchObject({ code: 400, message: '参观人数：该项目每次预约最多 4 人' });
      expect(await slotSeatsOf(db, slotId)).toMatchObject({ seatsTaken: 0, rows: [] });
    });

    it('answers 409 for a slot that has started, writing nothing', async () => {
      const { app } = ctx();
      const { db } = app.database;
      const { slotId } = await createBaseSlot(db, { startsIn: -HOUR });
      const answer = await postAs(app, learner(1).token, '/api/bases/book', booking(slotId));
      expect(answer).toMatchObject({ code: 409, message: '该场次已开始或已结束，不能预约' });
      expect(await slotSeatsOf(db, slotId)).toMatchObject({ seatsTaken: 0, rows: [] });
    });

    it('answers 409 for a second booking of the same slot, keeping the first', async () => {
      const { app } = ctx();
      const { db } = app.database;
      const { slotId } = await createBaseSlot(db);
      expect(
        (await postAs(app, learner(2).token, '/api/bases/book', booking(slotId, 2))).code,
      ).toBe(0);
      const again = await postAs(app, learner(2).token, '/api/bases/book', booking(slotId, 1));
      expect(again).toMatchObject({ code: 409, message: '您已预约该场次' });
      const after = await slotSeatsOf(db, slotId);
      expect(after.seatsTaken).toBe(2);
      expect(after.rows).toHaveLength(1);
    });

    it('answers 400 naming the field for a bad phone or party size, writing nothing', async () => {
      const { app } = ctx();
      const { db } = app.database;
      const { slotId } = await createBaseSlot(db);
      const phone = await postAs(app, learner(3).token, '/api/bases/book', {
        ...booking(slotId),
        contactPhone: '12345',
      });
      expect(phone.code).toBe(400);
      expect(phone.message).toContain('联系电话');
      // Eleven digits, but no mobile number starts 12: the same rule as a delivery request.
      const notMobile = await postAs(app, learner(3).token, '/api/bases/book', {
        ...booking(slotId),
        contactPhone: '12345678901',
      });
      expect(notMobile).toMatchObject({ code: 400 });
      expect(notMobile.message).toContain('请填写 11 位手机号');
      const party = await postAs(app, learner(3).token, '/api/bases/book', booking(slotId, 0));
      expect(party.code).toBe(400);
      expect(party.message).toContain('参观人数');
      expect(await slotSeatsOf(db, slotId)).toMatchObject({ seatsTaken: 0, rows: [] });
    });

    it('answers 301 without login', async () => {
      const { slotId } = await createBaseSlot(ctx().app.database.db);
      const answer = await postAs(ctx().app, null, '/api/bases/book', booking(slotId));
      expect(answer.code).toBe(301);
    });
  });

  describe('POST /api/bases/cancel', () => {
    it('cancels a booking and gives its party’s seats back; the learner may book again', async () => {
      const { app } = ctx();
      const { db } = app.database;
      const { slotId } = await createBaseSlot(db, { capacity: 5 });
      const booked = await postAs<{ id: number }>(
        app,
        learner(4).token,
        '/api/bases/book',
        booking(slotId, 4),
      );
      expect((await slotSeatsOf(db, slotId)).seatsTaken).toBe(4);
      const cancel = await postAs(app, learner(4).token, '/api/bases/cancel', {
        bookingId: booked.data.id,
      });
      expect(cancel.code).toBe(0);
      expect((await slotSeatsOf(db, slotId)).seatsTaken).toBe(0);
      const past = await getAs<{ list: Array<{ id: number; state: string }> }>(
        app,
        learner(4).token,
        '/api/bases/bookings?when=past',
      );
      expect(past.data.list).toContainEqual(
        expect.objectContaining({ id: booked.data.id, state: 'cancelled' }),
      );
      const twice = await postAs(app, learner(4).token, '/api/bases/cancel', {
        bookingId: booked.data.id,
      });
      expect(twice).toMatchObject({ code: 409, message: '该预约已取消' });
      const again = await postAs(app, learner(4).token, '/api/bases/book', booking(slotId, 2));
      expect(again.code).toBe(0);
      expect(await slotSeatsOf(db, slotId)).toMatchObject({ seatsTaken: 2 });
    });

    it('refuses to cancel another learner’s booking or one whose slot has started', async () => {
      const { app } = ctx();
      const { db } = app.database;
      const { slotId } = await createBaseSlot(db);
      const booked = await postAs<{ id: number }>(
        app,
        learner(5).token,
        '/api/bases/book',
        booking(slotId, 2),
      );
      const other = await postAs(app, learner(6).token, '/api/bases/cancel', {
        bookingId: booked.data.id,
      });
      expect(other).toMatchObject({ code: 404, message: '预约不存在' });
      await db
        .updateTable('base_slots')
        .set({ start_at: Date.now() - HOUR })
        .where('id', '=', slotId)
        .execute();
      const late = await postAs(app, learner(5).token, '/api/bases/cancel', {
        bookingId: booked.data.id,
      });
      expect(late).toMatchObject({ code: 409, message: '参观已开始，不能取消' });
      expect(await slotSeatsOf(db, slotId)).toMatchObject({ seatsTaken: 2 });
    });
  });
});
