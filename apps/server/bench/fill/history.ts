import { LEARNING_KINDS } from '@portal/contract';
import { sql } from 'kysely';
import type { Db } from '../../src/db/database.ts';
import { rebuildLearningTotals } from '../../src/modules/statistics/statistics.queries.ts';
import { DEMO_LEARNERS } from '../../src/seed/seed.ts';
import { bigint, DAY_MS, daysBefore, idRanges, int } from './support.ts';

export interface HistoryFill {
  /** Days of learning time of each learner (one row a kind a day, so twice that many rows). */
  learningDays: number;
  /** Own messages of each learner (signups, check-ins, reminders; the older ones read). */
  messages: number;
  /** Notices to everyone on the site, beside the seed's. */
  notices: number;
}

/** What a demo learner has at district scale: a year of learning, a long message list. */
const DEMO_DAYS = 365;
const DEMO_MESSAGES = 1_000;
/** Learners a set-based insert covers (rows: this times the rows of a learner). */
const USERS_PER_STATEMENT = 2_000;

/**
 * Adds what learners leave behind over time, set-based a range of learners a statement: a day's
 * learning time of each kind, the day's total and the learner's (`learning_time`,
 * `learning_days`, `learning_totals`), and own messages. The demo learners get a year of
 * learning and a thousand messages.
 */
export async function fillHistory(
  database: Db,
  learnerIds: readonly number[],
  fill: HistoryFill,
): Promise<void> {
  const { db } = database;
  const now = Date.now();
  const demo = await db
    .selectFrom('users')
    .select('id')
    .where(
      'username',
      'in',
      DEMO_LEARNERS.map((learner) => learner.username),
    )
    .orderBy('id')
    .execute();
  const learners = idRanges(learnerIds, USERS_PER_STATEMENT);
  const demoRanges = demo.map((row): [number, number] => [row.id, row.id]);
  await learningTime(database, learners, daysBefore(now, fill.learningDays, fill.learningDays));
  await learningTime(database, demoRanges, daysBefore(now, DEMO_DAYS, DEMO_DAYS));
  await messages(database, learners, fill.messages, now);
  await messages(database, demoRanges, DEMO_MESSAGES, now);
  await notices(database, fill.notices, now);
}

/** Seconds of a learner on day `n` of a kind: a deterministic spread of 1 to 40 minutes. */
const seconds = sql`60 + (u.id * 7 + d.n * 13 + k.m * 29) % 2340`;

async function learningTime(
  { db, engine }: Db,
  ranges: Array<[number, number]>,
  days: Array<{ day: string; at: number }>,
): Promise<void> {
  const dayValues = sql.join(
    days.map((d, n) => sql`(${int(n)}, ${d.day}, ${bigint(d.at)})`),
    sql`, `,
  );
  const kindValues = sql.join(
    LEARNING_KINDS.map((kind, m) => sql`(${int(m)}, ${kind})`),
    sql`, `,
  );
  for (const [lo, hi] of ranges) {
    await sql`
      WITH d(n, day, at) AS (VALUES ${dayValues}), k(m, kind) AS (VALUES ${kindValues})
      INSERT INTO learning_time (user_id, day, kind, seconds, updated_at)
      SELECT u.id, d.day, k.kind, ${seconds}, d.at
      FROM users u CROSS JOIN d CROSS JOIN k
      WHERE u.id BETWEEN ${lo} AND ${hi}
      ORDER BY u.id, d.day, k.kind
      ON CONFLICT DO NOTHING`.execute(db);
    await sql`
      INSERT INTO learning_days (user_id, day, seconds, updated_at)
      SELECT user_id, day, SUM(seconds), MAX(updated_at)
      FROM learning_time
      WHERE user_id BETWEEN ${lo} AND ${hi}
      GROUP BY user_id, day
      ORDER BY user_id, day
      ON CONFLICT (user_id, day) DO UPDATE SET seconds = excluded.seconds`.execute(db);
    await rebuildLearningTotals(db, engine, { from: lo, to: hi });
  }
}

/** Kinds, titles and bodies of the filled messages, in turn. */
const MESSAGE_SHAPES = [
  ['signup', '报名成功', '您已成功报名「社区书法公益课」，请按时参加。'],
  ['checkin', '签到成功', '您已在「静安图书馆读书会」签到，获得学习积分。'],
  ['reminder', '活动提醒', '您报名的「健康讲座」将于明天开始，请合理安排时间。'],
  ['team', '团队消息', '您加入的团队发布了新的作品，快去看看吧。'],
] as const;

async function messages(
  { db }: Db,
  ranges: Array<[number, number]>,
  perLearner: number,
  now: number,
): Promise<void> {
  const shapes = sql.join(
    Array.from({ length: perLearner }, (_, n) => {
      const [kind, title, body] = MESSAGE_SHAPES[n % MESSAGE_SHAPES.length] as readonly [
        string,
        string,
        string,
      ];
      // Oldest first, a few hours apart; all but the newest three read.
      const at = now - (perLearner - n) * 5 * 3_600_000;
      const read = n < perLearner - 3 ? at + 60_000 : null;
      return sql`(${int(n)}, ${kind}, ${title}, ${body}, ${bigint(at)}, ${bigint(read)})`;
    }),
    sql`, `,
  );
  for (const [lo, hi] of ranges) {
    await sql`
      WITH s(n, kind, title, body, at, read_at) AS (VALUES ${shapes})
      INSERT INTO messages
        (site_key, user_id, kind, title, body, dedupe_key, link_type, link_id, created_at, read_at)
      SELECT 'jingan', u.id, s.kind, s.title, s.body, 'bench:' || s.n, NULL, NULL, s.at, s.read_at
      FROM users u CROSS JOIN s
      WHERE u.id BETWEEN ${lo} AND ${hi}
      ORDER BY s.at, u.id`.execute(db);
  }
}

/** Notices to everyone, a day apart, the newest a week old (before the seed's own). */
async function notices({ db }: Db, count: number, now: number): Promise<void> {
  const rows = Array.from({ length: count }, (_, n) => ({
    site_key: 'jingan',
    user_id: null,
    kind: 'notice' as const,
    title: `静安学习网通知第${n + 1}期`,
    body: '学习网本周更新了课程与活动，欢迎前往查看。',
    dedupe_key: `bench:notice:${n}`,
    link_type: null,
    link_id: null,
    created_at: now - (7 + count - n) * DAY_MS,
    read_at: null,
  }));
  if (rows.length > 0) await db.insertInto('messages').values(rows).execute();
}
