import { describe, expect, it } from 'vitest';
import {
  type Clock,
  dueCount,
  IdleRing,
  intendedAt,
  type OpenLoopResult,
  percentile,
  runOpenLoop,
  summarise,
} from './open-loop.ts';

/** Virtual time: timers fire in time order, each after the microtasks of the one before. */
class VirtualClock implements Clock {
  time = 0;
  /** Added to every `wait` (a generator whose timers fire late). */
  lateness = 0;
  private timers: Array<{ at: number; seq: number; resolve: () => void }> = [];
  private seq = 0;

  now(): number {
    return this.time;
  }

  wait(ms: number): Promise<void> {
    return this.at(this.time + Math.max(0, ms) + this.lateness);
  }

  /** Resolves when virtual time reaches `time`. */
  at(time: number): Promise<void> {
    return new Promise((resolve) => {
      this.timers.push({ at: time, seq: this.seq, resolve });
      this.seq += 1;
    });
  }

  /** Fires timers until `promise` settles; answers its value. */
  async drive<T>(promise: Promise<T>): Promise<T> {
    let settled = false;
    const watched = promise.finally(() => {
      settled = true;
    });
    for (;;) {
      await new Promise((resolve) => setImmediate(resolve));
      if (settled) return watched;
      this.timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
      const timer = this.timers.shift();
      if (!timer) throw new Error('nothing left to fire, but the run has not finished');
      this.time = Math.max(this.time, timer.at);
      timer.resolve();
    }
  }
}

/** A one-at-a-time server: each request waits for the ones before it, then takes `serviceMs`. */
function fifoServer(clock: VirtualClock, serviceMs: (index: number) => number) {
  let freeAt = 0;
  const sentAt: number[] = [];
  const send = async (index: number) => {
    sentAt[index] = clock.now();
    const begin = Math.max(clock.now(), freeAt);
    freeAt = begin + serviceMs(index);
    await clock.at(freeAt);
    return null;
  };
  return { send, sentAt };
}

describe('the open-loop schedule', () => {
  it('spaces requests evenly at the rate', () => {
    expect(intendedAt(0, 1000)).toBe(0);
    expect(intendedAt(3, 1000)).toBe(3);
    expect(intendedAt(3, 300)).toBeCloseTo(10);
    expect(dueCount(-1, 1000, 10)).toBe(0);
    expect(dueCount(0, 1000, 10)).toBe(1);
    expect(dueCount(2.5, 1000, 10)).toBe(3);
    expect(dueCount(1e6, 1000, 10)).toBe(10);
  });

  it('sends rate x duration requests, each at its intended time, and times every answer', async () => {
    const clock = new VirtualClock();
    const server = fifoServer(clock, () => 2);
    const result = await clock.drive(
      runOpenLoop({ rate: 100, durationMs: 1000, send: server.send, clock }),
    );
    expect(result.sent).toBe(100);
    expect(result.latencies).toHaveLength(100);
    expect(server.sentAt.slice(0, 4)).toEqual([0, 10, 20, 30]);
    expect(new Set(result.latencies)).toEqual(new Set([2]));
    expect(result.failures).toBe(0);
    expect(result.elapsedMs).toBe(992);
  });

  it('keeps sending while the server stalls, and charges the stall to every request it delayed', async () => {
    const clock = new VirtualClock();
    // The first request takes 500 ms; the others 1 ms each, after the ones before them.
    const server = fifoServer(clock, (index) => (index === 0 ? 500 : 1));
    const result = await clock.drive(
      runOpenLoop({ rate: 100, durationMs: 1000, send: server.send, clock }),
    );
    // A closed loop would have sent one request during the stall; this one sends on schedule.
    expect(server.sentAt.filter((time) => time < 500)).toHaveLength(50);
    // The request due at 10 ms is answered at 501 ms: 491 ms, not the 1 ms it took to serve.
    const sorted = [...result.latencies].sort((a, b) => a - b);
    expect(sorted.filter((latency) => latency >= 400).length).toBeGreaterThanOrEqual(10);
    expect(percentile(sorted, 50)).toBeGreaterThan(1);
    expect(summarise(result).max).toBe(500);
  });

  it('times requests from their intended send time when the generator itself runs late', async () => {
    const clock = new VirtualClock();
    clock.lateness = 25;
    const server = fifoServer(clock, () => 0);
    const result = await clock.drive(
      runOpenLoop({ rate: 100, durationMs: 100, send: server.send, clock }),
    );
    expect(result.sent).toBe(10);
    // Due at 10 ms, sent at 35 ms (the first timer fired 25 ms late) with those due at 20 and 30.
    expect(server.sentAt.slice(1, 4)).toEqual([35, 35, 35]);
    expect(result.latencies.slice(1, 4)).toEqual([25, 15, 5]);
  });

  it('counts failures and keeps the first distinct problems', async () => {
    const clock = new VirtualClock();
    const send = async (index: number) => {
      await clock.at(clock.now() + 1);
      return index % 10 === 0 ? `bad answer ${index % 20}` : null;
    };
    const result = await clock.drive(
      runOpenLoop({ rate: 1000, durationMs: 100, firstIndex: 100, send, clock }),
    );
    expect(result.failures).toBe(10);
    expect([...result.problems.entries()]).toEqual([
      ['bad answer 0', 5],
      ['bad answer 10', 5],
    ]);
  });

  it('reports each answer with its index, latency and problem as it comes', async () => {
    const clock = new VirtualClock();
    const server = fifoServer(clock, (index) => (index === 12 ? 30 : 2));
    const seen: Array<[number, number, string | null]> = [];
    await clock.drive(
      runOpenLoop({
        rate: 100,
        durationMs: 50,
        firstIndex: 10,
        send: async (index) => {
          await server.send(index);
          return index === 13 ? 'late' : null;
        },
        onAnswer: (index, latency, problem) => seen.push([index, latency, problem]),
        clock,
      }),
    );
    // Request 12 takes 30 ms; 13 and 14, due 10 and 20 ms later, wait for it.
    expect(seen).toEqual([
      [10, 2, null],
      [11, 2, null],
      [12, 30, null],
      [13, 22, 'late'],
      [14, 14, null],
    ]);
  });

  it('refuses a rate or duration that is not positive', async () => {
    const send = async () => null;
    await expect(runOpenLoop({ rate: 0, durationMs: 10, send })).rejects.toThrow('positive');
    await expect(runOpenLoop({ rate: 10, durationMs: -1, send })).rejects.toThrow('positive');
  });
});

