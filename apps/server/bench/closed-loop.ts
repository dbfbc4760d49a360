import type { Result } from 'autocannon';
import { selectedByOnly } from './harness.ts';
import { HttpClient, type HttpRequest } from './http-client.ts';
import { percentile } from './open-loop.ts';
import { learnerPool } from './open-run.ts';
import type { Learner, Send } from './open-targets.ts';
import type { KeyedSend, WriteTarget } from './write-support.ts';
import { WRITE_TARGETS } from './write-targets.ts';

// The closed loop of `npm run bench` for the write targets: autocannon repeats one request,
// which a write cannot (a second signup is refused), so these are loaded by `connections`
// workers that each send the target's next request as soon as their previous one is answered,
// for the run's duration (after a warm-up), or until the target's budget is spent. The rate is
// the answers over the time they took; the rows join the autocannon targets' table.

export interface ClosedLoopOptions {
  /** Requests out at once. */
  connections: number;
  durationMs: number;
  send: Send;
  /** The index of the first request (a run after a warm-up continues its numbering). */
  firstIndex?: number;
  /** No request of this index or later is sent (a target's budget). */
  endIndex?: number;
}

export interface ClosedLoopResult {
  /** Requests answered (or failed). */
  sent: number;
  /** Milliseconds from each request's sending to its answer, in answer order. */
  latencies: number[];
  /** Answers that were not HTTP 2xx, requests that failed (timeouts among them), wrong answers. */
  non2xx: number;
  errors: number;
  timeouts: number;
  mismatches: number;
  /** The first few distinct problems, with how often each occurred. */
  problems: Map<string, number>;
  /** From the start to the last answer, ms. */
  elapsedMs: number;
  /** The index the next run continues from. */
  nextIndex: number;
}

const KEPT_PROBLEMS = 5;

