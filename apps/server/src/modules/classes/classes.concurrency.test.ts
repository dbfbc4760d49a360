import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { BASIC_FORM, createClass, createLearners, seatsOf } from '../../testing/class-factory.ts';
import { body, describeEachEngine } from '../../testing/test-app.ts';

const post = (app: FastifyInstance, url: string, token: string, classId: number) =>
  app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}` },
    payload: url.endsWith('signup') ? { classId, form: BASIC_FORM } : { classId },
  });

/** How many answers had each `code message`, e.g. `{ '0 ': 20, '409 名额已满': 180 }`. */
function tally(answers: Array<{ code: number; message: string }>) {
  const counts: Record<string, number> = {};
  for (const { code, message } of answers) {
    const key = `${code} ${message}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

describeEachEngine('class seats under concurrent signups', (ctx) => {
  it('gives 20 seats to exactly 20 of 200 learners signing up at once', async () => {
    const { app, engine } = ctx();
    const { db } = app.database;
    const learners = await createLearners(db, 200);
    const classId = await createClass(db, { capacity: 20 });

    const started = performance.now();
    const answers = await Promise.all(
      learners.map((learner) => post(app, '/api/classes/signup', learner.token, classId)),
    );
    const elapsed = Math.round(performance.now() - started);
    console.info(`[${engine}] 200 concurrent signups for 20 seats in ${elapsed} ms`);

    expect(tally(answers.map((answer) => body(answer)))).toEqual({
      '0 ': 20,
      '409 名额已满': 180,
    });
    expect(await seatsOf(db, classId)).toEqual({ seatsTaken: 20, activeSignups: 20 });
    const rows = await db
      .selectFrom('class_signups')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('class_id', '=', classId)
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(20);
  });

  it('lets one learner sending 10 signups at once take exactly one seat', async () => {
    const { app } = ctx();
    const { db } = app.database;
    const [learner] = await createLearners(db, 1);
    if (!learner) throw new Error('no learner');
    const classId = await createClass(db, { capacity: 20 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post(app, '/api/classes/signup', learner.token, classId)),
    );
    expect(tally(answers.map((answer) => body(answer)))).toEqual({
      '0 ': 1,
      '409 您已报名该班级': 9,
    });
    expect(await seatsOf(db, classId)).toEqual({ seatsTaken: 1, activeSignups: 1 });
  });

  it('keeps seats right while some learners cancel and others sign up at once', async () => {
    const { app } = ctx();
    const { db } = app.database;
    const learners = await createLearners(db, 60);
    const holders = learners.slice(0, 20);
    const others = learners.slice(20);
    const classId = await createClass(db, { capacity: 20 });
    for (const learner of holders) {
      expect(body(await post(app, '/api/classes/signup', learner.token, classId)).code).toBe(0);
    }
    const leaving = holders.slice(0, 10);
    const answers = await Promise.all([
      ...leaving.map((learner) => post(app, '/api/classes/cancel', learner.token, classId)),
      ...others.map((learner) => post(app, '/api/classes/signup', learner.token, classId)),
      // Those who left try to come back at the same time.
      ...leaving.map((learner) => post(app, '/api/classes/signup', learner.token, classId)),
    ]);
    const codes = answers.map((answer) => body(answer).code);
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(0));
    expect(codes.every((code) => code === 0 || code === 409)).toBe(true);
    const signedUp = codes.slice(10).filter((code) => code === 0).length;
    const seats = await seatsOf(db, classId);
    // 20 held, 10 freed, and each successful signup took exactly one seat, never beyond 20.
    expect(seats).toEqual({ seatsTaken: 10 + signedUp, activeSignups: 10 + signedUp });
    expect(seats.seatsTaken).toBeLessThanOrEqual(20);
  });
});