describe('percentile', () => {
  const thousand = Array.from({ length: 1000 }, (_, index) => index + 1);

  it('answers the nearest rank', () => {
    expect(percentile(thousand, 50)).toBe(500);
    expect(percentile(thousand, 99)).toBe(990);
    expect(percentile(thousand, 99.9)).toBe(999);
    expect(percentile(thousand, 100)).toBe(1000);
    expect(percentile([7], 99.9)).toBe(7);
  });

  it('is not pushed one rank up by floating-point error', () => {
    const tenThousand = Array.from({ length: 10_000 }, (_, index) => index + 1);
    expect(percentile(tenThousand, 99.9)).toBe(9990);
    expect(percentile(tenThousand, 99)).toBe(9900);
  });

  it('answers NaN for no values and refuses a percentile out of range', () => {
    expect(percentile([], 50)).toBeNaN();
    expect(() => percentile(thousand, 0)).toThrow('out of range');
    expect(() => percentile(thousand, 101)).toThrow('out of range');
  });
});

describe('summarise', () => {
  it('gives the achieved rate over the run and the tail percentiles', () => {
    const result: OpenLoopResult = {
      rate: 1000,
      durationMs: 1000,
      sent: 1000,
      latencies: Array.from({ length: 1000 }, (_, index) => 1000 - index),
      failures: 0,
      problems: new Map(),
      elapsedMs: 1250,
    };
    expect(summarise(result)).toEqual({
      achievedRate: 800,
      p50: 500,
      p99: 990,
      p999: 999,
      max: 1000,
    });
  });
});

describe('IdleRing', () => {
  it('hands out keys in turn, skipping the busy ones, and none when all are busy', () => {
    const ring = new IdleRing(3);
    expect([ring.take(), ring.take(), ring.take()]).toEqual([0, 1, 2]);
    expect(ring.take()).toBeNull();
    ring.release(1);
    expect(ring.take()).toBe(1);
    ring.release(0);
    ring.release(2);
    expect([ring.take(), ring.take(), ring.take()]).toEqual([2, 0, null]);
  });

  it('refuses an empty ring', () => {
    expect(() => new IdleRing(0)).toThrow('bad ring size');
  });
});
