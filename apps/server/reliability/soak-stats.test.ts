import { describe, expect, it } from 'vitest';
import { mixSlot, serverOf } from './soak-mix.ts';
import {
  errorVerdict,
  formatSoakTable,
  MinuteRecorder,
  type MinuteRow,
  minuteOf,
  p99Verdict,
  rssVerdict,
  slope,
} from './soak-stats.ts';

const MB = 1024 * 1024;

/** A minute's row with the figures a test cares about. */
function row(minute: number, overrides: Partial<MinuteRow> = {}): MinuteRow {
  return {
    minute,
    requests: 100,
    errors: 0,
    p50: 5,
    p95: 10,
    p99: 20,
    rssMb: [200, 210],
    ...overrides,
  };
}

describe('the soak per minute', () => {
  it('puts each request in the minute it was due, counted from the measured run', () => {
    expect(minuteOf(500, 500, 10)).toBe(0);
    expect(minuteOf(1099, 500, 10)).toBe(0);
    expect(minuteOf(1100, 500, 10)).toBe(1);
    expect(minuteOf(500 + 2.5 * 60 * 120, 500, 120)).toBe(2);
  });

  it('counts requests and errors and takes the latency percentiles of each minute', () => {
    const recorder = new MinuteRecorder();
    // Minute 0: latencies 1..100 ms, two failed; minute 1: 200 answers of 7 ms, none failed.
    for (let latency = 100; latency >= 1; latency -= 1) {
      recorder.answer(0, latency, latency === 3 || latency === 50);
    }
    for (let i = 0; i < 200; i += 1) recorder.answer(1, 7, false);
    recorder.memory(0, [100 * MB, null]);
    recorder.memory(0, [120 * MB, 130 * MB]);
    const rows = recorder.rows();
    expect(rows).toEqual([
      { minute: 1, requests: 100, errors: 2, p50: 50, p95: 95, p99: 99, rssMb: [120, 130] },
      { minute: 2, requests: 200, errors: 0, p50: 7, p95: 7, p99: 7, rssMb: [] },
    ]);
  });

  it('refuses a minute that is not a whole number from 0', () => {
    const recorder = new MinuteRecorder();
    expect(() => recorder.answer(-1, 1, false)).toThrow('bad minute');
    expect(() => recorder.memory(1.5, [])).toThrow('bad minute');
  });
});

