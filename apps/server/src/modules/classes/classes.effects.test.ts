import { expect, it } from 'vitest';
import type { SideEffect } from '../../platform/side-effects.ts';
import {
  BASIC_FIELDS,
  BASIC_FORM,
  createClass,
  createLearners,
} from '../../testing/class-factory.ts';
import { body, describeEachEngine } from '../../testing/test-app.ts';

const post = (url: string, token: string, payload: Record<string, unknown>) => ({
  method: 'POST' as const,
  url,
  headers: { authorization: `Bearer ${token}` },
  payload,
});

describeEachEngine('the award hook at a class signup', (ctx) => {
  it('records one class.signup per signup row, and none for a refused or rolled-back one', async () => {
    const { app } = ctx();
    const { db } = app.database;
    const seen: SideEffect[] = [];
    let refuse = false;
    app.sideEffects.on('class.signup', async (_trx, effect) => {
      if (refuse) throw new Error('a handler failing rolls the signup back');
      seen.push(effect);
    });
    const [learner] = await createLearners(db, 1);
    if (!learner) throw new Error('no learner');
    const classId = await createClass(db, {
      capacity: 5,
      formFields: BASIC_FIELDS,
    });
    const payload = { classId, form: BASIC_FORM };

    expect(body(await app.inject(post('/api/classes/signup', learner.token, payload))).code).toBe(
      0,
    );
    // A duplicate is refused before the transaction: nothing recorded.
    expect(body(await app.inject(post('/api/classes/signup', learner.token, payload))).code).toBe(
      409,
    );
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      kind: 'class.signup',
      siteKey: 'jingan',
      learnerId: learner.id,
    });
    const key = seen[0]?.key;

    // Cancel and sign up again: the same signup row, so the same idempotency key.
    expect(
      body(await app.inject(post('/api/classes/cancel', learner.token, { classId }))).code,
    ).toBe(0);
    expect(body(await app.inject(post('/api/classes/signup', learner.token, payload))).code).toBe(
      0,
    );
    expect(seen.map((effect) => effect.key)).toEqual([key, key]);

    // A handler that throws takes the signup (and its seat) down with it.
    expect(
      body(await app.inject(post('/api/classes/cancel', learner.token, { classId }))).code,
    ).toBe(0);
    refuse = true;
    const failed = await app.inject(post('/api/classes/signup', learner.token, payload));
    expect(failed.statusCode).toBe(500);
    const row = await db
      .selectFrom('classes')
      .select('seats_taken')
      .where('id', '=', classId)
      .executeTakeFirstOrThrow();
    expect(Number(row.seats_taken)).toBe(0);
  });
});
