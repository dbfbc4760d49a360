import { expect, it } from 'vitest';
import { postAs } from '../../testing/account-factory.ts';
import { createLearners } from '../../testing/class-factory.ts';
import { describeEachEngine } from '../../testing/test-app.ts';
import { createWalk, TEST_STOPS } from '../../testing/walk-factory.ts';

describeEachEngine('guided walk seats under concurrent signups', (ctx) => {
  it('gives 20 places to exactly 20 of 200 learners signing up at once', async () => {
    const { app } = ctx();
    const { db } = app.database;
    const learners = await createLearners(db, 200);
    const { sessionId } = await createWalk(db, { capacity: 20 });
    const answers = await Promise.all(
      learners.map((learner) => postAs(app, learner.token, '/api/walks/signup', { sessionId })),
    );
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(20);
    expect(answers.filter((answer) => answer.message === '名额已满')).toHaveLength(180);
    const session = await db
      .selectFrom('walk_sessions')
      .select('seats_taken')
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(Number(session.seats_taken)).toBe(20);
    const signups = await db
      .selectFrom('walk_signups')
      .select('id')
      .where('session_id', '=', sessionId)
      .where('status', '=', 'active')
      .execute();
    expect(signups).toHaveLength(20);
  });

  it('lets only one of two check-ins sent at once from stops 950 m apart through', async () => {
    const { app } = ctx();
    const { db } = app.database;
    const [learner] = await createLearners(db, 1);
    if (!learner) throw new Error('no learner');
    const { stopIds } = await createWalk(db);
    const at = (n: number) => ({
      stopId: stopIds[n],
      lat: (TEST_STOPS[n]?.lat ?? 0) + 0.0002,
      lng: TEST_STOPS[n]?.lng ?? 0,
    });
    const answers = await Promise.all([
      postAs(app, learner.token, '/api/walks/checkin', at(0)),
      postAs(app, learner.token, '/api/walks/checkin', at(3)),
    ]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([0, 409]);
    const rows = await db
      .selectFrom('walk_checkins')
      .select('id')
      .where('user_id', '=', learner.id)
      .execute();
    expect(rows).toHaveLength(1);
  });
});