describe('the pass criteria', () => {
  it('passes no errors only when every request of every minute succeeded', () => {
    expect(errorVerdict([row(1), row(2)])).toMatchObject({ ok: true, measured: '0 of 200' });
    expect(errorVerdict([row(1), row(2, { errors: 1 })])).toMatchObject({
      ok: false,
      measured: '1 of 200',
    });
    expect(errorVerdict([])).toMatchObject({ ok: false });
  });

  it('passes p99 stable when the last minute is within 2x (or +25 ms) of the first', () => {
    const bound = { factor: 2, slackMs: 25 };
    // A fast first minute: the slack decides (20 + 25 = 45 ms).
    expect(p99Verdict([row(1), row(2), row(3, { p99: 45 })], bound).ok).toBe(true);
    expect(p99Verdict([row(1), row(2), row(3, { p99: 45.1 })], bound).ok).toBe(false);
    // A slow first minute: the factor decides (2 x 100 = 200 ms); the middle does not count.
    const slow = [row(1, { p99: 100 }), row(2, { p99: 900 })];
    expect(p99Verdict([...slow, row(3, { p99: 200 })], bound).ok).toBe(true);
    expect(p99Verdict([...slow, row(3, { p99: 201 })], bound)).toMatchObject({
      ok: false,
      measured: 'first 100.0 ms, last 201.0 ms',
    });
    expect(p99Verdict([row(1)], bound)).toMatchObject({
      ok: false,
      measured: 'fewer than 2 minutes',
    });
    expect(p99Verdict([row(1), row(2, { p99: Number.NaN })], bound).ok).toBe(false);
  });

  it('fits the least-squares slope', () => {
    expect(slope([1, 2, 3, 4], [10, 12, 14, 16])).toBeCloseTo(2);
    expect(slope([1, 2, 3], [5, 9, 5])).toBeCloseTo(0);
    expect(slope([1], [1])).toBeNaN();
    expect(slope([2, 2], [1, 3])).toBeNaN();
  });

  it('passes memory flat when growth after the first minute and its slope stay in bounds', () => {
    const bound = { maxGrowthMb: 48, maxSlopeMbPerMinute: 3 };
    const rss = (values: number[]) => values.map((mb, i) => row(i + 1, { rssMb: [mb] }));
    // Warming up in the first minute is not growth: it counts from the end of the first.
    expect(rssVerdict(rss([150, 260, 255, 262, 258, 261]), 0, bound).ok).toBe(false);
    expect(rssVerdict(rss([250, 260, 255, 262, 258, 261]), 0, bound)).toMatchObject({ ok: true });
    // A steady leak of 4 MB a minute: 20 MB in all is under the growth bound, not the slope's.
    const leak = rssVerdict(rss([250, 254, 258, 262, 266, 270]), 0, bound);
    expect(leak.ok).toBe(false);
    expect(leak.measured).toContain('slope +4.0 MB/min');
    // A jump at the end: flat slope before, growth over the bound.
    expect(rssVerdict(rss([250, 250, 250, 250, 250, 299]), 0, bound).ok).toBe(false);
    // Each server on its own.
    const two = [row(1, { rssMb: [200, 200] }), row(2, { rssMb: [200, 300] })];
    expect(rssVerdict(two, 0, bound).ok).toBe(true);
    expect(rssVerdict(two, 1, bound)).toMatchObject({ ok: false, name: 'memory flat (server 2)' });
  });

  it('fails memory flat when a minute was not sampled or the run was too short', () => {
    const bound = { maxGrowthMb: 48, maxSlopeMbPerMinute: 3 };
    const gap = [row(1, { rssMb: [200] }), row(2, { rssMb: [] }), row(3, { rssMb: [200] })];
    expect(rssVerdict(gap, 0, bound)).toMatchObject({
      ok: false,
      measured: 'not sampled every minute',
    });
    expect(rssVerdict([row(1)], 0, bound)).toMatchObject({
      ok: false,
      measured: 'fewer than 2 minutes',
    });
  });

  it('prints a row per minute and a line per verdict', () => {
    const rows = [row(1), row(2, { p99: 31.25, rssMb: [201.04, null] })];
    const table = formatSoakTable(rows, [errorVerdict(rows)]);
    expect(table.split('\n')[0]).toBe(
      'minute  requests  errors  p50 ms  p95 ms  p99 ms  rss 1 MB  rss 2 MB',
    );
    expect(table).toContain('     2       100       0     5.0    10.0    31.3     201.0         -');
    expect(table).toContain('ok    no errors: 0 of 200');
  });
});

describe('the soak mix', () => {
  it('sends 8 reads and 2 writes of every 10 requests, each kind numbered in turn', () => {
    const slots = Array.from({ length: 20 }, (_, index) => mixSlot(index));
    expect(slots.filter((slot) => slot.kind === 'read')).toHaveLength(16);
    expect(slots.filter((slot) => slot.kind === 'read').map((slot) => slot.nth)).toEqual(
      Array.from({ length: 16 }, (_, nth) => nth),
    );
    expect(slots.filter((slot) => slot.kind === 'write').map((slot) => slot.nth)).toEqual([
      0, 1, 2, 3,
    ]);
  });

  it('spreads requests evenly over the servers, every operation on each', () => {
    // 10 reads and 4 writes, as the soak has them.
    const counts = [0, 0];
    const seen = [new Set<string>(), new Set<string>()];
    for (let index = 0; index < 1000; index += 1) {
      const slot = mixSlot(index);
      const operations = slot.kind === 'read' ? 10 : 4;
      const server = serverOf(slot.nth, operations, 2);
      counts[server] = (counts[server] ?? 0) + 1;
      seen[server]?.add(`${slot.kind} ${slot.nth % operations}`);
    }
    expect(counts).toEqual([500, 500]);
    expect(seen.map((set) => set.size)).toEqual([14, 14]);
  });
});
