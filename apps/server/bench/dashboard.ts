import { addDays, type StatsRangeQuery, shanghaiDay } from '@portal/contract';
import { sql } from 'kysely';
import { openConfiguredDatabase } from '../src/db/configured.ts';
import { refreshStatistics } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import type { Operator } from '../src/modules/operators/operators.service.ts';
import { StatsDesk } from '../src/modules/stats/stats.service.ts';
import { StatsRollup } from '../src/modules/stats/stats-rollup.ts';
import { seedDemo } from '../src/seed/seed.ts';
import { fillHistory } from './fill/history.ts';
import { fillLearners } from './fill/rankings.ts';
import { benchDatabaseUrl, positiveEnv, Resources } from './harness.ts';
import { alignedTable } from './text-table.ts';

// npm run bench:dashboard   (BENCH_DISTRICT_LEARNERS=100000 BENCH_DISTRICT_DAYS=50 BENCH_RUNS=5
//                            BENCH_DATABASE_URL=postgres://...)
// The dashboard (数据统计, issue 31) at a district's size: a throwaway database (SQLite, or a
// fresh schema of BENCH_DATABASE_URL) seeded with the demo and filled as the main bench's
// district (`fill-district.ts`): 100,000 more learners of the site, each learning both kinds of
// content on each of 50 days (ten million rows of learning time), their ledgers and teams. Each
// part of the dashboard is then read through the service, as the console's calls do, for the
// last 7, 30 and 365 days: the median and the slowest of BENCH_RUNS reads after one to warm up,
// beside the floor of the same run (one learner of the site read by its key), and the ratio;
// then the rollup job's first round (every day, week and month since the first learning) and a
// later one (what is still open), whose series the active and learning parts read.

const LEARNERS = positiveEnv('BENCH_DISTRICT_LEARNERS', 100_000);
const DAYS = positiveEnv('BENCH_DISTRICT_DAYS', 50);
const RUNS = positiveEnv('BENCH_RUNS', 5);
const SITE = 'jingan';

const PARTS = ['summary', 'active', 'learning', 'signups', 'top', 'live', 'points'] as const;
type Part = (typeof PARTS)[number];

const started = Date.now();
const step = (what: string) =>
  console.log(`bench:dashboard: ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`);

/** The median and the slowest of `RUNS` timings of `read` (ms), after one read to warm up. */
async function timed(read: () => Promise<unknown>): Promise<{ median: number; max: number }> {
  await read();
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const start = performance.now();
    await read();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)] ?? 0, max: times.at(-1) ?? 0 };
}

const resources = new Resources();
process.on('exit', () => resources.cleanupNow());
try {
  const url = benchDatabaseUrl();
  const database = await openConfiguredDatabase({
    databaseUrl: url ? await resources.newSchema(url) : undefined,
    dataDir: resources.newDataDir(),
  });
  try {
    await migrateToLatest(database);
    await seedDemo(database, { scale: 1 });
    step(`demo seeded on ${database.engine}`);
    const ids = await fillLearners(database, {
      learners: LEARNERS,
      teams: Math.floor(LEARNERS / 20),
      olderRows: 9,
    });
    step(`${ids.length} learners, their ledgers and teams`);
    await fillHistory(database, ids, { learningDays: DAYS, messages: 1, notices: 1 });
    step(`${DAYS} days of learning time each`);
    await refreshStatistics(database);
    if (database.engine === 'sqlite')
      await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(database.db);
    const count = async (
      table: 'learning_time' | 'learning_days' | 'site_learners' | 'points_ledger',
    ) =>
      Number(
        (
          await database.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const sizes = {
      site_learners: await count('site_learners'),
      learning_time: await count('learning_time'),
      learning_days: await count('learning_days'),
      points_ledger: await count('points_ledger'),
    };
    step(`filled: ${JSON.stringify(sizes)}`);

    // The rollups: the first round computes every day, week and month since the first learning;
    // a later one only what is still open (today, yesterday, this week and month).
    const rollup = new StatsRollup(database.db);
    const backfillStart = performance.now();
    const backfill = await rollup.runOnce();
    const backfillMs = performance.now() - backfillStart;
    step(`rollup backfill: ${backfill.computed} keys, ${backfill.left} left`);
    const roundStart = performance.now();
    const round = await rollup.runOnce();
    const roundMs = performance.now() - roundStart;
    const desk = new StatsDesk(database.db);
    const operator: Operator = {
      userId: 0,
      nickname: 'bench',
      siteKey: SITE,
      roles: new Set(['site_admin']),
      superAdmin: false,
      ip: '127.0.0.1',
    };
    const someone = ids[Math.floor(ids.length / 2)] ?? 0;
    const floor = await timed(() =>
      database.db
        .selectFrom('site_learners')
        .select('joined_at')
        .where('site_key', '=', SITE)
        .where('user_id', '=', someone)
        .executeTakeFirst(),
    );
    const today = shanghaiDay(Date.now());
    const rows: string[][] = [];
    for (const days of [7, 30, 365]) {
      const range: StatsRangeQuery = { from: addDays(today, 1 - days), to: today };
      for (const part of PARTS) {
        const time = await timed(() => desk[part as Part](operator, range));
        rows.push([
          `${part} · ${days} 天`,
          time.median.toFixed(1),
          time.max.toFixed(1),
          Math.round(time.median / Math.max(floor.median, 0.001)).toLocaleString('en'),
        ]);
      }
    }
    console.log(
      `\n数据统计 at ${sizes.site_learners.toLocaleString('en')} learners of ${SITE} and ${sizes.learning_time.toLocaleString('en')} rows of learning time (${database.engine}); floor (one learner by key): ${floor.median.toFixed(3)} ms\n`,
    );
    console.log(alignedTable(['part · range', 'median ms', 'max ms', '× floor'], rows));
    console.log(
      `\nrollup (统计汇总): first round ${backfill.computed} days, weeks and months in ${(backfillMs / 1000).toFixed(1)} s; a later round (what is still open: ${round.computed}) in ${(roundMs / 1000).toFixed(2)} s`,
    );
  } finally {
    await database.destroy();
  }
} finally {
  await resources.cleanup();
}
