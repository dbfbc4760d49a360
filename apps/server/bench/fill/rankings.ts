import { sql } from 'kysely';
import type { Db } from '../../src/db/database.ts';
import { periodKeysAt } from '../../src/modules/rankings/rankings.periods.ts';
import { dayKey } from '../../src/modules/study/study.rules.ts';
import { bigint, chunked, DAY_MS, daysBefore, idRanges, int } from './support.ts';

export interface LearnerFill {
  /** Learners added (`bench00000000`, ...), each with points earned this week. */
  learners: number;
  /** Teams of {@link TEAM_SIZE} of them. */
  teams: number;
  /**
   * Older ledger rows per learner before this week's (earned 40 days ago and earlier, so they
   * count in the all-time standings only): the district's million ledger rows.
   */
  olderRows: number;
}

export const TEAM_SIZE = 20;

/** A deterministic spread of points: most learners have a little, a few have a lot. */
const pointsOf = (i: number) => 1 + ((i * 7919) % 997) + (i % 13 === 0 ? i % 3000 : 0);
/** Points of each older row of learner `id` (the same for all of that learner's). */
const olderAmountOf = (id: number) => 1 + (id % 5);
/** The oldest of the older rows: this many days ago. */
const OLDER_FROM_DAYS = 40;

/**
 * Adds learners of `jingan` with points, and teams of them, written as the award path would
 * leave them: ledger rows with running balances (older ones first, so ids follow time), the
 * balance, the totals of each period, the histogram and the teams' totals. Bulk inserts, so the
 * fill takes seconds rather than 100,000 awards. Answers the new learners' ids.
 */
