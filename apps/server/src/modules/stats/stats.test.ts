import {
  ErrorCode,
  type StatsActive,
  type StatsLearning,
  type StatsLive,
  type StatsPoints,
  type StatsSignups,
  type StatsSummary,
  type StatsTop,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { CompiledQuery, type RootOperationNode } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { postAs } from '../../testing/account-factory.ts';
import { createActivity } from '../../testing/activity-factory.ts';
import { createClass, createLearners, type TestLearner } from '../../testing/class-factory.ts';
import { createCourse } from '../../testing/course-factory.ts';
import { createLiveChannel, createLiveSession } from '../../testing/live-factory.ts';
import { adminCall, createOperator } from '../../testing/operator-factory.ts';
import { describeEachEngine } from '../../testing/test-app.ts';
import type { Operator } from '../operators/operators.service.ts';
import { StatsDesk } from './stats.service.ts';
import { rollupKeys } from './stats-rollup.rules.ts';
import { StatsRollup } from './stats-rollup.ts';

/*
 * The dashboard (数据统计) on both engines, over March and April 2019 of the demo site (days the
 * demo's own data does not reach): three learners who came and learned on known days, a learner
 * of another site who learned too (not counted here), sign-ups, a course started, an article
 * read, a live session watched and points given and taken; each figure as the rows make it, and
 * each refusal in Chinese.
 */

const SITE = 'jingan';
const FROM = '2019-03-01';
const TO = '2019-04-30';
const RANGE = `from=${FROM}&to=${TO}`;

/** A time on a day of 2019 in Asia/Shanghai (10:00 there). */
const at = (day: string) => Date.parse(`${day}T10:00:00+08:00`);

/** When the test's rollup round ran: the day after the range. */
const ROLLED_AT = at('2019-05-01');

/** A learner's learning on a day, in both tables (as the credit writes them). */
async function learn(
  app: FastifyInstance,
  rows: Array<[number, string, 'course' | 'live', number]>,
) {
  const db = app.database.db;
  await db
    .insertInto('learning_time')
    .values(
      rows.map(([user_id, day, kind, seconds]) => ({
        user_id,
        day,
        kind,
        seconds,
        updated_at: at(day),
      })),
    )
    .execute();
  await db
    .insertInto('learning_days')
    .values(
      rows.map(([user_id, day, , seconds]) => ({ user_id, day, seconds, updated_at: at(day) })),
    )
    .execute();
}

describeEachEngine('the dashboard (数据统计)', (ctx) => {
  let app: FastifyInstance;
  let admin: TestLearner;
  let elsewhere: TestLearner;
  let learners: TestLearner[];
  let outsider: TestLearner;
  let articleId: number;
  let courseIds: number[];

  const stats = async <T>(part: string, query = RANGE, who = admin, site = SITE) => {
    const answer = await adminCall<T>(
      app,
      who.token,
      site,
      'GET',
      `/api/admin/stats/${part}?${query}`,
    );
    expect(answer.code, answer.message).toBe(0);
    return answer.data;
  };

  beforeAll(async () => {
    app = ctx().app;
    const db = app.database.db;
    admin = await createOperator(app, [{ site: SITE, role: 'site_admin' }]);
    elsewhere = await createOperator(app, [{ site: 'xuhui', role: 'site_admin' }]);
    learners = await createLearners(db, 3);
    outsider = (await createLearners(db, 1, 'xuhui'))[0] as TestLearner;
    const [first, second, third] = learners.map((learner) => learner.id) as [
      number,
      number,
      number,
    ];
    const joined: Array<[number, string]> = [
      [first, '2019-03-02'],
      [second, '2019-03-02'],
      [third, '2019-03-05'],
    ];
    for (const [id, day] of joined) {
      await db
        .updateTable('site_learners')
        .set({ joined_at: at(day) })
        .where('user_id', '=', id)
        .execute();
    }
    // Learning by day and kind: 17 minutes of courses (two learners), 16 of live (two).
    const time: Array<[number, string, 'course' | 'live', number]> = [
      [first, '2019-03-02', 'course', 600],
      [first, '2019-03-03', 'course', 120],
      [second, '2019-03-03', 'course', 300],
      [second, '2019-03-10', 'live', 60],
      [third, '2019-04-01', 'live', 900],
      [outsider.id, '2019-03-03', 'course', 3000],
    ];
    await learn(app, time);
    // The rollups as a round the day after the range makes them.
    expect(await new StatsRollup(db, { now: () => ROLLED_AT }).runOnce()).toMatchObject({
      left: 0,
    });

    // A class of 10 seats in the range, two signed up in it; an activity, one applied.
    const classId = await createClass(db, {
      title: '统计测试班',
      capacity: 10,
      formFields: [],
    });
    const activityId = await createActivity(db, { title: '统计测试活动', formFields: [] });
    for (const who of learners.slice(0, 2)) {
      const signed = await postAs(app, who.token, '/api/classes/signup', { classId, form: {} });
      expect(signed.code, signed.message).toBe(0);
    }
    const applied = await postAs(app, learners[2]?.token ?? '', '/api/activities/apply', {
      activityId,
      form: {},
    });
    expect(applied.code, applied.message).toBe(0);
    await db
      .updateTable('classes')
      .set({ start_at: at('2019-03-20'), end_at: at('2019-04-20') })
      .where('id', '=', classId)
      .execute();
    await db
      .updateTable('class_signups')
      .set({ signed_up_at: at('2019-03-06') })
      .where('class_id', '=', classId)
      .execute();
    await db
      .updateTable('activities')
      .set({ start_at: at('2019-04-10'), end_at: at('2019-04-10') + 7_200_000 })
      .where('id', '=', activityId)
      .execute();
    await db
      .updateTable('activity_applications')
      .set({ applied_at: at('2019-04-02') })
      .where('activity_id', '=', activityId)
      .execute();

    // Two courses started in the range, by two learners and by one.
    courseIds = [];
    for (const [title, who] of [
      ['统计测试课程甲', [first, second]],
      ['统计测试课程乙', [third]],
    ] as const) {
      const course = await createCourse(db, { title });
      courseIds.push(course.id);
      await db
        .insertInto('course_learners')
        .values(
          who.map((user_id) => ({
            user_id,
            course_id: course.id,
            last_lesson_id: null,
            started_at: at('2019-03-08'),
            last_studied_at: at('2019-03-08'),
            completed_at: null,
          })),
        )
        .execute();
    }
    // A demo article of the site, read by the three in the range.
    const article = await db
      .selectFrom('articles')
      .select('id')
      .where('site_key', '=', SITE)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    articleId = article.id;
    await db
      .insertInto('article_reads')
      .values(
        learners.map((learner) => ({
          user_id: learner.id,
          article_id: articleId,
          read_at: at('2019-03-12'),
        })),
      )
      .execute();

    // A live session in the range: one reservation, two watched (20 and 10 minutes).
    const channelId = await createLiveChannel(db, { siteKey: SITE });
    const sessionId = await createLiveSession(db, {
      site_key: SITE,
      channel_id: channelId,
      title: '统计测试直播',
      starts_at: at('2019-03-15'),
      ends_at: at('2019-03-15') + 3_600_000,
    });
    await db
      .insertInto('live_reservations')
      .values({ user_id: first, session_id: sessionId, created_at: at('2019-03-14') })
      .execute();
    await db
      .insertInto('live_watching')
      .values(
        [
          [first, 1200],
          [second, 600],
        ].map(([user_id, watched]) => ({
          user_id: user_id as number,
          session_id: sessionId,
          position_seconds: 0,
          watched_seconds: watched as number,
          credited_until: at('2019-03-15'),
          created_at: at('2019-03-15'),
          updated_at: at('2019-03-15'),
        })),
      )
      .execute();

    // Points: 10 for logging in, 5 for learning, 3 taken back; another site's not counted.
    const ledger: Array<[string, number, string, number]> = [
      [SITE, first, 'login', 10],
      [SITE, second, 'learning_minute', 5],
      [SITE, first, 'adjustment', -3],
      ['xuhui', outsider.id, 'login', 50],
    ];
    await db
      .insertInto('points_ledger')
      .values(
        ledger.map(([site_key, user_id, rule_key, amount], index) => ({
          site_key,
          user_id,
          rule_key,
          amount,
          balance_after: Math.max(amount, 0),
          source_type: rule_key,
          source_id: null,
          title: rule_key,
          day: '2019-03-03',
          idempotency_key: `stats-test-${index}-${user_id}`,
          created_at: at('2019-03-03'),
        })),
      )
      .execute();
  });

  it('sums up the range: learners, new, active, minutes, sign-ups and points', async () => {
    const { n } = await app.database.db
      .selectFrom('site_learners')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('site_key', '=', SITE)
      .executeTakeFirstOrThrow();
    expect(await stats<StatsSummary>('summary')).toEqual({
      learners: Number(n),
      newLearners: 3,
      activeLearners: 3,
      learningMinutes: 33,
      // Two in the class, one in the activity, one live reservation.
      signups: 4,
      pointsIssued: 15,
    });
    // A day without any of it.
    expect(await stats<StatsSummary>('summary', 'from=2019-03-20&to=2019-03-20')).toMatchObject({
      newLearners: 0,
      activeLearners: 0,
      learningMinutes: 0,
      signups: 0,
      pointsIssued: 0,
    });
  });

  it('counts active learners by day, week (Monday first) and month, each learner once', async () => {
    const active = await stats<StatsActive>('active');
    expect(active.daily).toHaveLength(61);
    expect(active.daily[0]).toEqual({ day: '2019-03-01', active: 0, joined: 0 });
    const on = (day: string) => active.daily.find((row) => row.day === day);
    expect(on('2019-03-02')).toEqual({ day: '2019-03-02', active: 1, joined: 2 });
    expect(on('2019-03-03')).toEqual({ day: '2019-03-03', active: 2, joined: 0 });
    expect(on('2019-03-05')).toEqual({ day: '2019-03-05', active: 0, joined: 1 });
    // 1 March 2019 was a Friday: its week began on 25 February.
    expect(active.weekly.slice(0, 3)).toEqual([
      { week: '2019-02-25', active: 2 },
      { week: '2019-03-04', active: 1 },
      { week: '2019-03-11', active: 0 },
    ]);
    expect(active.weekly.at(-1)?.week).toBe('2019-04-29');
    expect(active.monthly).toEqual([
      { month: '2019-03', active: 2 },
      { month: '2019-04', active: 1 },
    ]);
    // As the round left them: every day, week and month of the range computed.
    expect(active.rollup).toEqual({ updatedAt: new Date(ROLLED_AT).toISOString(), pending: 0 });
  });

  it('splits learning minutes by kind and day', async () => {
    const learning = await stats<StatsLearning>('learning');
    expect(learning.byKind).toEqual([
      // Learner-days: the first learned courses on two days, the second on one.
      { kind: 'course', minutes: 17, learnerDays: 3 },
      { kind: 'live', minutes: 16, learnerDays: 2 },
    ]);
    expect(learning.rollup.pending).toBe(0);
    expect(learning.daily.find((row) => row.day === '2019-03-02')?.minutes).toBe(10);
    expect(learning.daily.reduce((sum, row) => sum + row.minutes, 0)).toBe(
      10 + 7 + 1 + 15, // 600 s, 420 s, 60 s and 900 s, each day's whole minutes
    );
  });

  it('gives the seats and fill rate of the items in the range, and the sign-ups made in it', async () => {
    const { byKind } = await stats<StatsSignups>('signups');
    const of = (kind: string) => byKind.find((row) => row.kind === kind);
    expect(of('class')).toEqual({
      kind: 'class',
      items: 1,
      capacity: 10,
      taken: 2,
      fillRate: 0.2,
      signups: 2,
    });
    expect(of('activity')).toMatchObject({ items: 1, capacity: 20, taken: 1, signups: 1 });
    expect(of('live')).toEqual({
      kind: 'live',
      items: 1,
      capacity: null,
      taken: 1,
      fillRate: null,
      signups: 1,
    });
    expect(byKind.map((row) => row.kind)).toEqual(['class', 'activity', 'slot', 'walk', 'live']);
  });

  it('ranks the courses started, the activities joined and the articles read', async () => {
    const top = await stats<StatsTop>('top');
    expect(top.courses).toEqual([
      { id: courseIds[0], title: '统计测试课程甲', learners: 2 },
      { id: courseIds[1], title: '统计测试课程乙', learners: 1 },
    ]);
    expect(top.activities).toEqual([
      expect.objectContaining({ title: '统计测试活动', taken: 1, capacity: 20 }),
    ]);
    expect(top.articles).toEqual([expect.objectContaining({ id: articleId, reads: 3 })]);
  });

  it('lists the live sessions with their reservations and viewers', async () => {
    const live = await stats<StatsLive>('live');
    expect(live.viewers).toBe(2);
    expect(live.sessions).toEqual([
      {
        id: expect.any(Number),
        title: '统计测试直播',
        startsAt: new Date(at('2019-03-15')).toISOString(),
        reservations: 1,
        viewers: 2,
        minutes: 30,
      },
    ]);
  });

  it('gives the points issued by rule and day, and those taken', async () => {
    const points = await stats<StatsPoints>('points');
    expect(points).toMatchObject({ issued: 15, deducted: 3 });
    expect(points.byRule).toEqual([
      { ruleKey: 'login', name: '每日登录', points: 10, learners: 1 },
      { ruleKey: 'learning_minute', name: '有效学习', points: 5, learners: 1 },
    ]);
    expect(points.daily.find((row) => row.day === '2019-03-03')?.points).toBe(15);
    expect(points.daily).toHaveLength(61);
  });

  it('shows another site’s administrator that site’s figures only', async () => {
    const summary = await stats<StatsSummary>('summary', RANGE, elsewhere, 'xuhui');
    expect(summary).toMatchObject({ activeLearners: 1, learningMinutes: 50, pointsIssued: 50 });
    const denied = await adminCall(
      app,
      elsewhere.token,
      SITE,
      'GET',
      `/api/admin/stats/summary?${RANGE}`,
    );
    expect(denied.code).toBe(ErrorCode.forbidden);
  });

  it('refuses a range it cannot read, in Chinese', async () => {
    const refused = async (query: string) => {
      const answer = await adminCall(
        app,
        admin.token,
        SITE,
        'GET',
        `/api/admin/stats/summary?${query}`,
      );
      expect(answer.code).toBe(ErrorCode.invalid);
      return answer.message;
    };
    expect(await refused('from=2019-03-10&to=2019-03-01')).toContain('开始日期不能晚于结束日期');
    expect(await refused('from=2018-01-01&to=2019-03-01')).toContain('统计范围最多 366 天');
    expect(await refused('from=2019-02-30&to=2019-03-01')).toContain('开始日期应为有效的日期');
    expect(await refused('to=2019-03-01')).toContain('开始日期');
    // A full leap year is 366 days: read.
    expect(
      (await stats<StatsSummary>('summary', 'from=2020-01-01&to=2020-12-31')).learners,
    ).toBeGreaterThan(0);
  });

  it('keeps each series as its last round left it, computing a day again until it is final', async () => {
    const [first, second, third] = learners.map((learner) => learner.id) as [
      number,
      number,
      number,
    ];
    const day = '2018-06-04'; // a Monday
    const query = `from=${day}&to=${day}`;
    const activeOn = async () => (await stats<StatsActive>('active', query)).daily[0]?.active;
    await learn(app, [[first, day, 'course', 300]]);
    // Not computed yet: the range says so.
    expect((await stats<StatsActive>('active', query)).rollup).toEqual({
      updatedAt: null,
      pending: 3,
    });
    const sameDay = new StatsRollup(app.database.db, { now: () => at(day) });
    await sameDay.runOnce();
    expect(await activeOn()).toBe(1);
    expect((await stats<StatsActive>('active', query)).rollup).toEqual({
      updatedAt: new Date(at(day)).toISOString(),
      pending: 0,
    });

    // Learning later that day shows after the next round, not before.
    await learn(app, [[second, day, 'live', 120]]);
    expect(await activeOn()).toBe(1);
    await sameDay.runOnce();
    expect(await activeOn()).toBe(2);
    expect((await stats<StatsLearning>('learning', query)).byKind).toEqual([
      { kind: 'course', minutes: 5, learnerDays: 1 },
      { kind: 'live', minutes: 2, learnerDays: 1 },
    ]);

    // Three days on, the day is computed once more and is then final: late rows are left alone.
    const later = new StatsRollup(app.database.db, { now: () => at('2018-06-07') });
    await later.runOnce();
    // Still open, newest first: the month, the week, and the two days not yet two days old.
    expect((await later.due()).map((key) => key.key)).toEqual([
      'month:2018-06',
      'week:2018-06-04',
      'day:2018-06-07',
      'day:2018-06-06',
    ]);
    await learn(app, [[third, day, 'course', 60]]);
    await later.runOnce();
    expect(await activeOn()).toBe(2);
    expect((await stats<StatsActive>('active', 'from=2018-06-04&to=2018-06-10')).weekly).toEqual([
      { week: '2018-06-04', active: 3 },
    ]);
  });

  it('lets two rounds compute the same day at once, the later result standing', async () => {
    const key = rollupKeys('2019-03-03', '2019-03-03')[0];
    if (!key) throw new Error('no key');
    const rounds = [1, 2].map(
      (n) => new StatsRollup(app.database.db, { now: () => ROLLED_AT + n }),
    );
    await Promise.all(rounds.map((round, n) => round.compute(key, ROLLED_AT + n)));
    const rows = await app.database.db
      .selectFrom('stats_days')
      .where('site_key', '=', SITE)
      .where('day', '=', '2019-03-03')
      .select(['kind', 'learners', 'seconds'])
      .orderBy('kind')
      .execute();
    expect(rows.map((row) => [row.kind, Number(row.learners), Number(row.seconds)])).toEqual([
      ['all', 2, 420],
      ['course', 2, 420],
    ]);
  });

  it('reads the large tables through their indexes, never whole (SQLite’s plans)', async () => {
    if (app.database.engine !== 'sqlite') return;
    const nodes: RootOperationNode[] = [];
    const db = app.database.db.withPlugin({
      transformQuery: ({ node }) => {
        nodes.push(node);
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    const desk = new StatsDesk(db);
    // The rollup's reads too: a day, a week and a month of the range.
    const rollup = new StatsRollup(db, { now: () => ROLLED_AT });
    for (const key of rollupKeys('2019-03-03', '2019-03-03')) await rollup.compute(key, ROLLED_AT);
    await rollup.due();
    const operator = { siteKey: SITE } as Operator;
    const range = { from: FROM, to: TO };
    for (const part of [
      'summary',
      'active',
      'learning',
      'signups',
      'top',
      'live',
      'points',
    ] as const) {
      await desk[part](operator, range);
    }
    const large = [
      'learning_time',
      'learning_days',
      'points_ledger',
      'article_reads',
      'course_learners',
      'site_learners',
      'class_signups',
      'activity_applications',
    ];
    const whole: string[] = [];
    for (const node of nodes) {
      const compiled = db.getExecutor().compileQuery(node, { queryId: 'plan' });
      const plan = await db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
      );
      for (const { detail } of plan.rows) {
        // `SCAN d` reads all of what `d` names (a table, or an index whole); `SEARCH` a range.
        const alias = /^SCAN (\w+)/.exec(detail)?.[1];
        if (!alias) continue;
        const table = new RegExp(`"(\\w+)" as "${alias}"`).exec(compiled.sql)?.[1] ?? alias;
        if (large.includes(table)) whole.push(`${table}: ${detail}`);
      }
    }
    expect(nodes.length).toBeGreaterThan(15);
    expect(whole).toEqual([]);
  });

  it('is for the site’s administrators, editors and reviewers only', async () => {
    const door = await createOperator(app, [{ site: SITE, role: 'checkin' }]);
    const refused = await adminCall(app, door.token, SITE, 'GET', `/api/admin/stats/top?${RANGE}`);
    expect(refused.code).toBe(ErrorCode.forbidden);
    const reviewer = await createOperator(app, [{ site: SITE, role: 'reviewer' }]);
    await stats<StatsTop>('top', RANGE, reviewer);
    const learner = await adminCall(
      app,
      learners[0]?.token ?? '',
      SITE,
      'GET',
      `/api/admin/stats/top?${RANGE}`,
    );
    expect(learner.code).not.toBe(0);
  });
});
