import { expect, it } from 'vitest';
import { postAs } from '../../testing/account-factory.ts';
import { createLearners } from '../../testing/class-factory.ts';
import { describeEachEngine } from '../../testing/test-app.ts';
import { createBaseSlot, slotSeatsOf } from '../../testing/walk-factory.ts';

/** How many answers had each `code message`. */
function tally(answers: Array<{ code: number; message: string }>) {
  const counts: Record<string, number> = {};
  for (const { code, message } of answers) {
    const key = `${code} ${message}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

const booking = (slotId: number) => ({
  slotId,
  partySize: 1,
  contactName: '王秀兰',
  contactPhone: '13800000001',
});

describeEachEngine('visit slots under concurrent bookings', (ctx) => {
  it('gives 20 places to exactly 20 of 200 learners booking at once', async () => {
    const { app, engine } = ctx();
    const { db } = app.database;
    const learners = await createLearners(db, 200);
    const { slotId } = await createBaseSlot(db, { capacity: 20 });
    const started = performance.now();
    const answers = await Promise.all(
      learners.map((learner) => postAs(app, learner.token, '/api/bases/book', booking(slotId))),
    );
    console.info(
      `[${engine}] 200 concurrent bookings for 20 places in ${Math.round(performance.now() - started)} ms`,
    );
    expect(tally(answers)).toEqual({ '0 ': 20, '409 名额已满': 180 });
    const after = await slotSeatsOf(db, slotId);
    expect(after.seatsTaken).toBe(20);
    expect(after.active).toHaveLength(20);
    expect(after.rows).toHaveLength(20);
  });

  it('lets one learner booking 20 times at once hold exactly one booking', async () => {
    const { app } = ctx();
    const { db } = app.database;
    const [learner] = await createLearners(db, 1);
    if (!learner) throw new Error('no learner');
    const { slotId } = await createBaseSlot(db, { capacity: 20 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        postAs(app, learner.token, '/api/bases/book', booking(slotId)),
      ),
    );
    expect(tally(answers)).toEqual({ '0 ': 1, '409 您已预约该场次': 19 });
    const after = await slotSeatsOf(db, slotId);
    expect(after.seatsTaken).toBe(1);
    expect(after.rows).toHaveLength(1);
  });

  it('never overbooks with parties: 50 parties of 3 for 20 places end with 6 bookings, 18 seats', async () => {
    const { app } = ctx();
    const { db } = app.database;
    const learners = await createLearners(db, 50);
    const { slotId } = await createBaseSlot(db, { capacity: 20, maxParty: 5 });
    const answers = await Promise.all(
      learners.map((learner) =>
        postAs(app, learner.token, '/api/bases/book', { ...booking(slotId), partySize: 3 }),
      ),
    );
    const counts = tally(answers);
    expect(counts['0 ']).toBe(6);
    // The 7th party finds 2 places left, later ones the same: never more than the capacity.
    expect(counts['409 剩余名额不足，仅剩 2 个']).toBe(44);
    const after = await slotSeatsOf(db, slotId);
    expect(after.seatsTaken).toBe(18);
    expect(after.active.reduce((sum, row) => sum + Number(row.party_size), 0)).toBe(18);
  });
});