/** Sends requests from `connections` workers in turn until the time or the indexes run out. */
export async function runClosedLoop(options: ClosedLoopOptions): Promise<ClosedLoopResult> {
  const { connections, durationMs, send, firstIndex = 0, endIndex = Infinity } = options;
  const result: ClosedLoopResult = {
    sent: 0,
    latencies: [],
    non2xx: 0,
    errors: 0,
    timeouts: 0,
    mismatches: 0,
    problems: new Map(),
    elapsedMs: 0,
    nextIndex: firstIndex,
  };
  const start = performance.now();
  const end = start + durationMs;
  const worker = async () => {
    while (performance.now() < end && result.nextIndex < endIndex) {
      const index = result.nextIndex;
      result.nextIndex += 1;
      const sentAt = performance.now();
      const problem = await send(index).catch(
        (error: unknown) => `send threw: ${error instanceof Error ? error.message : String(error)}`,
      );
      const answeredAt = performance.now();
      result.latencies.push(answeredAt - sentAt);
      result.elapsedMs = Math.max(result.elapsedMs, answeredAt - start);
      result.sent += 1;
      if (problem !== null) count(result, problem);
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  return result;
}

/** Counts a problem by its kind (as `sendApi` words them) and keeps the first few. */
function count(result: ClosedLoopResult, problem: string) {
  if (/^answered \d/.test(problem)) result.non2xx += 1;
  else if (/^(request failed|send threw|step failed)/.test(problem)) {
    result.errors += 1;
    if (problem.includes('no answer in')) result.timeouts += 1;
  } else result.mismatches += 1;
  if (result.problems.has(problem) || result.problems.size < KEPT_PROBLEMS) {
    result.problems.set(problem, (result.problems.get(problem) ?? 0) + 1);
  }
}

/** A closed-loop run as autocannon reports one (its throughput in bytes is not measured). */
export function asAutocannonResult(run: ClosedLoopResult): Result {
  const sorted = [...run.latencies].sort((a, b) => a - b);
  const seconds = Math.max(run.elapsedMs, 1) / 1000;
  const mean = sorted.reduce((sum, value) => sum + value, 0) / Math.max(sorted.length, 1);
  const variance =
    sorted.reduce((sum, value) => sum + (value - mean) ** 2, 0) / Math.max(sorted.length, 1);
  const round = (value: number) => Math.round(value * 100) / 100;
  const latency = {
    average: round(mean),
    mean: round(mean),
    stddev: round(Math.sqrt(variance)),
    min: round(sorted[0] ?? 0),
    max: round(sorted.at(-1) ?? 0),
    total: sorted.length,
    p50: round(percentile(sorted, 50) || 0),
    p90: round(percentile(sorted, 90) || 0),
    p99: round(percentile(sorted, 99) || 0),
  };
  const rate = run.sent / seconds;
  const requests = { ...latency, average: rate, mean: rate, stddev: 0, min: rate, max: rate };
  const failed = run.non2xx + run.errors;
  return {
    duration: seconds,
    errors: run.errors,
    timeouts: run.timeouts,
    mismatches: run.mismatches,
    non2xx: run.non2xx,
    '2xx': run.sent - failed,
    statusCodeStats: {},
    latency,
    requests: { ...requests, total: run.sent, sent: run.sent },
    throughput: { ...latency, average: 0, mean: 0, stddev: 0, min: 0, max: 0, total: 0 },
  };
}

/** The operation of a request, as the OpenAPI description names it (`POST /api/teams`). */
const operationOf = (request: HttpRequest) =>
  `${request.method ?? 'GET'} ${request.path.split('?')[0]}`;

/** A client that notes the operations its requests call while `recording` is on. */
class RecordingClient extends HttpClient {
  recording = false;
  readonly called = new Set<string>();

  override send(request: HttpRequest, timeoutMs?: number) {
    if (this.recording) this.called.add(operationOf(request));
    return super.send(request, timeoutMs);
  }
}

export interface ClosedSettings {
  connections: number;
  /** Measured seconds per target. */
  duration: number;
  /** Seconds before the measured run, not counted. */
  warmup: number;
}

/** One row of the closed loop's table (as `run.ts` prints them). */
export interface ClosedRow {
  name: string;
  result: Result | null;
  problems: string[];
  /** Declared operations the run did not reach (too short for a whole cycle of the keys). */
  unreached: string[];
}

/** Warms up, runs and checks one write target. */
async function benchWrite(
  target: WriteTarget,
  origin: string,
  learners: (count: number) => Promise<Learner[]>,
  dataDir: string | undefined,
  settings: ClosedSettings,
): Promise<ClosedRow> {
  const row: ClosedRow = { name: target.name, result: null, problems: [], unreached: [] };
  const http = new RecordingClient(origin);
  try {
    const send: KeyedSend = await target.setup({ http, learners, dataDir, origin });
    http.recording = true;
    const endIndex = Math.min(target.budget ?? Infinity, send.budget ?? Infinity);
    // More workers than keys would wait for a key, not for the server: their latency would lie.
    const connections = Math.min(settings.connections, send.keys ?? Infinity);
    const common = { connections, send, endIndex };
    let next = 0;
    if (settings.warmup > 0) {
      // A fifth of a budget at most: the measured run needs the rest.
      const warm = await runClosedLoop({
        ...common,
        durationMs: settings.warmup * 1000,
        endIndex: Math.floor(endIndex / 5),
      });
      next = warm.nextIndex;
      for (const [problem, times] of warm.problems) {
        row.problems.push(`${times}x during the warm-up: ${problem}`);
      }
    }
    const run = await runClosedLoop({
      ...common,
      durationMs: settings.duration * 1000,
      firstIndex: next,
    });
    row.result = asAutocannonResult(run);
    for (const [problem, times] of run.problems) row.problems.push(`${times}x: ${problem}`);
    if (run.sent === 0) row.problems.push('no request sent: the budget went in the warm-up');
    for (const operation of http.called) {
      if (!target.operations.includes(operation)) {
        row.problems.push(`sent ${operation}, which the target does not name`);
      }
    }
    row.unreached = target.operations.filter((operation) => !http.called.has(operation));
  } catch (error) {
    row.problems.push(`setup failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    http.close();
  }
  return row;
}

/**
 * Loads the write targets (`write-targets.ts`) in turn on the server at `app.origin` (started
 * with `writeServerEnv`; its store's data dir holds the codes it sends), those BENCH_ONLY
 * selects, and answers their rows.
 */
export async function benchWrites(
  app: { origin: string; store?: { dataDir: string } },
  settings: ClosedSettings,
): Promise<ClosedRow[]> {
  const learners = learnerPool(app.origin);
  const targets = WRITE_TARGETS.filter((target) => selectedByOnly(target.name));
  const rows: ClosedRow[] = [];
  for (const target of targets) {
    process.stdout.write(`  ${target.name} ... `);
    const row = await benchWrite(target, app.origin, learners, app.store?.dataDir, settings);
    rows.push(row);
    console.log(
      row.result ? `${Math.round(row.result.requests.average)} req/s` : 'skipped',
      row.problems.length > 0 ? '(problems)' : '',
      row.unreached.length > 0 ? `(not reached in this run: ${row.unreached.join(', ')})` : '',
    );
  }
  return rows;
}
