import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import {
  activitySeatsOf,
  addStaff,
  createActivity,
  FULL_FORM,
  multipart,
  organiserId,
  sampleFiles,
} from '../../testing/activity-factory.ts';
import { createLearners } from '../../testing/class-factory.ts';
import { body, describeEachEngine } from '../../testing/test-app.ts';

const post = (app: FastifyInstance, url: string, token: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload });

const apply = (app: FastifyInstance, token: string, activityId: number) =>
  post(app, '/api/activities/apply', token, { activityId, form: FULL_FORM });

/** How many answers had each `code message`, e.g. `{ '0 ': 20, '409 名额已满': 180 }`. */
function tally(answers: Array<{ code: number; message: string }>) {
  const counts: Record<string, number> = {};
  for (const { code, message } of answers) {
    const key = `${code} ${message}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

describeEachEngine('activity seats under concurrent applications', (ctx) => {
  it('gives 20 seats to exactly 20 of 200 learners applying at once', async () => {
    const { app, engine } = ctx();
    const { db } = app.database;
    const learners = await createLearners(db, 200);
    const activityId = await createActivity(db, { capacity: 20 });

    const started = performance.now();
    const answers = await Promise.all(
      learners.map((learner) => apply(app, learner.token, activityId)),
    );
    const elapsed = Math.round(performance.now() - started);
    console.info(`[${engine}] 200 concurrent applications for 20 seats in ${elapsed} ms`);

    expect(tally(answers.map((answer) => body(answer)))).toEqual({
      '0 ': 20,
      '409 名额已满': 180,
    });
    expect(await activitySeatsOf(db, activityId)).toEqual({
      seatsTaken: 20,
      activeApplications: 20,
    });
    const rows = await db
      .selectFrom('activity_applications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('activity_id', '=', activityId)
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(20);
  });

  it('lets one learner sending 10 applications at once take exactly one seat', async () => {
    const { app } = ctx();
    const { db } = app.database;
    const [learner] = await createLearners(db, 1);
    if (!learner) throw new Error('no learner');
    const activityId = await createActivity(db, { capacity: 20 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => apply(app, learner.token, activityId)),
    );
    expect(tally(answers.map((answer) => body(answer)))).toEqual({
      '0 ': 1,
      '409 您已报名该活动': 9,
    });
    expect(await activitySeatsOf(db, activityId)).toEqual({
      seatsTaken: 1,
      activeApplications: 1,
    });
  });

  it('keeps one application and its files when one learner sends 5 with files at once', async () => {
    const { app } = ctx();
    const { db } = app.database;
    const [learner] = await createLearners(db, 1);
    if (!learner) throw new Error('no learner');
    const activityId = await createActivity(db, { kind: '特色活动', capacity: 20 });
    const folder = path.join(app.config.dataDir, 'uploads', 'activity-attachments');
    const stored = () => (fs.existsSync(folder) ? fs.readdirSync(folder).length : 0);
    const before = stored();
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, n) => {
        const { payload, headers } = multipart(
          { activityId: String(activityId), form: JSON.stringify(FULL_FORM) },
          [{ name: `${n}.jpg`, content: sampleFiles.jpeg() }],
        );
        return app.inject({
          method: 'POST',
          url: '/api/activities/apply-with-files',
          headers: { ...headers, authorization: `Bearer ${learner.token}` },
          payload,
        });
      }),
    );
    expect(tally(answers.map((answer) => body(answer)))).toEqual({
      '0 ': 1,
      '409 您已报名该活动': 4,
    });
    const files = await db
      .selectFrom('activity_attachments')
      .select('storage_key')
      .where('user_id', '=', learner.id)
      .execute();
    expect(files).toHaveLength(1);
    // The losers' files were removed again; no temporary file is left either.
    expect(stored()).toBe(before + 1);
  });

  it('keeps seats right while some learners cancel and others apply at once', async () => {
    const { app } = ctx();
    const { db } = app.database;
    const learners = await createLearners(db, 60);
    const holders = learners.slice(0, 20);
    const others = learners.slice(20);
    const activityId = await createActivity(db, { capacity: 20 });
    for (const learner of holders) {
      expect(body(await apply(app, learner.token, activityId)).code).toBe(0);
    }
    const leaving = holders.slice(0, 10);
    const answers = await Promise.all([
      ...leaving.map((learner) =>
        post(app, '/api/activities/cancel', learner.token, { activityId }),
      ),
      ...others.map((learner) => apply(app, learner.token, activityId)),
      // Those who left try to come back at the same time.
      ...leaving.map((learner) => apply(app, learner.token, activityId)),
    ]);
    const codes = answers.map((answer) => body(answer).code);
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(0));
    expect(codes.every((code) => code === 0 || code === 409)).toBe(true);
    const applied = codes.slice(10).filter((code) => code === 0).length;
    const seats = await activitySeatsOf(db, activityId);
    expect(seats).toEqual({ seatsTaken: 10 + applied, activeApplications: 10 + applied });
    expect(seats.seatsTaken).toBeLessThanOrEqual(20);
  });

  it('checks a code in exactly once when it is scanned at two doors at once', async () => {
    const { app } = ctx();
    const { db } = app.database;
    const [learner, ...staff] = await createLearners(db, 6);
    if (!learner) throw new Error('no learner');
    const organiser = await organiserId(db);
    for (const member of staff) await addStaff(db, organiser, member.id);
    const activityId = await createActivity(db);
    expect(body(await apply(app, learner.token, activityId)).code).toBe(0);
    const { checkin_code: code } = await db
      .selectFrom('activity_applications')
      .select('checkin_code')
      .where('activity_id', '=', activityId)
      .executeTakeFirstOrThrow();
    const answers = await Promise.all(
      staff.map((member) => post(app, '/api/activities/checkin', member.token, { code })),
    );
    const codes = answers.map((answer) => body(answer).code).sort();
    expect(codes).toEqual([0, 409, 409, 409, 409]);
    for (const answer of answers.filter((answer) => body(answer).code === 409)) {
      expect(body(answer).message).toMatch(/^该报名已于 .+ 签到，请勿重复签到$/);
    }
  });
});
