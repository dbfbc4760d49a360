import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { BASIC_FORM, createClass, createLearners } from '../../testing/class-factory.ts';
import { body, describeEachEngine } from '../../testing/test-app.ts';

/*
 * The waiting list under load, on both engines: never more admitted than seats, a freed seat
 * always taken by the first in line in the same transaction, and no seat left free while anyone
 * waits.
 */

const post = (app: FastifyInstance, url: string, token: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload });

describeEachEngine('a waiting list under concurrent sign-ups and cancels', (ctx) => {
  it('admits exactly 100 of 500 at once, puts 400 in line, and 50 cancels promote the first 50', async () => {
    const { app, engine } = ctx();
    const { db } = app.database;
    const learners = await createLearners(db, 550);
    const first = learners.slice(0, 500);
    const late = learners.slice(500);
    const classId = await createClass(db, { capacity: 100 });
    const signup = (token: string) =>
      post(app, '/api/classes/signup', token, { classId, form: BASIC_FORM, waitlist: true });

    const started = performance.now();
    const answers = await Promise.all(first.map((learner) => signup(learner.token)));
    console.info(
      `[${engine}] 500 concurrent sign-ups for 100 seats with a waiting list in ${Math.round(performance.now() - started)} ms`,
    );
    const results = answers.map((answer) => body<{ mySignup: { status: string } }>(answer));
    expect(results.every((result) => result.code === 0)).toBe(true);
    const statusCount = (status: string) =>
      results.filter((result) => result.data.mySignup.status === status).length;
    expect([statusCount('active'), statusCount('waiting')]).toEqual([100, 400]);

    const state = async () => {
      const rows = await db
        .selectFrom('class_signups')
        .select(['user_id', 'status', 'signed_up_at', 'id'])
        .where('class_id', '=', classId)
        .execute();
      const line = rows
        .filter((row) => row.status === 'waiting')
        .sort((a, b) => Number(a.signed_up_at) - Number(b.signed_up_at) || a.id - b.id)
        .map((row) => row.user_id);
      const active = new Set(
        rows.filter((row) => row.status === 'active').map((row) => row.user_id),
      );
      const seats = await db
        .selectFrom('classes')
        .select('seats_taken')
        .where('id', '=', classId)
        .executeTakeFirstOrThrow();
      return { line, active, seats: Number(seats.seats_taken) };
    };
    const before = await state();
    expect(before.seats).toBe(100);
    expect(before.active.size).toBe(100);
    expect(before.line).toHaveLength(400);

    // 50 holders cancel while 50 newcomers join: the 50 freed seats go to the first 50 in line,
    // never to a newcomer, and the newcomers queue behind.
    const leaving = [...before.active].slice(0, 50);
    const tokenOf = new Map(learners.map((learner) => [learner.id, learner.token]));
    const moves = await Promise.all([
      ...leaving.map((userId) =>
        post(app, '/api/classes/cancel', tokenOf.get(userId) as string, { classId }),
      ),
      ...late.map((learner) => signup(learner.token)),
    ]);
    expect(moves.every((move) => body(move).code === 0)).toBe(true);

    const after = await state();
    expect(after.seats).toBe(100);
    expect(after.active.size).toBe(100);
    const promoted = before.line.slice(0, 50);
    expect(promoted.every((userId) => after.active.has(userId))).toBe(true);
    expect(leaving.some((userId) => after.active.has(userId))).toBe(false);
    expect(after.line).toEqual([
      ...before.line.slice(50),
      ...after.line.filter((userId) => late.some((learner) => learner.id === userId)),
    ]);
    expect(after.line).toHaveLength(400);
  });
});