export async function fillLearners(
  { db }: Db,
  { learners, teams, olderRows }: LearnerFill,
): Promise<number[]> {
  const now = Date.now();
  const day = dayKey(now);
  const periods = periodKeysAt(now);
  const userIds: number[] = [];
  const hash = 'bench-no-login';
  await chunked(
    Array.from({ length: learners }, (_, i) => i),
    async (chunk) => {
      const rows = chunk.map((i) => ({
        username: `bench${String(i).padStart(8, '0')}`,
        password_hash: hash,
        nickname: `学员${i}`,
        avatar: null,
        created_at: now - 400 * DAY_MS,
      }));
      const ids = await db.insertInto('users').values(rows).returning('id').execute();
      userIds.push(...ids.map((row) => row.id));
    },
  );
  if (olderRows > 0) {
    // Set-based: one statement a range of learners, the rows of a learner oldest first.
    const days = daysBefore(now, OLDER_FROM_DAYS + 3 * (olderRows - 1), olderRows, 3);
    const values = sql.join(
      days.map((d, n) => sql`(${int(n + 1)}, ${d.day}, ${bigint(d.at)})`),
      sql`, `,
    );
    for (const [lo, hi] of idRanges(userIds, 2_000)) {
      await sql`
        WITH k(n, day, at) AS (VALUES ${values})
        INSERT INTO points_ledger
          (site_key, user_id, rule_key, amount, balance_after, source_type, source_id, title, day,
           idempotency_key, created_at)
        SELECT 'jingan', u.id, 'study', 1 + u.id % 5, k.n * (1 + u.id % 5), 'study', NULL,
               '学习课程', k.day, 'bench:' || u.id || ':' || k.n, k.at
        FROM users u CROSS JOIN k
        WHERE u.id BETWEEN ${lo} AND ${hi}
        ORDER BY u.id, k.n`.execute(db);
    }
  }
  const older = (id: number) => olderRows * olderAmountOf(id);
  const points = userIds.map((_, i) => pointsOf(i));
  const balanceOf = (i: number) => older(userIds[i] as number) + (points[i] as number);
  await chunked(
    userIds.map((id, i) => ({
      site_key: 'jingan',
      user_id: id,
      rule_key: 'login',
      amount: points[i] as number,
      balance_after: balanceOf(i),
      source_type: 'login',
      source_id: null,
      title: '基准测试',
      day,
      idempotency_key: `bench:${id}`,
      created_at: now,
    })),
    (chunk) => db.insertInto('points_ledger').values(chunk).execute(),
  );
  // The site's learners (学员管理, 数据统计): joined over the 400 days they exist, a few a day,
  // last seen within the last 45.
  await chunked(
    userIds.map((id) => ({
      site_key: 'jingan',
      user_id: id,
      joined_at: now - ((id * 7919) % 400) * DAY_MS,
      last_seen_at: now - (id % 45) * DAY_MS,
      disabled_at: null,
      disabled_reason: null,
      disabled_by: null,
    })),
    (chunk) => db.insertInto('site_learners').values(chunk).execute(),
  );
  await chunked(
    userIds.map((id, i) => ({
      user_id: id,
      site_key: 'jingan',
      balance: balanceOf(i),
      updated_at: now,
    })),
    (chunk) => db.insertInto('points_balances').values(chunk).execute(),
  );
  // This week's and month's points are the newest row's; all time adds the older rows.
  const totalOf = (period: string, i: number) =>
    period === 'all' ? balanceOf(i) : (points[i] as number);
  for (const period of periods) {
    await chunked(
      userIds.map((id, i) => ({
        site_key: 'jingan',
        period,
        user_id: id,
        points: totalOf(period, i),
        updated_at: now,
      })),
      (chunk) =>
        db
          .insertInto('points_totals')
          .values(chunk)
          .onConflict((oc) =>
            oc.columns(['site_key', 'period', 'user_id']).doUpdateSet((eb) => ({
              points: eb('points_totals.points', '+', eb.ref('excluded.points')),
            })),
          )
          .execute(),
    );
  }
  // The histogram again from the totals (the demo's own learners are in them too).
  await db.deleteFrom('points_histogram').where('site_key', '=', 'jingan').execute();
  const buckets = await db
    .selectFrom('points_totals')
    .select(['period', 'points', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('site_key', '=', 'jingan')
    .groupBy(['period', 'points'])
    .execute();
  await chunked(
    buckets.map((row) => ({
      site_key: 'jingan',
      period: row.period,
      points: Number(row.points),
      learners: Number(row.n),
    })),
    (chunk) => db.insertInto('points_histogram').values(chunk).execute(),
  );
  await fillTeams(db, userIds, teams, (period, i) => totalOf(period, i), now);
  return userIds;
}

async function fillTeams(
  db: Db['db'],
  userIds: number[],
  teams: number,
  totalOf: (period: string, i: number) => number,
  now: number,
): Promise<void> {
  const periods = periodKeysAt(now);
  const teamCount = Math.min(teams, Math.floor(userIds.length / TEAM_SIZE));
  const CHUNK = 500;
  for (let t = 0; t < teamCount; t += CHUNK) {
    const rows = Array.from({ length: Math.min(CHUNK, teamCount - t) }, (_, k) => ({
      site_key: 'jingan',
      name: `基准团队${t + k}`,
      avatar: null,
      intro: '',
      join_mode: 'open' as const,
      invite_code: `B${String(t + k).padStart(7, '0')}`,
      leader_id: userIds[(t + k) * TEAM_SIZE] as number,
      capacity: TEAM_SIZE,
      seats_taken: TEAM_SIZE,
      last_active_at: now,
      created_at: now,
      updated_at: now,
    }));
    const ids = await db.insertInto('teams').values(rows).returning('id').execute();
    const members = ids.flatMap((team, k) =>
      Array.from({ length: TEAM_SIZE }, (_, m) => ({
        team_id: team.id,
        user_id: userIds[(t + k) * TEAM_SIZE + m] as number,
        status: 'active' as const,
        joined_at: now,
        created_at: now,
        updated_at: now,
      })),
    );
    await chunked(members, (chunk) => db.insertInto('team_members').values(chunk).execute());
    const totals = ids.flatMap((team, k) =>
      periods.map((period) => {
        let sum = 0;
        for (let m = 0; m < TEAM_SIZE; m += 1) sum += totalOf(period, (t + k) * TEAM_SIZE + m);
        return { site_key: 'jingan', period, team_id: team.id, points: sum, updated_at: now };
      }),
    );
    await chunked(totals, (chunk) => db.insertInto('team_points_totals').values(chunk).execute());
  }
}
