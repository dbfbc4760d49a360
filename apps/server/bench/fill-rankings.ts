import { openConfiguredDatabase } from '../src/db/configured.ts';
import { refreshStatistics } from '../src/db/database.ts';
import { periodKeysAt } from '../src/modules/rankings/rankings.periods.ts';
import { dayKey } from '../src/modules/study/study.rules.ts';

// tsx bench/fill-rankings.ts   (same DATA_DIR / DATABASE_URL as the server under test)
// Adds BENCH_RANKING_LEARNERS (100,000) learners of `jingan` with points earned this week, and
// BENCH_RANKING_TEAMS (5,000) teams of 20 of them, written as the award path would leave them:
// one ledger row and balance per learner, their totals of each period, the histogram and the
// teams' totals. Bulk inserts, so the fill takes seconds rather than 100,000 awards.

const LEARNERS = Number(process.env.BENCH_RANKING_LEARNERS ?? 100_000);
const TEAMS = Number(process.env.BENCH_RANKING_TEAMS ?? 5_000);
const TEAM_SIZE = 20;
const CHUNK = 500;

/** A deterministic spread of points: most learners have a little, a few have a lot. */
const pointsOf = (i: number) => 1 + ((i * 7919) % 997) + (i % 13 === 0 ? i % 3000 : 0);

const database = await openConfiguredDatabase();
const { db } = database;
const now = Date.now();
const day = dayKey(now);
const periods = periodKeysAt(now);
const started = Date.now();

async function chunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

try {
  const userIds: number[] = [];
  const hash = 'bench-no-login';
  for (let i = 0; i < LEARNERS; i += CHUNK) {
    const rows = Array.from({ length: Math.min(CHUNK, LEARNERS - i) }, (_, k) => ({
      username: `bench${String(i + k).padStart(8, '0')}`,
      password_hash: hash,
      nickname: `学员${i + k}`,
      avatar: null,
      created_at: now,
    }));
    const ids = await db.insertInto('users').values(rows).returning('id').execute();
    userIds.push(...ids.map((row) => row.id));
  }
  const points = userIds.map((_, i) => pointsOf(i));
  await chunked(
    userIds.map((id, i) => ({
      site_key: 'jingan',
      user_id: id,
      rule_key: 'login',
      amount: points[i] as number,
      balance_after: points[i] as number,
      source_type: 'login',
      source_id: null,
      title: '基准测试',
      day,
      idempotency_key: `bench:${id}`,
      created_at: now,
    })),
    (chunk) => db.insertInto('points_ledger').values(chunk).execute(),
  );
  await chunked(
    userIds.map((id, i) => ({
      user_id: id,
      site_key: 'jingan',
      balance: points[i] as number,
      updated_at: now,
    })),
    (chunk) => db.insertInto('points_balances').values(chunk).execute(),
  );
  for (const period of periods) {
    await chunked(
      userIds.map((id, i) => ({
        site_key: 'jingan',
        period,
        user_id: id,
        points: points[i] as number,
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

  const teamCount = Math.min(TEAMS, Math.floor(userIds.length / TEAM_SIZE));
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
    const totals = ids.flatMap((team, k) => {
      let sum = 0;
      for (let m = 0; m < TEAM_SIZE; m += 1) sum += points[(t + k) * TEAM_SIZE + m] as number;
      return periods.map((period) => ({
        site_key: 'jingan',
        period,
        team_id: team.id,
        points: sum,
        updated_at: now,
      }));
    });
    await chunked(totals, (chunk) => db.insertInto('team_points_totals').values(chunk).execute());
  }
  // Fresh statistics for the planner, read by the server already running on this database.
  await refreshStatistics(database);
  console.log(
    `filled ${userIds.length} learners and ${teamCount} teams in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
} finally {
  await database.destroy();
}
