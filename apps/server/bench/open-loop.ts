import { setTimeout as sleep } from 'node:timers/promises';

// The open-loop (constant-rate) load generator of `npm run bench -- --open`, free of HTTP so
// that its schedule and its arithmetic are unit-tested (`open-loop.test.ts`).
//
// Request i is due at `start + i / rate`, whether or not earlier answers came back, and its
// latency runs from that intended time to its answer. A stalled server therefore shows in every
// request that was due during the stall, and so does a late generator (a timer that fired late
// sends what is due at once, each request still timed from when it should have gone): no
// coordinated omission.

/** Time as the generator sees it; tests pass a virtual one. */
export interface Clock {
  /** Milliseconds on a monotonic clock. */
  now(): number;
  /** Resolves after about `ms` milliseconds (at once when `ms <= 0`). */
  wait(ms: number): Promise<void>;
}

export const realClock: Clock = {
  now: () => performance.now(),
  wait: (ms) => sleep(Math.max(0, ms)),
};

/** When request `index` is due, in ms after the start, at `rate` requests per second. */
export function intendedAt(index: number, rate: number): number {
  return (index * 1000) / rate;
}

/** How many requests of `total` are due `elapsedMs` after the start (request 0 is due at 0). */
export function dueCount(elapsedMs: number, rate: number, total: number): number {
  if (elapsedMs < 0) return 0;
  return Math.min(total, Math.floor((elapsedMs * rate) / 1000) + 1);
}

export interface OpenLoopOptions {
  /** Requests per second. */
  rate: number;
  durationMs: number;
  /**
   * Sends request `index` and resolves with what is wrong with its answer, or null; it must not
   * reject. It is called on schedule, however many earlier requests are still out.
   */
  send: (index: number) => Promise<string | null>;
  /** The index of the first request (a run after a warm-up continues its numbering). */
  firstIndex?: number;
  /**
   * Called with each answer as it comes: the request's index, its latency from its intended
   * send time (ms), and its problem or null (e.g. for figures per minute of a long run).
   */
  onAnswer?: (index: number, latencyMs: number, problem: string | null) => void;
  clock?: Clock;
}

export interface OpenLoopResult {
  rate: number;
  durationMs: number;
  /** Requests sent (all of them are answered or failed when the result is made). */
  sent: number;
  /** Milliseconds from each request's intended send time to its answer, in answer order. */
  latencies: number[];
  /** Requests whose answer was wrong or that failed. */
  failures: number;
  /** The first few distinct problems, with how often each occurred. */
  problems: Map<string, number>;
  /** From the start to the last answer, ms. */
  elapsedMs: number;
}

const KEPT_PROBLEMS = 5;

/** Sends `rate * durationMs / 1000` requests on a fixed schedule and times each answer. */
export async function runOpenLoop(options: OpenLoopOptions): Promise<OpenLoopResult> {
  const { rate, durationMs, send, firstIndex = 0, onAnswer, clock = realClock } = options;
  if (!(rate > 0) || !(durationMs > 0)) throw new Error('rate and duration must be positive');
  const total = Math.max(1, Math.round((rate * durationMs) / 1000));
  const latencies: number[] = [];
  const problems = new Map<string, number>();
  const pending = new Set<Promise<void>>();
  let failures = 0;
  let lastAnswer = 0;

  const start = clock.now();
  const launch = (slot: number) => {
    const intended = start + intendedAt(slot, rate);
    const done = send(firstIndex + slot).then(
      (problem) => problem,
      (error: unknown) => `send threw: ${error instanceof Error ? error.message : String(error)}`,
    );
    const settled = done.then((problem) => {
      const answered = clock.now();
      lastAnswer = Math.max(lastAnswer, answered);
      latencies.push(answered - intended);
      onAnswer?.(firstIndex + slot, answered - intended, problem);
      if (problem !== null) {
        failures += 1;
        if (problems.has(problem) || problems.size < KEPT_PROBLEMS) {
          problems.set(problem, (problems.get(problem) ?? 0) + 1);
        }
      }
      pending.delete(settled);
    });
    pending.add(settled);
  };

  let next = 0;
  while (next < total) {
    const due = dueCount(clock.now() - start, rate, total);
    for (; next < due; next += 1) launch(next);
    if (next < total) await clock.wait(intendedAt(next, rate) - (clock.now() - start));
  }
  while (pending.size > 0) await Promise.all(pending);
  return {
    rate,
    durationMs,
    sent: total,
    latencies,
    failures,
    problems,
    elapsedMs: Math.max(lastAnswer, start) - start,
  };
}

/**
 * The `p`-th percentile (0 < p <= 100) of ascending `sorted` values, by nearest rank: the
 * smallest value with at least p% of the values at or below it. NaN when there are none.
 */
export function percentile(sorted: readonly number[], p: number): number {
  if (!(p > 0 && p <= 100)) throw new Error(`percentile out of range: ${p}`);
  if (sorted.length === 0) return Number.NaN;
  // Rounded first so that e.g. 99.9% of 10,000 is rank 9,990, not 9,991 from float error.
  const rank = Math.ceil(Number(((p / 100) * sorted.length).toFixed(6)));
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? Number.NaN;
}

export interface LatencySummary {
  /** Answers per second over the run (from the start to the last answer). */
  achievedRate: number;
  p50: number;
  p99: number;
  p999: number;
  max: number;
}

/** The figures printed for a run. */
export function summarise(result: OpenLoopResult): LatencySummary {
  const sorted = [...result.latencies].sort((a, b) => a - b);
  const seconds = Math.max(result.elapsedMs, result.durationMs) / 1000;
  return {
    achievedRate: result.latencies.length / seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    p999: percentile(sorted, 99.9),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

/**
 * Hands out `size` keys (0 .. size-1) in turn, skipping those still in use: a write whose next
 * request depends on its previous answer (sign up, then cancel) takes a key, and gives it back
 * when the answer came. Null when every key is in use.
 */
export class IdleRing {
  private readonly busy: boolean[];
  private cursor = 0;

  constructor(readonly size: number) {
    if (!Number.isInteger(size) || size <= 0) throw new Error(`bad ring size: ${size}`);
    this.busy = new Array<boolean>(size).fill(false);
  }

  take(): number | null {
    for (let step = 0; step < this.size; step += 1) {
      const key = (this.cursor + step) % this.size;
      if (!this.busy[key]) {
        this.busy[key] = true;
        this.cursor = (key + 1) % this.size;
        return key;
      }
    }
    return null;
  }

  release(key: number): void {
    this.busy[key] = false;
  }
}
