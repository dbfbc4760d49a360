import { percentile } from '../bench/open-loop.ts';
import { alignedTable } from '../bench/text-table.ts';

// The soak's arithmetic, free of HTTP and processes so that it is unit-tested
// (`soak-stats.test.ts`): answers bucketed by minute, memory samples, and the pass criteria.

const MB = 1024 * 1024;

/** The minute (from 0) of the measured run in which request `index` was due. */
export function minuteOf(index: number, firstIndex: number, rate: number): number {
  return Math.floor((index - firstIndex) / (rate * 60));
}

/** One minute's figures. */
export interface MinuteRow {
  /** From 1. */
  minute: number;
  requests: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  /** Each server's resident memory at the end of the minute, MB (null: not sampled). */
  rssMb: Array<number | null>;
}

/** Collects answers and memory samples by minute of the measured run. */
export class MinuteRecorder {
  private readonly latencies: number[][] = [];
  private readonly errors: number[] = [];
  private readonly rss: Array<Array<number | null>> = [];

  /** Records one answer of minute `minute` (from 0). */
  answer(minute: number, latencyMs: number, failed: boolean): void {
    if (!(minute >= 0) || !Number.isInteger(minute)) throw new Error(`bad minute: ${minute}`);
    while (this.latencies.length <= minute) {
      this.latencies.push([]);
      this.errors.push(0);
    }
    this.latencies[minute]?.push(latencyMs);
    if (failed) this.errors[minute] = (this.errors[minute] ?? 0) + 1;
  }

  /** Records each server's resident memory (bytes) sampled during minute `minute`; the last wins. */
  memory(minute: number, rssBytes: Array<number | null>): void {
    if (!(minute >= 0) || !Number.isInteger(minute)) throw new Error(`bad minute: ${minute}`);
    while (this.rss.length <= minute) this.rss.push([]);
    this.rss[minute] = rssBytes.map((bytes) => (bytes === null ? null : bytes / MB));
  }

  /** The rows of the minutes that had answers, in order. */
  rows(): MinuteRow[] {
    return this.latencies.map((latencies, minute) => {
      const sorted = [...latencies].sort((a, b) => a - b);
      return {
        minute: minute + 1,
        requests: latencies.length,
        errors: this.errors[minute] ?? 0,
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        p99: percentile(sorted, 99),
        rssMb: this.rss[minute] ?? [],
      };
    });
  }
}

/** A pass criterion with what was measured and what it had to be. */
export interface Verdict {
  name: string;
  ok: boolean;
  measured: string;
  bound: string;
}

/** How much worse the last minute's p99 may be than the first minute's. */
export interface P99Bound {
  /** The last p99 may be this many times the first's... */
  factor: number;
  /** ...or the first's plus this many ms, whichever is larger (a fast first minute's noise). */
  slackMs: number;
}

/** p99 stable: the last minute's p99 within the bound of the first full minute's. */
export function p99Verdict(rows: readonly MinuteRow[], bound: P99Bound): Verdict {
  const name = 'p99 stable';
  const stated = `last <= max(${bound.factor} x first, first + ${bound.slackMs} ms)`;
  const first = rows[0];
  const last = rows.at(-1);
  if (!first || !last || rows.length < 2) {
    return { name, ok: false, measured: 'fewer than 2 minutes', bound: stated };
  }
  const limit = Math.max(first.p99 * bound.factor, first.p99 + bound.slackMs);
  return {
    name,
    ok: Number.isFinite(last.p99) && last.p99 <= limit,
    measured: `first ${first.p99.toFixed(1)} ms, last ${last.p99.toFixed(1)} ms`,
    bound: `${stated} = ${limit.toFixed(1)} ms`,
  };
}

/** Least-squares slope of `ys` over `xs`; NaN with fewer than two distinct xs. */
export function slope(xs: readonly number[], ys: readonly number[]): number {
  const n = Math.min(xs.length, ys.length);
  if (n < 2) return Number.NaN;
  let sx = 0;
  let sy = 0;
  for (let i = 0; i < n; i += 1) {
    sx += xs[i] ?? 0;
    sy += ys[i] ?? 0;
  }
  const mx = sx / n;
  const my = sy / n;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i += 1) {
    const dx = (xs[i] ?? 0) - mx;
    sxy += dx * ((ys[i] ?? 0) - my);
    sxx += dx * dx;
  }
  return sxx === 0 ? Number.NaN : sxy / sxx;
}

