import os from 'node:os';
import { generatedUsername, LEARNERS_PER_SCALE } from '../src/seed/seed.ts';
import { type Child, findTsx } from './child-process.ts';
import {
  benchDatabaseUrl,
  DISTRICT_FILL,
  positiveEnv,
  type Resources,
  STARTUP_TIMEOUT_MS,
  selectedByOnly,
  serverDir,
  startApp,
  startFloor,
  twoFreePorts,
} from './harness.ts';
import { HttpClient } from './http-client.ts';
import { loginLearner } from './learner-login.ts';
import { type LatencySummary, runOpenLoop, summarise } from './open-loop.ts';
import {
  FLOOR_P99_MS,
  type Learner,
  OPEN_FLOOR,
  OPEN_TARGETS,
  type OpenTarget,
  openRead,
} from './open-targets.ts';
import { TARGETS as CLOSED_TARGETS } from './targets.ts';
import { alignedTable } from './text-table.ts';
import { writeServerEnv } from './write-support.ts';
import { WRITE_TARGETS } from './write-targets.ts';

// `npm run bench -- --open` (or BENCH_MODE=open): the open-loop mode of `run.ts`.

/**
 * What the open loop sends, after the floor: its own reads and first writes, then every other
 * read of the closed loop (`targets.ts`) at the read rate, then the writes; those BENCH_ONLY
 * selects.
 */
const TARGETS: OpenTarget[] = [
  ...OPEN_TARGETS,
  ...CLOSED_TARGETS.filter((target) => !OPEN_TARGETS.some((open) => open.name === target.name)).map(
    openRead,
  ),
  ...WRITE_TARGETS,
].filter((target) => selectedByOnly(target.name));

export interface OpenSettings {
  databaseUrl: string | undefined;
  /** Measured seconds per target. */
  duration: number;
  /** Seconds at the same rate before each measured run, not counted (connections, JIT). */
  warmup: number;
  timeoutMs: number;
  /**
   * BENCH_DISTRICT=1: on a district (seeded at BENCH_LARGE_SCALE, 350, and filled by
   * `fill-district.ts`) instead of the demo seed.
   */
  districtScale: number | null;
}

interface OpenRow {
  target: OpenTarget;
  summary: LatencySummary | null;
  sent: number;
  errors: number;
  /** CPU ms the server under test (or the floor) used per request during the measured run. */
  cpuPerRequest: number | null;
  /** CPU ms this process (the load generator) used per request during the measured run. */
  generatorPerRequest: number | null;
  /** The floor's p99 at {@link CANARY_RATE} during the measured run: how busy the machine was. */
  canaryP99: number | null;
  problems: string[];
}

/**
 * Requests per second sent to the floor beside every measured run, a canary: when the bare
 * Fastify floor is slow too, the machine (other processes, the generator) was the bottleneck.
 */
const CANARY_RATE = 50;

export function readOpenSettings(): OpenSettings {
  const duration = positiveEnv('BENCH_DURATION', 10);
  const warmup = process.env.BENCH_WARMUP === '0' ? 0 : positiveEnv('BENCH_WARMUP', 2);
  const perTarget = warmup + duration + 30;
  const fallback = STARTUP_TIMEOUT_MS / 1000 + (TARGETS.length + 1) * perTarget;
  const timeoutMs = positiveEnv('BENCH_TIMEOUT', fallback) * 1000;
  const districtScale =
    process.env.BENCH_DISTRICT === '1' ? positiveEnv('BENCH_LARGE_SCALE', 350) : null;
  return { databaseUrl: benchDatabaseUrl(), duration, warmup, timeoutMs, districtScale };
}

