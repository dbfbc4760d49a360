import os from 'node:os';
import autocannon, { type Result } from 'autocannon';
import { type Child, findTsx } from './child-process.ts';
import { asAutocannonResult, benchWrites, runClosedLoop } from './closed-loop.ts';
import {
  type AppStore,
  benchDatabaseUrl,
  DISTRICT_FILL,
  positiveEnv,
  type Resources,
  runBench,
  STARTUP_TIMEOUT_MS,
  selectedByOnly,
  serverDir,
  startApp,
  startFloor,
  startProxy,
  twoFreePorts,
} from './harness.ts';
import { type FileAnswer, HttpClient } from './http-client.ts';
import { loginLearner } from './learner-login.ts';
import { openBench, readOpenSettings } from './open-run.ts';
import {
  TARGETS as ALL_TARGETS,
  type BenchContext,
  type BenchTarget,
  FLOOR,
  FLOOR_OWN_CLIENT,
} from './targets.ts';
import { alignedTable } from './text-table.ts';
import { writeServerEnv } from './write-support.ts';

// BENCH_ONLY=ranking,places: only the targets whose name holds one of these words;
// BENCH_WRITES=0: none of the write targets.
const TARGETS = ALL_TARGETS.filter((target) => selectedByOnly(target.name));
/** The bound: an endpoint's p99 in the district at most this times its p99 at demo scale. */
const GROWTH_LIMIT = 2;

// npm run bench   (BENCH_DURATION=10 BENCH_CONNECTIONS=100 BENCH_WARMUP=1 BENCH_SCALE=1
//                  BENCH_LARGE_SCALE=350 BENCH_TIMEOUT=s BENCH_DATABASE_URL=postgres://...)
// Starts the real server and a bare Fastify floor as child processes on loopback, loads each
// target with autocannon from this process, then the write targets of `write-targets.ts` with
// the workers of `closed-loop.ts`, prints a table, and exits 1 if any target misbehaved.
// Then the district: it seeds a second database at BENCH_LARGE_SCALE (350: about 105,000
// courses and 70,000 learners; 0 skips the phase), fills it to a large district's size
// (`fill-district.ts`: 100,000 more learners, 5,000 teams, a million ledger rows, ten million
// rows of learning time, a million messages, 10,000 places), loads every target again beside
// the floor, and compares each p99 with the demo seed's: more than GROWTH_LIMIT times fails.
//
// npm run bench -- --open   (or BENCH_MODE=open; BENCH_DURATION=10 BENCH_WARMUP=2)
// Open loop instead: each target of `open-targets.ts` and `write-targets.ts` at a constant rate
// (reads 1,000 req/s, writes 300 req/s), each request timed from when it was due (see
// `open-loop.ts`); prints p50/p99/p99.9 per target and exits 1 when one errs or misses its p99
// limit.
//
// Both run on a throwaway SQLite file, or with BENCH_DATABASE_URL on PostgreSQL (a fresh schema
// of that database per server, dropped at the end).

interface Settings {
  databaseUrl: string | undefined;
  duration: number;
  connections: number;
  warmup: number;
  scale: number;
  largeScale: number;
  timeoutMs: number;
}

interface Row {
  name: string;
  result: Result | null;
  problems: string[];
  /** Loaded by the bench's own client (the write targets, `ownClient` reads): its own floor. */
  ownClient?: boolean;
}

const CHECK_MARGIN_S = 5;

function readSettings(): Settings {
  const duration = positiveEnv('BENCH_DURATION', 10);
  const connections = positiveEnv('BENCH_CONNECTIONS', 100);
  const warmupRaw = process.env.BENCH_WARMUP;
  const warmup = warmupRaw === '0' ? 0 : positiveEnv('BENCH_WARMUP', 1);
  const scale = positiveEnv('BENCH_SCALE', 1);
  const largeScale =
    process.env.BENCH_LARGE_SCALE === '0' ? 0 : positiveEnv('BENCH_LARGE_SCALE', 350);
  const perTarget = warmup + duration + 15;
  const fallback =
    STARTUP_TIMEOUT_MS / 1000 +
    (scale > 1 ? 900 : 0) +
    (largeScale > 0 ? 900 + STARTUP_TIMEOUT_MS / 1000 : 0) +
    (TARGETS.length * 2 + 1) * perTarget;
  const timeoutMs = positiveEnv('BENCH_TIMEOUT', fallback) * 1000;
  for (const target of [FLOOR, ...TARGETS]) {
    if (target.validFor !== undefined && warmup + duration + CHECK_MARGIN_S > target.validFor) {
      throw new Error(
        `"${target.name}" stays valid for ${target.validFor} s: keep BENCH_WARMUP + BENCH_DURATION` +
          ` under ${target.validFor - CHECK_MARGIN_S} s`,
      );
    }
  }
  return {
    databaseUrl: benchDatabaseUrl(),
    duration,
    connections,
    warmup,
    scale,
    largeScale,
    timeoutMs,
  };
}

