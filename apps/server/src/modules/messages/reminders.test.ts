import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import type { MessageSummary, Page } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import {
  BASIC_FORM,
  createClass,
  createLearners,
  type TestLearner,
  windows,
} from '../../testing/class-factory.ts';
import { createLiveChannel, createLiveSession } from '../../testing/live-factory.ts';
import { postgresUrlOf } from '../../testing/seeded-template.ts';
import { body, describeEachEngine } from '../../testing/test-app.ts';
import { ReminderJob } from './reminder-job.ts';
import { claimReminder } from './reminders.queries.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const ROOT = path.resolve(import.meta.dirname, '../../../../..');

interface InstanceRun {
  sent: number;
  missed: number;
  failed: string[];
}

/**
 * Another server instance on the app's database: a process of its own running the reminder job
 * once at `now` when told to (`go()`), so that both instances run at the same time.
 */
async function anotherInstance(app: FastifyInstance, runner: string, now: number) {
  const env: Record<string, string> = {
    ...process.env,
    RUNNER: runner,
    NOW: String(now),
  } as Record<string, string>;
  if (app.database.engine === 'sqlite') {
    env.DB_FILE = path.join(app.config.dataDir, 'portal.sqlite');
  } else {
    // The app's own database (a clone of the seeded template) and schema.
    const { rows } = await sql<{ database: string; schema: string }>`
      select current_database() as database, current_schema() as schema`.execute(app.database.db);
    env.DATABASE_URL = postgresUrlOf(process.env.TEST_DATABASE_URL ?? '', rows[0]?.database ?? '');
    env.PG_SCHEMA = rows[0]?.schema ?? '';
  }
  const child = spawn(
    path.join(ROOT, 'node_modules/.bin/tsx'),
    ['apps/server/src/testing/reminder-instance.ts'],
    { cwd: ROOT, env, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const lines = readline.createInterface({ input: child.stdout });
  const iterator = lines[Symbol.asyncIterator]();
  const next = async () => {
    const { value, done } = await iterator.next();
    if (done) throw new Error('the other instance exited');
    return String(value);
  };
  expect(await next()).toBe('ready');
  return {
    go: async (): Promise<InstanceRun> => {
      child.stdin.end('go\n');
      const run = JSON.parse(await next()) as InstanceRun;
      await exited;
      return run;
    },
  };
}

describeEachEngine('the reminder job', (ctx) => {
  let channelId: number;

  /** A live session starting at `startsAt`; answers its id. */
  const session = (startsAt: number, title = '测试直播') =>
    createLiveSession(ctx().app.database.db, {
      site_key: 'jingan',
      channel_id: channelId,
      starts_at: startsAt,
      ends_at: startsAt + HOUR,
      title,
    });
  const remindersOf = (userId: number) =>
    ctx()
      .app.database.db.selectFrom('messages')
      .select(['dedupe_key', 'title', 'link_type', 'link_id'])
      .where('user_id', '=', userId)
      .where('kind', '=', 'reminder')
      .execute();
  const pending = (userId: number) =>
    ctx()
      .app.database.db.selectFrom('message_reminders')
      .select(['subject_type', 'subject_id', 'lead_minutes', 'due_at', 'outcome'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  const job = (runner: string, now: number, leaseMs = 5 * MINUTE) =>
    new ReminderJob(ctx().app.database.db, { runner, now: () => now, leaseMs });

  beforeAll(async () => {
    channelId = await createLiveChannel(ctx().app.database.db, { siteKey: 'jingan' });
  });
  // Each test runs the job at times of its own: earlier tests' reminders are closed first.
  beforeEach(async () => {
    await ctx()
      .app.database.db.updateTable('message_reminders')
      .set({ done_at: 0, outcome: 'missed' })
      .where('done_at', 'is', null)
      .execute();
  });

  it('schedules a day-ahead and an hour-ahead reminder when a learner reserves a live session', async () => {
    const { app } = ctx();
    const [learner] = (await createLearners(app.database.db, 1)) as [TestLearner];
    const startsAt = Date.now() + 2 * DAY;
    const id = await session(startsAt);
    const reserve = await app.inject({
      method: 'POST',
      url: '/api/live/reservations',
      headers: { authorization: `Bearer ${learner.token}` },
      payload: { sessionId: id },
    });
    expect(body(reserve).code).toBe(0);
    expect(await pending(learner.id)).toEqual([
      {
        subject_type: 'live',
        subject_id: id,
        lead_minutes: 1440,
        due_at: startsAt - DAY,
        outcome: null,
      },
      {
        subject_type: 'live',
        subject_id: id,
        lead_minutes: 60,
        due_at: startsAt - HOUR,
        outcome: null,
      },
    ]);

    // Nothing is due yet; at the day-ahead time, one message; at the hour-ahead time, the other.
    expect((await job('a', Date.now()).runOnce()).sent).toBe(0);
    expect((await job('a', startsAt - DAY + MINUTE).runOnce()).sent).toBe(1);
    expect((await job('a', startsAt - DAY + 2 * MINUTE).runOnce()).sent).toBe(0);
    expect((await job('a', startsAt - 30 * MINUTE).runOnce()).sent).toBe(1);
    const sent = await remindersOf(learner.id);
    expect(sent.map((row) => row.title)).toEqual([
      '直播提醒：「测试直播」明天开始',
      '直播提醒：「测试直播」1 小时后开始',
    ]);
    expect(sent.every((row) => row.link_type === 'live' && row.link_id === id)).toBe(true);

    // The learner sees it in the list, unread.
    const list = await app.inject({
      url: '/api/messages',
      headers: { authorization: `Bearer ${learner.token}` },
    });
    const [newest] = body<Page<MessageSummary>>(list).data.list;
    expect(newest).toMatchObject({ kind: 'reminder', read: false, link: { type: 'live', id } });
  });

  it('sends each of 200 due reminders exactly once with two instances running at the same time', async () => {
    const { app } = ctx();
    const learners = await createLearners(app.database.db, 2);
    const startsAt = Date.now() + 3 * DAY;
    const sessions = await Promise.all(
      Array.from({ length: 100 }, (_, i) => session(startsAt + i * MINUTE, `并发直播${i}`)),
    );
    for (const learner of learners) {
      for (const id of sessions) await app.live.reserve('jingan', learner.id, id);
    }
    // The day-ahead reminders of all 200 reservations are due; the hour-ahead ones are not.
    const now = startsAt - DAY + 2 * HOUR;
    const other = await anotherInstance(app, 'b', now);
    const runs = await Promise.all([other.go(), job('a', now).runOnce()]);
    console.log(
      `[${ctx().engine}] 200 reminders: ${runs[1].sent} sent here, ${runs[0].sent} by the other instance`,
    );
    expect(runs[0].sent + runs[1].sent).toBe(200);
    expect([...runs[0].failed, ...runs[1].failed]).toEqual([]);
    for (const learner of learners) {
      const sent = await remindersOf(learner.id);
      expect(sent).toHaveLength(100);
      expect(new Set(sent.map((row) => row.link_id)).size).toBe(100);
    }
    // Again, and with a third runner: nothing more.
    const again = await Promise.all([job('a', now).runOnce(), job('c', now).runOnce()]);
    expect(again[0].sent + again[1].sent).toBe(0);
  });

  it('delivers a reminder once after its runner died holding it, when the lease runs out', async () => {
    const { app } = ctx();
    const { db } = app.database;
    const [learner] = (await createLearners(db, 1)) as [TestLearner];
    const startsAt = Date.now() + 2 * DAY;
    const id = await session(startsAt);
    await app.live.reserve('jingan', learner.id, id);
    const now = startsAt - DAY + MINUTE;
    const due = await db
      .selectFrom('message_reminders')
      .select('id')
      .where('user_id', '=', learner.id)
      .where('lead_minutes', '=', 1440)
      .executeTakeFirstOrThrow();

    // A runner claims it and dies before sending.
    const dead = job('dead', now);
    expect(await claimReminder(db, due.id, 'dead', now, now + 5 * MINUTE)).toBe(true);
    // While the lease holds, nobody else takes it.
    expect((await job('b', now + MINUTE).runOnce()).sent).toBe(0);
    expect(await remindersOf(learner.id)).toHaveLength(0);
    // After it, the next run (any instance, e.g. after a restart) sends it.
    expect((await job('b', now + 6 * MINUTE).runOnce()).sent).toBe(1);
    // The dead runner coming back late writes nothing.
    expect(await dead.deliver(due.id, now + 7 * MINUTE)).toBeUndefined();
    expect(await remindersOf(learner.id)).toHaveLength(1);
  });

  it('never sends the reminders of a cancelled reservation or signup, and revives them on a new one', async () => {
    const { app } = ctx();
    const { db } = app.database;
    const [learner] = (await createLearners(db, 1)) as [TestLearner];
    const startsAt = Date.now() + 2 * DAY;
    const live = await session(startsAt);
    await app.live.reserve('jingan', learner.id, live);
    await app.live.unreserve('jingan', learner.id, live);
    const classId = await createClass(db, { title: '取消的班级' });
    const classStart = Number(windows.open().start_at);
    await app.classes.signup('jingan', learner.id, { classId, form: BASIC_FORM });
    await app.classes.cancel('jingan', learner.id, classId);
    expect((await pending(learner.id)).map((row) => row.outcome)).toEqual([
      'cancelled',
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
    const late = Math.max(startsAt, classStart) - 30 * MINUTE;
    expect((await job('a', startsAt - DAY + MINUTE).runOnce()).sent).toBe(0);
    expect((await job('a', late).runOnce()).sent).toBe(0);
    expect(await remindersOf(learner.id)).toEqual([]);

    // Reserving again brings them back.
    await app.live.reserve('jingan', learner.id, live);
    expect((await job('a', startsAt - DAY + MINUTE).runOnce()).sent).toBe(1);
  });

  it('sends nothing when the reservation is gone by the time the reminder is due', async () => {
    const { app } = ctx();
    const { db } = app.database;
    const [learner] = (await createLearners(db, 1)) as [TestLearner];
    const startsAt = Date.now() + 2 * DAY;
    const id = await session(startsAt);
    await app.live.reserve('jingan', learner.id, id);
    // Removed without the service (e.g. by an operator): the reminder rows are still pending.
    await db.deleteFrom('live_reservations').where('user_id', '=', learner.id).execute();
    const run = await job('a', startsAt - DAY + MINUTE).runOnce();
    expect(run).toMatchObject({ sent: 0, missed: 1 });
    expect(await remindersOf(learner.id)).toEqual([]);
  });

  it('after a restart sends what fell due meanwhile, unless the event has started', async () => {
    const { app } = ctx();
    const [learner] = (await createLearners(app.database.db, 1)) as [TestLearner];
    const soon = Date.now() + 2 * DAY;
    const early = await session(soon, '早场');
    const later = await session(soon + 6 * HOUR, '晚场');
    await app.live.reserve('jingan', learner.id, early);
    await app.live.reserve('jingan', learner.id, later);
    // Down from before any was due until after the early one started.
    const run = await job('restarted', soon + 10 * MINUTE).runOnce();
    // The early one's two are stale; the late one's day-ahead goes out, its hour-ahead is not due.
    expect(run).toMatchObject({ sent: 1, missed: 2 });
    expect((await remindersOf(learner.id)).map((row) => row.title)).toEqual([
      '直播提醒：「晚场」明天开始',
    ]);
  });

  it('reminds of a class the learner signed up for', async () => {
    const { app } = ctx();
    const [learner] = (await createLearners(app.database.db, 1)) as [TestLearner];
    const classId = await createClass(app.database.db, { title: '太极拳班' });
    await app.classes.signup('jingan', learner.id, { classId, form: BASIC_FORM });
    const [dayAhead] = await pending(learner.id);
    expect((await job('a', Number(dayAhead?.due_at)).runOnce()).sent).toBe(1);
    expect((await remindersOf(learner.id))[0]).toMatchObject({
      title: '开班提醒：「太极拳班」明天开班',
      link_type: 'class',
      link_id: classId,
    });
  });
});

describeEachEngine(
  'the reminder job started by the server, on the job queue',
  (ctx) => {
    it('runs on its interval and sends a due reminder without being asked', async () => {
      const { app } = ctx();
      const { db } = app.database;
      const [learner] = (await createLearners(db, 1)) as [TestLearner];
      const channel = await createLiveChannel(db, { siteKey: 'jingan' });
      const startsAt = Date.now() + HOUR + 300;
      const id = await createLiveSession(db, {
        site_key: 'jingan',
        channel_id: channel,
        starts_at: startsAt,
        ends_at: startsAt + HOUR,
      });
      await app.live.reserve('jingan', learner.id, id);
      const sent = async (app: FastifyInstance) =>
        app.database.db
          .selectFrom('messages')
          .select('title')
          .where('user_id', '=', learner.id)
          .execute();
      for (let i = 0; i < 50 && (await sent(app)).length === 0; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await sent(app)).toEqual([{ title: '直播提醒：「测试直播」1 小时后开始' }]);
      // Each round was a background job of the queue, which the console lists.
      const rounds = await app.jobs.list({ kind: 'reminders', state: 'done', page: 1, size: 50 });
      expect(rounds.list.length).toBeGreaterThan(0);
      expect(rounds.list[0]).toMatchObject({ title: '到期提醒', state: 'done', progress: 1 });
      expect(rounds.list.map((round) => round.note)).toContain('发送 1 条，过期 0 条');
    });
  },
  { reminderIntervalMs: 100, jobPollMs: 100 },
);