/** Logs in the first `count` generated learners of the seed, once; later calls reuse them. */
export function learnerPool(origin: string): (count: number) => Promise<Learner[]> {
  const logged: Learner[] = [];
  return async (count) => {
    if (count > LEARNERS_PER_SCALE) throw new Error(`the seed has ${LEARNERS_PER_SCALE} learners`);
    while (logged.length < count) {
      const usernames = Array.from({ length: Math.min(10, count - logged.length) }, (_, offset) =>
        generatedUsername(logged.length + offset),
      );
      const tokens = await Promise.all(usernames.map((name) => loginLearner(origin, name)));
      usernames.forEach((username, offset) => {
        logged.push({ username, token: tokens[offset] ?? '' });
      });
    }
    return logged.slice(0, count);
  };
}

async function benchOne(
  origin: string,
  target: OpenTarget,
  child: Child,
  learners: (count: number) => Promise<Learner[]>,
  settings: OpenSettings,
  canaryOrigin: string | null,
  dataDir?: string,
): Promise<OpenRow> {
  const row: OpenRow = {
    target,
    summary: null,
    sent: 0,
    errors: 0,
    cpuPerRequest: null,
    generatorPerRequest: null,
    canaryP99: null,
    problems: [],
  };
  const http = new HttpClient(origin);
  const canaryHttp = canaryOrigin === null ? null : new HttpClient(canaryOrigin);
  try {
    const send = await target.setup({ http, learners, dataDir, origin });
    const canarySend =
      canaryHttp &&
      canaryOrigin !== null &&
      (await OPEN_FLOOR.setup({ http: canaryHttp, learners, origin: canaryOrigin }));
    let next = 0;
    if (settings.warmup > 0) {
      const warm = await runOpenLoop({
        rate: target.rate,
        durationMs: settings.warmup * 1000,
        send,
      });
      next = warm.sent;
      for (const [problem, count] of warm.problems) {
        row.problems.push(`${count}x during the warm-up: ${problem}`);
      }
    }
    const cpuBefore = child.cpuMs();
    const generatorBefore = process.cpuUsage();
    const durationMs = settings.duration * 1000;
    const [result, canary] = await Promise.all([
      runOpenLoop({ rate: target.rate, durationMs, send, firstIndex: next }),
      canarySend && runOpenLoop({ rate: CANARY_RATE, durationMs, send: canarySend }),
    ]);
    if (canary) row.canaryP99 = summarise(canary).p99;
    const cpuAfter = child.cpuMs();
    const generator = process.cpuUsage(generatorBefore);
    row.generatorPerRequest = (generator.user + generator.system) / 1000 / result.sent;
    if (cpuBefore !== null && cpuAfter !== null) {
      row.cpuPerRequest = (cpuAfter - cpuBefore) / result.sent;
    }
    row.summary = summarise(result);
    row.sent = result.sent;
    row.errors = result.failures;
    for (const [problem, count] of result.problems) row.problems.push(`${count}x: ${problem}`);
    if (result.failures > 0) row.problems.push(`${result.failures} requests failed in all`);
    if (!(row.summary.p99 <= target.p99Ms)) {
      row.problems.push(`p99 ${row.summary.p99.toFixed(1)} ms is over ${target.p99Ms} ms`);
    }
  } catch (error) {
    row.problems.push(`setup failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    http.close();
    canaryHttp?.close();
  }
  return row;
}

function formatOpenTable(rows: OpenRow[]): string {
  const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '-');
  const header = [
    'target',
    'rate',
    'achieved',
    'p50 ms',
    'p99 ms',
    'p99.9 ms',
    'max ms',
    'errors',
    'cpu ms/req',
    'gen ms/req',
    'canary p99',
    'p99 limit',
    'ok',
  ];
  const body = rows.map((row) => {
    const { target, summary, sent, errors, cpuPerRequest, generatorPerRequest, problems } = row;
    const canary = row.canaryP99;
    return [
      target.name,
      String(target.rate),
      summary ? summary.achievedRate.toFixed(0) : '-',
      summary ? ms(summary.p50) : '-',
      summary ? ms(summary.p99) : '-',
      summary ? ms(summary.p999) : '-',
      summary ? ms(summary.max) : '-',
      summary ? `${errors}/${sent}` : '-',
      cpuPerRequest === null ? '-' : cpuPerRequest.toFixed(2),
      generatorPerRequest === null ? '-' : generatorPerRequest.toFixed(2),
      canary === null ? '-' : ms(canary),
      `${target.p99Ms} ms`,
      problems.length === 0 ? 'yes' : 'NO',
    ];
  });
  return alignedTable(header, body);
}

/**
 * The open-loop run: the floor, then every target of `open-targets.ts` and `write-targets.ts`;
 * answers the exit code.
 */
export async function openBench(resources: Resources, settings: OpenSettings): Promise<number> {
  const tsx = findTsx(serverDir);
  console.log(
    `bench (open loop): ${settings.duration} s per target (+${settings.warmup} s warm-up),` +
      (settings.districtScale === null
        ? ' demo seed,'
        : ` district (scale ${settings.districtScale} + fill),`) +
      ` ${settings.databaseUrl ? 'PostgreSQL' : 'SQLite'}, node ${process.version},` +
      ` ${os.cpus().length} CPUs`,
  );
  const [appPort, floorPort] = await twoFreePorts();
  const [{ app, origin, store }, { floor, origin: floorOrigin }] = await Promise.all([
    startApp(resources, tsx, {
      scale: settings.districtScale ?? 1,
      port: appPort,
      databaseUrl: settings.databaseUrl,
      fill: settings.districtScale === null ? undefined : DISTRICT_FILL,
      env: writeServerEnv(appPort),
    }),
    startFloor(resources, tsx, floorPort),
  ]);
  const learners = learnerPool(origin);
  const plan: Array<[string, OpenTarget, Child]> = [
    [floorOrigin, OPEN_FLOOR, floor],
    ...TARGETS.map((target): [string, OpenTarget, Child] => [origin, target, app]),
  ];
  const rows: OpenRow[] = [];
  for (const [targetOrigin, target, child] of plan) {
    process.stdout.write(`  ${target.name} at ${target.rate} req/s ... `);
    const canaryOrigin = target === OPEN_FLOOR ? null : floorOrigin;
    const row = await benchOne(
      targetOrigin,
      target,
      child,
      learners,
      settings,
      canaryOrigin,
      store.dataDir,
    );
    rows.push(row);
    console.log(
      row.summary ? `p99 ${row.summary.p99.toFixed(1)} ms` : 'skipped',
      row.problems.length > 0 ? '(problems)' : '',
    );
    if (!child.running) throw new Error(`${child.name} exited during the run\n${child.tail()}`);
  }

  console.log(
    `\nopen loop, latency from each request's intended send time` +
      ` (${settings.databaseUrl ? 'PostgreSQL' : 'SQLite'}); cpu ms/req: the server process's` +
      ` own CPU time per request${settings.databaseUrl ? ' (PostgreSQL not included)' : ''},` +
      ` gen ms/req: the load generator's (canary included); canary p99: the floor's p99 at` +
      ` ${CANARY_RATE} req/s meanwhile (over ${FLOOR_P99_MS} ms: the machine was busy):\n` +
      `${formatOpenTable(rows)}\n`,
  );
  const failed = rows.filter((row) => row.problems.length > 0);
  for (const row of failed) {
    for (const problem of row.problems) console.error(`FAIL ${row.target.name}: ${problem}`);
    if (row.canaryP99 !== null && row.canaryP99 > FLOOR_P99_MS) {
      console.error(
        `  (the floor's p99 was ${row.canaryP99.toFixed(1)} ms meanwhile: the machine was busy)`,
      );
    }
  }
  if (failed.some((row) => row.target === OPEN_FLOOR)) {
    console.error('the floor missed its limit: the load generator or the machine is too busy');
  }
  if (failed.length > 0 && app.running) {
    const tail = app.tail();
    if (tail) console.error(`server output (last lines):\n${tail}`);
  }
  return failed.length > 0 ? 1 : 0;
}
