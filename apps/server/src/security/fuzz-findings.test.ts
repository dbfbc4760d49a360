import { ID_MAX } from '@portal/contract';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { bearer } from '../testing/account-factory.ts';
import { multipart, sampleFiles } from '../testing/activity-factory.ts';
import { createLearners } from '../testing/class-factory.ts';
import { body, describeEachEngine } from '../testing/test-app.ts';
import { changedTables, tableFingerprint } from './table-fingerprint.ts';

/**
 * What the fuzzer (fuzz-operations.test.ts) found, each pinned by a small test of its own, and
 * the fingerprint it judges refused writes by, shown to see writes.
 */
describeEachEngine('what fuzzing found', (ctx) => {
  it('answers a multipart body cut short with 400, promptly, whichever field its file is in', async () => {
    const { app } = ctx();
    const [learner] = await createLearners(app.database.db, 1);
    if (!learner) throw new Error('no learner');
    for (const field of ['files', 'file']) {
      const form = multipart({}, [{ name: 'a.png', content: sampleFiles.png(), field }]);
      const cut = form.payload.subarray(0, form.payload.length - 40);
      const started = Date.now();
      const response = await app.inject({
        method: 'POST',
        url: '/api/account/avatar',
        headers: { ...form.headers, ...bearer(learner.token) },
        payload: cut,
      });
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(response.statusCode).toBe(200);
      expect(body(response)).toMatchObject({ code: 400, message: expect.stringMatching(/上传/) });
    }
  });

  it('refuses an id beyond the keys the database holds with 400, not a database error', async () => {
    const { app } = ctx();
    for (const url of [
      `/api/courses/detail?id=${ID_MAX + 1}`,
      `/api/places/classes?id=${Number.MAX_SAFE_INTEGER}`,
    ]) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(body(response)).toMatchObject({ code: 400, data: null });
    }
    const atMost = await app.inject({ url: `/api/courses/detail?id=${ID_MAX}` });
    expect(body(atMost).code).toBe(404);
  });

  it('fingerprints see a committed write of a table, and not a rolled-back one', async () => {
    const { app } = ctx();
    const { db } = app.database;
    const prints = await tableFingerprint(app);
    try {
      const before = await prints.take();
      expect(before.size).toBeGreaterThan(50);
      await db.transaction().execute(async (trx) => {
        await sql`UPDATE users SET nickname = nickname || 'x' WHERE id = 1`.execute(trx);
        await sql`DELETE FROM lesson_progress WHERE user_id = (SELECT min(user_id) FROM lesson_progress)`.execute(
          trx,
        );
      });
      const after = await prints.take();
      expect(
        changedTables(before, after)
          .map((line) => line.split(' ')[0])
          .sort(),
      ).toEqual(['lesson_progress', 'users']);
      await expect(
        db.transaction().execute(async (trx) => {
          await sql`UPDATE users SET nickname = 'y' WHERE id = 2`.execute(trx);
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      expect(changedTables(after, await prints.take())).toEqual([]);
    } finally {
      prints.close();
    }
  });
});
