import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { findTsx } from '../bench/child-process.ts';
import {
  positiveEnv,
  type Resources,
  runBench,
  STARTUP_TIMEOUT_MS,
  serverDir,
  startApp,
  twoFreePorts,
} from '../bench/harness.ts';
import { HttpClient } from '../bench/http-client.ts';
import { runOpenLoop, summarise } from '../bench/open-loop.ts';
import { createDatabase } from '../src/db/database.ts';
import { createLearners } from './learners.ts';
import { buildSoakMix, mixSlot, type SoakOperation, serverOf } from './soak-mix.ts';
import {
  errorVerdict,
  formatSoakTable,
  MinuteRecorder,
  minuteOf,
  p99Verdict,
  rssVerdict,
} from './soak-stats.ts';

// npm run soak   (SOAK_MINUTES=10 SOAK_RATE=100 SOAK_LEARNERS=300 SOAK_WARMUP=30
//                 TEST_DATABASE_URL=postgres://...)
// Two server instances, started as `npm start` starts them (tsx src/server.ts), on a fresh schema
// of one PostgreSQL database (dropped at the end): the first migrates and seeds, the second starts
// once the first answers. A constant open-loop rate of 80 % reads and 20 % writes, spread over
// both, for SOAK_MINUTES after a SOAK_WARMUP-second warm-up; per minute the requests, errors,
// latency percentiles and each server's resident memory. Exits 1 unless there were no errors, the
// last minute's p99 stayed within the bound of the first's, and each server's memory stayed flat.

/** The default rate, requests per second: about a third of what two instances sustain here. */
const DEFAULT_RATE = 100;
const DEFAULT_LEARNERS = 300;
/** Memory is sampled this often; each minute keeps its last sample. */
const SAMPLE_EVERY_MS = 5_000;
/** The last minute's p99 at most twice the first's, or the first's + 25 ms when that is larger. */
const P99_BOUND = { factor: 2, slackMs: 25 };
/** After the first minute, each server grows at most 48 MB, and by at most 3 MB a minute. */
const RSS_BOUND = { maxGrowthMb: 48, maxSlopeMbPerMinute: 3 };

interface SoakSettings {
  databaseUrl: string;
  minutes: number;
  rate: number;
  learners: number;
  warmupSeconds: number;
  /** SOAK_PROBE=100,200,400: instead of the soak, the mix at each rate for a short while. */
  probeRates: number[];
  probeSeconds: number;
}

function readSettings(): SoakSettings {
  const databaseUrl =
    process.env.TEST_DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/test';
  if (!/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error(`TEST_DATABASE_URL must be a postgres:// URL, got "${databaseUrl}"`);
  }
  return {
    databaseUrl,
    minutes: positiveEnv('SOAK_MINUTES', 10, false),
    rate: positiveEnv('SOAK_RATE', DEFAULT_RATE, false),
    learners: positiveEnv('SOAK_LEARNERS', DEFAULT_LEARNERS),
    warmupSeconds: process.env.SOAK_WARMUP === '0' ? 0 : positiveEnv('SOAK_WARMUP', 30),
    probeRates: (process.env.SOAK_PROBE ?? '')
      .split(',')
      .filter((rate) => rate.trim() !== '')
      .map((rate) => {
        const value = Number(rate);
        if (!(value > 0)) throw new Error(`SOAK_PROBE must list positive rates, got "${rate}"`);
        return value;
      }),
    probeSeconds: positiveEnv('SOAK_PROBE_SECONDS', 20),
  };
}