/** One request like the run's; returns what is wrong with its answer, or null. */
async function sample(
  url: string,
  target: BenchTarget,
  headers: Record<string, string>,
  district: boolean,
) {
  const check = (body: unknown) =>
    target.check(body) ?? (district && target.atDistrict ? target.atDistrict(body) : null);
  try {
    const response = await fetch(url, {
      method: target.method ?? 'GET',
      headers,
      body: target.body,
      signal: AbortSignal.timeout(10_000),
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    const text = bytes.toString(target.raw ? 'latin1' : 'utf8');
    if (!response.ok) return `answered ${response.status}: ${text.slice(0, 200)}`;
    if (target.raw) {
      const problem = check({ size: bytes.length, head: bytes } satisfies FileAnswer);
      return problem ? `${problem}; got ${bytes.length} bytes: ${text.slice(0, 40)}` : null;
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return `answered non-JSON: ${text.slice(0, 200)}`;
    }
    const problem = check(body);
    return problem ? `${problem}; got ${text.slice(0, 200)}` : null;
  } catch (error) {
    return `request failed: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** Whether an answer's body (a file for a `raw` target) passes the target's check. */
function passes(target: BenchTarget, body: string | FileAnswer): boolean {
  if (target.raw || typeof body !== 'string') return target.check(body) === null;
  if (target.okPrefix) return body.startsWith(target.okPrefix);
  try {
    return target.check(JSON.parse(body)) === null;
  } catch {
    return false;
  }
}

function load(
  url: string,
  target: BenchTarget,
  headers: Record<string, string>,
  settings: Settings,
  duration: number,
): Promise<Result> {
  if (target.ownClient || target.raw) return loadOwn(url, target, headers, settings, duration);
  return Promise.resolve(
    autocannon({
      url,
      connections: settings.connections,
      duration,
      method: target.method ?? 'GET',
      headers,
      body: target.body,
      verifyBody: (text) => passes(target, text),
    }),
  );
}

/** {@link load} by the bench's own client (`BenchTarget.ownClient`), one request at a time per connection. */
async function loadOwn(
  url: string,
  target: BenchTarget,
  headers: Record<string, string>,
  settings: Settings,
  duration: number,
): Promise<Result> {
  const { origin, pathname, search } = new URL(url);
  const http = new HttpClient(origin, settings.connections);
  const request = {
    method: target.method === 'POST' ? ('POST' as const) : ('GET' as const),
    path: `${pathname}${search}`,
    headers,
    binary: target.raw ?? false,
    ...(target.body === undefined ? {} : { body: { type: 'application/json', data: target.body } }),
  };
  try {
    const run = await runClosedLoop({
      connections: settings.connections,
      durationMs: duration * 1000,
      send: async () => {
        const answer = await http.send(request);
        if (answer.status < 200 || answer.status >= 300) return `answered ${answer.status}`;
        return passes(target, answer.file ?? answer.text) ? null : 'failed the check';
      },
    });
    return asAutocannonResult(run);
  } finally {
    http.close();
  }
}

async function bench(
  origin: string,
  target: BenchTarget,
  context: BenchContext,
  settings: Settings,
  district: boolean,
): Promise<Row> {
  const row: Row = {
    name: target.name,
    result: null,
    problems: [],
    ownClient: Boolean(target.ownClient || target.raw),
  };
  const url = `${origin}${target.path}`;
  const headers = { ...target.headers, ...(target.setup ? await target.setup(context) : {}) };

  const before = await sample(url, target, headers, district);
  if (before) {
    row.problems.push(`before the run: ${before}`);
    return row;
  }
  if (settings.warmup > 0) await load(url, target, headers, settings, settings.warmup);
  const result = await load(url, target, headers, settings, settings.duration);
  row.result = result;
  if (result['2xx'] === 0) row.problems.push('no 2xx answer during the run');
  if (result.non2xx > 0) {
    const codes = Object.entries(result.statusCodeStats)
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, { count }]) => `${code}×${count}`)
      .join(', ');
    row.problems.push(`${result.non2xx} non-2xx answers during the run (${codes})`);
  }
  if (result.mismatches > 0) {
    row.problems.push(`${result.mismatches} answers during the run failed the target's check`);
  }
  if (result.errors > 0) {
    row.problems.push(`${result.errors} errors during the run (${result.timeouts} timeouts)`);
  }
  const after = await sample(url, target, headers, district);
  if (after) row.problems.push(`after the run: ${after}`);
  return row;
}

/** The floors' rates in `rows` (each null when it failed): autocannon's and the own client's. */
function floorRates(rows: Row[]) {
  const rateOf = (name: string) => {
    const row = rows.find((candidate) => candidate.name === name);
    return row?.problems.length === 0 ? (row.result?.requests.average ?? null) : null;
  };
  return { autocannon: rateOf(FLOOR.name), own: rateOf(FLOOR_OWN_CLIENT.name) };
}

function formatTable(rows: Row[]): string {
  const floors = floorRates(rows);
  const number = (value: number, digits = 0) =>
    value.toLocaleString('en-US', { maximumFractionDigits: digits });
  const header = [
    'target',
    'req/s',
    'p50 ms',
    'p99 ms',
    'non-2xx',
    'errors',
    'bad body',
    'vs floor',
    'ok',
  ];
  const body = rows.map(({ name, result, problems, ownClient }) => {
    const floor = ownClient ? floors.own : floors.autocannon;
    return [
      name,
      result ? number(result.requests.average) : '-',
      result ? number(result.latency.p50, 2) : '-',
      result ? number(result.latency.p99, 2) : '-',
      result ? String(result.non2xx) : '-',
      result ? String(result.errors) : '-',
      result ? String(result.mismatches) : '-',
      result && floor ? `${(result.requests.average / floor).toFixed(2)}x` : '-',
      problems.length === 0 ? 'yes' : 'NO',
    ];
  });
  return alignedTable(header, body);
}

/** Loads each planned target in turn and prints a line per target. */
async function runPlan(
  plan: Array<[string, BenchTarget, Child]>,
  context: BenchContext,
  settings: Settings,
  district = false,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const [origin, target, child] of plan) {
    process.stdout.write(`  ${target.name} ... `);
    const row = await bench(origin, target, context, settings, district);
    rows.push(row);
    console.log(
      row.result ? `${Math.round(row.result.requests.average)} req/s` : 'skipped',
      row.problems.length ? '(problems)' : '',
    );
    if (!child.running) throw new Error(`${child.name} exited during the run\n${child.tail()}`);
  }
  return rows;
}

/** Prints the failures of `rows` and the server's last lines; returns how many rows failed. */
function report(rows: Row[], app: Child): number {
  const failed = rows.filter((row) => row.problems.length > 0);
  for (const row of failed) {
    for (const problem of row.problems) console.error(`FAIL ${row.name}: ${problem}`);
  }
  if (failed.length > 0 && app.running) {
    const tail = app.tail();
    if (tail) console.error(`server output (last lines):\n${tail}`);
  }
  return failed.length;
}

/** Loads the floor, then every target on the server at `origin`; prints the table. */
async function runPhase(
  resources: Resources,
  title: string,
  app: { app: Child; origin: string; store?: AppStore },
  floor: { floor: Child; origin: string },
  settings: Settings,
  district: boolean,
): Promise<{ rows: Row[]; failures: number }> {
  console.log(`\n${title}:`);
  const context: BenchContext = {
    origin: app.origin,
    login: (username) => loginLearner(app.origin, username),
  };
  // Files and media as learners get them: through the recipe's nginx, from its cache.
  const proxy = TARGETS.some((target) => target.viaProxy)
    ? await startProxy(resources, [Number(new URL(app.origin).port)])
    : null;
  if (TARGETS.some((target) => target.viaProxy) && !proxy) {
    console.log('  (no nginx here: files and media are loaded from the server directly)');
  }
  const [floorRow, ownFloorRow, ...rows] = await runPlan(
    [
      [floor.origin, FLOOR, floor.floor],
      [floor.origin, FLOOR_OWN_CLIENT, floor.floor],
      ...TARGETS.map((target): [string, BenchTarget, Child] => [
        target.viaProxy && proxy ? proxy.origin : app.origin,
        target,
        app.app,
      ]),
    ],
    context,
    settings,
    district,
  );
  await proxy?.nginx.stop();
  // The write targets (closed-loop.ts), unless BENCH_WRITES=0.
  if (process.env.BENCH_WRITES !== '0') {
    rows.push(...(await benchWrites(app, settings)).map((row) => ({ ...row, ownClient: true })));
  }
  const all = [floorRow, ownFloorRow, ...rows].filter((row): row is Row => row !== undefined);
  console.log(`\n${title}:\n${formatTable(all)}\n`);
  return { rows, failures: report(all, app.app) };
}

/** Each target's p99 in the district against its p99 at demo scale; answers the failures. */
function reportGrowth(small: Row[], large: Row[]): number {
  let failures = 0;
  const body = small.flatMap((row) => {
    const big = large.find((candidate) => candidate.name === row.name)?.result;
    if (!row.result || !big) return [];
    const ratio = big.latency.p99 / Math.max(row.result.latency.p99, 1);
    const over = ratio > GROWTH_LIMIT;
    if (over) {
      console.error(`FAIL ${row.name}: p99 grew ${ratio.toFixed(2)}x in the district`);
      failures += 1;
    }
    return [
      [
        row.name,
        String(row.result.latency.p99),
        String(big.latency.p99),
        `${ratio.toFixed(2)}x`,
        over ? 'NO' : 'yes',
      ],
    ];
  });
  console.log(
    `\ngrowth (p99 in the district / p99 at demo scale, at most ${GROWTH_LIMIT}x):\n` +
      alignedTable(['target', 'p99 demo ms', 'p99 district ms', 'growth', 'ok'], body),
  );
  return failures;
}

async function main(resources: Resources, settings: Settings): Promise<number> {
  const tsx = findTsx(serverDir);
  console.log(
    `bench: ${settings.connections} connections, ${settings.duration} s per target` +
      ` (+${settings.warmup} s warm-up), scale ${settings.scale}` +
      (settings.largeScale > 0 ? ` then the district (scale ${settings.largeScale} + fill)` : '') +
      `, ${settings.databaseUrl ? 'PostgreSQL' : 'SQLite'}, node ${process.version},` +
      ` ${os.cpus().length} CPUs`,
  );

  const [appPort, floorPort] = await twoFreePorts();
  const { databaseUrl } = settings;
  const [demo, floor] = await Promise.all([
    startApp(resources, tsx, {
      scale: settings.scale,
      port: appPort,
      databaseUrl,
      env: writeServerEnv(appPort),
    }),
    startFloor(resources, tsx, floorPort),
  ]);
  const small = await runPhase(
    resources,
    `demo seed (scale ${settings.scale})`,
    demo,
    floor,
    settings,
    false,
  );
  let failures = small.failures;
  if (settings.largeScale > 0) {
    await demo.app.stop();
    const district = await startApp(resources, tsx, {
      scale: settings.largeScale,
      port: appPort,
      databaseUrl,
      fill: DISTRICT_FILL,
      env: writeServerEnv(appPort),
    });
    const large = await runPhase(resources, 'district', district, floor, settings, true);
    failures += large.failures + reportGrowth(small.rows, large.rows);
  }
  return failures > 0 ? 1 : 0;
}

const openMode = process.argv.includes('--open') || process.env.BENCH_MODE === 'open';
try {
  if (openMode) {
    const settings = readOpenSettings();
    await runBench(settings.timeoutMs, (resources) => openBench(resources, settings));
  } else {
    const settings = readSettings();
    await runBench(settings.timeoutMs, (resources) => main(resources, settings));
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