/** How much a server's memory may grow after the first minute. */
export interface RssBound {
  /** Growth from the end of the first minute to the end of the last, MB. */
  maxGrowthMb: number;
  /** Least-squares slope of the per-minute figures after the first minute, MB per minute. */
  maxSlopeMbPerMinute: number;
}

/**
 * Memory flat, for server `server`: its RSS at the end of the last minute at most
 * `maxGrowthMb` above the end of the first, and the slope over the minutes after the first
 * (at least three, else only the growth counts) at most `maxSlopeMbPerMinute`.
 */
export function rssVerdict(rows: readonly MinuteRow[], server: number, bound: RssBound): Verdict {
  const name = `memory flat (server ${server + 1})`;
  const stated = `growth <= ${bound.maxGrowthMb} MB, slope <= ${bound.maxSlopeMbPerMinute} MB/min`;
  const points = rows
    .map((row) => ({ minute: row.minute, mb: row.rssMb[server] }))
    .filter((point): point is { minute: number; mb: number } => typeof point.mb === 'number');
  const first = points[0];
  const last = points.at(-1);
  if (rows.length < 2) return { name, ok: false, measured: 'fewer than 2 minutes', bound: stated };
  if (!first || !last || points.length < rows.length) {
    return { name, ok: false, measured: 'not sampled every minute', bound: stated };
  }
  const growth = last.mb - first.mb;
  const after = points.slice(1);
  const perMinute =
    after.length >= 3
      ? slope(
          after.map((point) => point.minute),
          after.map((point) => point.mb),
        )
      : Number.NaN;
  const slopeOk = Number.isNaN(perMinute) || perMinute <= bound.maxSlopeMbPerMinute;
  return {
    name,
    ok: growth <= bound.maxGrowthMb && slopeOk,
    measured:
      `${first.mb.toFixed(0)} -> ${last.mb.toFixed(0)} MB (${signed(growth)} MB)` +
      (Number.isNaN(perMinute) ? '' : `, slope ${signed(perMinute)} MB/min`),
    bound: stated,
  };
}

/** No errors: every request answered HTTP 2xx with the expected envelope. */
export function errorVerdict(rows: readonly MinuteRow[]): Verdict {
  const requests = rows.reduce((sum, row) => sum + row.requests, 0);
  const errors = rows.reduce((sum, row) => sum + row.errors, 0);
  return {
    name: 'no errors',
    ok: requests > 0 && errors === 0,
    measured: `${errors} of ${requests}`,
    bound: '0 (HTTP non-2xx, unexpected envelope code, time-out)',
  };
}

function signed(value: number): string {
  return `${value >= 0 ? '+' : ''}${value.toFixed(1)}`;
}

/** The per-minute table, then one line per verdict. */
export function formatSoakTable(rows: readonly MinuteRow[], verdicts: readonly Verdict[]): string {
  const servers = Math.max(0, ...rows.map((row) => row.rssMb.length));
  const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '-');
  const header = [
    'minute',
    'requests',
    'errors',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    ...Array.from({ length: servers }, (_, server) => `rss ${server + 1} MB`),
  ];
  const body = rows.map((row) => [
    String(row.minute),
    String(row.requests),
    String(row.errors),
    ms(row.p50),
    ms(row.p95),
    ms(row.p99),
    ...Array.from({ length: servers }, (_, server) => {
      const mb = row.rssMb[server];
      return typeof mb === 'number' ? mb.toFixed(1) : '-';
    }),
  ]);
  const verdictLines = verdicts.map(
    (verdict) =>
      `${verdict.ok ? 'ok  ' : 'FAIL'}  ${verdict.name}: ${verdict.measured} (bound: ${verdict.bound})`,
  );
  return [alignedTable(header, body, { align: () => 'right' }), '', ...verdictLines].join('\n');
}