async function checkPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    throw new Error(
      `the soak needs PostgreSQL; ${url} did not answer (${error instanceof Error ? error.message : String(error)})`,
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

async function soak(resources: Resources, settings: SoakSettings): Promise<number> {
  const { rate, minutes, learners: learnerCount, warmupSeconds } = settings;
  await checkPostgres(settings.databaseUrl);
  const tsx = findTsx(serverDir);
  const plan =
    settings.probeRates.length > 0
      ? `probe at ${settings.probeRates.join(', ')} req/s, ${settings.probeSeconds} s each,`
      : `${minutes} min at ${rate} req/s`;
  console.log(
    `soak: ${plan} (80 % reads, 20 % writes) after ${warmupSeconds} s` +
      ` of warm-up, ${learnerCount} learners, 2 instances over PostgreSQL, node ${process.version},` +
      ` ${os.cpus().length} CPUs, load average ${load()}`,
  );
  const [port1, port2] = await twoFreePorts();
  const first = await startApp(resources, tsx, {
    scale: 1,
    port: port1,
    databaseUrl: settings.databaseUrl,
    name: 'server 1',
  });
  // Once the first has migrated and seeded: the second finds the database ready.
  const second = await startApp(resources, tsx, {
    scale: 1,
    port: port2,
    databaseUrl: settings.databaseUrl,
    join: first.store,
    name: 'server 2',
  });
  const servers = [first, second];
  const origins = servers.map((server) => server.origin);
  console.log(`servers at ${origins.join(' and ')}`);

  const madeAt = performance.now();
  const database = await createDatabase({
    databaseUrl: first.store.databaseUrl || undefined,
    sqliteFile: path.join(first.store.dataDir, 'portal.sqlite'),
    pgPoolSize: 4,
  });
  const learners = await createLearners(database.db, origins, learnerCount).finally(() =>
    database.destroy(),
  );
  console.log(
    `${learners.length} learners made and logged in, in ${((performance.now() - madeAt) / 1000).toFixed(1)} s`,
  );

  const clients = origins.map((origin) => new HttpClient(origin));
  try {
    const mix = await buildSoakMix(clients[0] as HttpClient, learners);
    const problems = new Map<string, number>();
    const send = async (index: number) => {
      const slot = mixSlot(index);
      const operations = slot.kind === 'read' ? mix.reads : mix.writes;
      const operation = operations[slot.nth % operations.length] as SoakOperation;
      const server = serverOf(slot.nth, operations.length, clients.length);
      const problem = await operation.send(
        clients[server] as HttpClient,
        Math.floor(slot.nth / operations.length),
      );
      if (problem === null) return null;
      const key = `${operation.name} on server ${server + 1}: ${problem.slice(0, 160)}`;
      if (problems.has(key) || problems.size < 50) problems.set(key, (problems.get(key) ?? 0) + 1);
      return key;
    };

    let next = 0;
    let warmupErrors = 0;
    if (warmupSeconds > 0) {
      const warm = await runOpenLoop({ rate, durationMs: warmupSeconds * 1000, send });
      next = warm.sent;
      warmupErrors = warm.failures;
      console.log(`warm-up: ${warm.sent} requests, ${warm.failures} errors`);
    }

    if (settings.probeRates.length > 0) {
      console.log('\nprobe: the mix at each rate (to find what the two instances sustain)');
      console.log('  rate  achieved  p50 ms  p99 ms  errors');
      for (const probeRate of settings.probeRates) {
        const run = await runOpenLoop({
          rate: probeRate,
          durationMs: settings.probeSeconds * 1000,
          send,
          firstIndex: next,
        });
        next += run.sent;
        const summary = summarise(run);
        console.log(
          `  ${String(probeRate).padStart(4)}  ${summary.achievedRate.toFixed(0).padStart(8)}` +
            `  ${summary.p50.toFixed(1).padStart(6)}  ${summary.p99.toFixed(1).padStart(6)}` +
            `  ${run.failures}/${run.sent}   (load average ${load()})`,
        );
      }
      for (const [problem, count] of [...problems].slice(0, 10))
        console.log(`  ${count}x ${problem}`);
      return 0;
    }

    const recorder = new MinuteRecorder();
    const firstIndex = next;
    const startedAt = performance.now();
    const lastMinute = Math.ceil(minutes) - 1;
    const sample = () => {
      const minute = Math.min(lastMinute, Math.floor((performance.now() - startedAt) / 60_000));
      recorder.memory(
        minute,
        servers.map((server) => server.app.scriptRssBytes()),
      );
    };
    sample();
    const sampler = setInterval(sample, SAMPLE_EVERY_MS);
    let result: Awaited<ReturnType<typeof runOpenLoop>>;
    try {
      result = await runOpenLoop({
        rate,
        durationMs: minutes * 60_000,
        send,
        firstIndex,
        onAnswer: (index, latency, problem) => {
          const minute = Math.min(lastMinute, minuteOf(index, firstIndex, rate));
          recorder.answer(minute, latency, problem !== null);
        },
      });
    } finally {
      clearInterval(sampler);
    }
    sample();
    for (const server of servers) {
      if (!server.app.running)
        throw new Error(`${server.app.name} exited during the soak\n${server.app.tail()}`);
    }

    const rows = recorder.rows();
    const verdicts = [
      errorVerdict(rows),
      p99Verdict(rows, P99_BOUND),
      ...servers.map((_, server) => rssVerdict(rows, server, RSS_BOUND)),
    ];
    if (warmupErrors > 0) {
      verdicts.push({
        name: 'no errors in the warm-up',
        ok: false,
        measured: String(warmupErrors),
        bound: '0',
      });
    }
    console.log(
      `\nsoak: ${result.sent} requests at ${rate} req/s over ${minutes} min, latency from each` +
        ` request's intended send time; rss = resident memory of each server's node process at` +
        ` the end of the minute; load average at the end ${load()}\n`,
    );
    console.log(formatSoakTable(rows, verdicts));
    if (problems.size > 0) {
      console.log('\nproblems (first kinds):');
      for (const [problem, count] of [...problems].slice(0, 10))
        console.log(`  ${count}x ${problem}`);
    }
    const ok = verdicts.every((verdict) => verdict.ok);
    console.log(ok ? '\nsoak passed' : '\nsoak FAILED');
    return ok ? 0 : 1;
  } finally {
    for (const client of clients) client.close();
  }
}

const settings = readSettings();
const budgetS =
  (2 * STARTUP_TIMEOUT_MS) / 1000 + settings.warmupSeconds + settings.minutes * 60 + 300;
await runBench(positiveEnv('SOAK_TIMEOUT', budgetS) * 1000, (resources) =>
  soak(resources, settings),
);
