import { expect, it } from 'vitest';
import { postAs } from '../../testing/account-factory.ts';
import { createLearners } from '../../testing/class-factory.ts';
import { describeEachEngine } from '../../testing/test-app.ts';
import { createWalk } from '../../testing/walk-factory.ts';

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
});
