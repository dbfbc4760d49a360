import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { createLearners, type TestLearner } from '../../testing/class-factory.ts';
import { createCourse, createSites } from '../../testing/course-factory.ts';
import { body, describeEachEngine } from '../../testing/test-app.ts';
import { awardPoints } from './points.award.ts';
import { listUnbalanced } from './points.queries.ts';

async function ledgerCount(app: FastifyInstance, userIds: number[], ruleKey: string) {
  const row = await app.database.db
    .selectFrom('points_ledger')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', 'in', userIds)
    .where('rule_key', '=', ruleKey)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function insertRule(app: FastifyInstance, key: string, cap: number) {
  await app.database.db
    .insertInto('points_rules')
    .values({
      key,
      name: key,
      unit: '次',
      points_per_unit: 3,
      daily_cap: cap,
      sort: 99,
      active: 1,
    })
    .execute();
}

describeEachEngine(
  'points under concurrency',
  (ctx) => {
    const app = () => ctx().app;
    let learners: TestLearner[];

    beforeAll(async () => {
      await createSites(app().database.db);
      app().sites.invalidate();
      learners = await createLearners(app().database.db, 15);
    });

    /** One award in its own transaction, as each request's deed has. */
    const award = (userId: number, ruleKey: string, key: string) =>
      app()
        .database.db.transaction()
        .execute((trx) =>
          awardPoints(trx, {
            siteKey: 'jingan',
            userId,
            ruleKey,
            key,
            sourceType: 'test',
            sourceId: null,
            title: key,
            at: Date.now(),
          }),
        );

    it('1,000 concurrent awards replaying 100 keys write 100 ledger rows', async () => {
      await insertRule(app(), 'test_burst', 1000);
      const users = learners.slice(0, 4).map((learner) => learner.id);
      const calls = Array.from({ length: 1000 }, (_, i) => {
        const n = i % 100;
        const userId = users[n % users.length] as number;
        return award(userId, 'test_burst', `burst:${n}:${userId}`);
      });
      const points = await Promise.all(calls);
      expect(points.filter((p) => p > 0).length).toBe(100);
      expect(await ledgerCount(app(), users, 'test_burst')).toBe(100);
      expect(await listUnbalanced(app().database.db)).toEqual([]);
    }, 120_000);

    it('holds the daily cap under concurrency', async () => {
      await insertRule(app(), 'test_capped', 7);
      const userId = (learners[4] as TestLearner).id;
      const points = await Promise.all(
        Array.from({ length: 60 }, (_, i) => award(userId, 'test_capped', `capped:${i}`)),
      );
      expect(points.filter((p) => p > 0).length).toBe(7);
      expect(await ledgerCount(app(), [userId], 'test_capped')).toBe(7);
    }, 60_000);

    it('1,000 concurrent progress reports replaying 100 lesson completions award 100 once each', async () => {
      const group = learners.slice(5, 15);
      // One course of 10 article lessons: 10 learners x 10 lessons = 100 completions (the
      // daily cap is 10 lessons), each reported 10 times at once.
      const courses = await Promise.all(
        [1].map((c) =>
          createCourse(app().database.db, {
            title: `并发课程${c}`,
            chapters: [
              {
                title: '第一章',
                lessons: Array.from({ length: 10 }, (_, i) => ({
                  title: `图文${c}-${i}`,
                  kind: 'article' as const,
                })),
              },
            ],
          }),
        ),
      );
      const lessons = courses.flatMap((course) => course.lessonIds);
      const requests = Array.from({ length: 1000 }, (_, i) => {
        const learner = group[i % group.length] as TestLearner;
        const lessonId = lessons[Math.floor(i / group.length) % lessons.length] as number;
        return app().inject({
          method: 'POST',
          url: '/api/study/progress',
          headers: { authorization: `Bearer ${learner.token}` },
          payload: { lessonId, positionSeconds: 0, watchedSeconds: 0 },
        });
      });
      const responses = await Promise.all(requests);
      for (const response of responses) expect(body(response).code).toBe(0);
      const ids = group.map((learner) => learner.id);
      expect(await ledgerCount(app(), ids, 'lesson_complete')).toBe(100);
      const progress = await app()
        .database.db.selectFrom('lesson_progress')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('user_id', 'in', ids)
        .where('completed', '=', 1)
        .executeTakeFirstOrThrow();
      expect(Number(progress.n)).toBe(100);
      expect(await ledgerCount(app(), ids, 'course_complete')).toBe(10);
      expect(await listUnbalanced(app().database.db)).toEqual([]);
    }, 180_000);
  },
  { seedDemo: false },
);
