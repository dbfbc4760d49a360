import { describe, expect, it } from 'vitest';
import {
  CREDIT_SLACK_MS,
  clampPosition,
  creditWatch,
  dayKey,
  effectiveDuration,
  isComplete,
  isPlayed,
  MAX_CREDIT_MS,
  MAX_UNKNOWN_POSITION_SECONDS,
} from './study.rules.ts';

describe('dayKey', () => {
  it('names the calendar date in Asia/Shanghai, whatever the server zone', () => {
    // 23:59:59 and 00:00:00 in Shanghai (UTC+8).
    expect(dayKey(Date.UTC(2026, 10, 21, 15, 59, 59))).toBe('2026-11-21');
    expect(dayKey(Date.UTC(2026, 10, 21, 16, 0, 0))).toBe('2026-11-22');
    // Still the 21st in UTC, already the 22nd in Shanghai.
    expect(dayKey(Date.UTC(2026, 10, 21, 20, 0, 0), 'UTC')).toBe('2026-11-21');
    expect(dayKey(Date.UTC(2026, 10, 21, 20, 0, 0))).toBe('2026-11-22');
  });

  it('answers the same within a minute, and afresh in the next one', () => {
    const midnight = Date.UTC(2026, 10, 21, 16, 0, 0);
    expect(dayKey(midnight - 60_000)).toBe('2026-11-21');
    expect(dayKey(midnight - 1)).toBe('2026-11-21');
    expect(dayKey(midnight)).toBe('2026-11-22');
    expect(dayKey(midnight - 1)).toBe('2026-11-21');
  });

  it('pads months and days and crosses the year', () => {
    expect(dayKey(Date.UTC(2026, 11, 31, 16, 0, 0))).toBe('2027-01-01');
    expect(dayKey(Date.UTC(2026, 0, 4, 1, 0, 0))).toBe('2026-01-04');
  });
});

describe('effectiveDuration', () => {
  it('takes the shorter of the lesson and the media, ignoring an unknown one', () => {
    expect(effectiveDuration(600, 60)).toBe(60);
    expect(effectiveDuration(180, 100_000)).toBe(180);
    expect(effectiveDuration(600, undefined)).toBe(600);
    expect(effectiveDuration(600, 0)).toBe(600);
    expect(effectiveDuration(0, 60)).toBe(60);
    expect(effectiveDuration(0, 0)).toBe(0);
  });
});

describe('clampPosition', () => {
  it('keeps a position within [0, duration]', () => {
    expect(clampPosition(12.5, 60)).toBe(12.5);
    expect(clampPosition(99_999, 60)).toBe(60);
    expect(clampPosition(-5, 60)).toBe(0);
    expect(clampPosition(Number.NaN, 60)).toBe(0);
  });

  it('allows at most a day when the duration is unknown', () => {
    expect(clampPosition(1e12, 0)).toBe(MAX_UNKNOWN_POSITION_SECONDS);
  });
});

describe('creditWatch', () => {
  const now = 1_800_000_000_000;

  it('credits the first report up to a minute, never the forged rest', () => {
    expect(creditWatch(5_000, null, now)).toEqual({
      creditedMs: 5_000,
      creditedUntil: now - MAX_CREDIT_MS + 5_000,
    });
    expect(creditWatch(100_000_000, null, now).creditedMs).toBe(MAX_CREDIT_MS);
  });

  it('credits what accrued since the last credit, plus a little slack', () => {
    const drained = creditWatch(100_000_000, null, now);
    expect(drained.creditedUntil).toBe(now);
    expect(creditWatch(100_000_000, drained.creditedUntil, now).creditedMs).toBe(CREDIT_SLACK_MS);
    expect(creditWatch(5_000, drained.creditedUntil, now + 5_000).creditedMs).toBe(5_000);
    expect(creditWatch(100_000, drained.creditedUntil, now + 5_000).creditedMs).toBe(
      5_000 + CREDIT_SLACK_MS,
    );
  });

  it('keeps any run of reports within real time plus a minute', () => {
    let clock: number | null = null;
    let total = 0;
    // 1,000 forged reports of an hour each, 100 ms apart: 100 s of real time.
    for (let i = 0; i < 1_000; i += 1) {
      const credit = creditWatch(3_600_000, clock, now + i * 100);
      total += credit.creditedMs;
      clock = credit.creditedUntil;
    }
    expect(total).toBeLessThanOrEqual(100_000 + MAX_CREDIT_MS + CREDIT_SLACK_MS);
  });

  it('lets honest 5-second reports count in full even when they arrive early', () => {
    let clock: number | null = null;
    let total = 0;
    for (let i = 1; i <= 60; i += 1) {
      // Each report is 5 s of watching, arriving between 1 s early and 1 s late.
      const arrival = now + i * 5_000 + (i % 2 === 0 ? -1_000 : 1_000);
      const credit = creditWatch(5_000, clock, arrival);
      total += credit.creditedMs;
      clock = credit.creditedUntil;
    }
    expect(total).toBe(300_000);
  });

  it('never credits a negative or non-finite claim', () => {
    expect(creditWatch(-5_000, null, now).creditedMs).toBe(0);
    expect(creditWatch(Number.POSITIVE_INFINITY, null, now).creditedMs).toBe(0);
    // A clock from the future (the server clock went back) credits nothing beyond the slack.
    expect(creditWatch(10_000, now + 3_600_000, now).creditedMs).toBe(0);
  });
});

describe('isComplete', () => {
  const video = { kind: 'video' as const, wasCompleted: false, durationSeconds: 60 };

  it('completes a video at 90% of its position or of the watched time', () => {
    expect(isComplete({ ...video, positionSeconds: 53.9, watchedSeconds: 0 })).toBe(false);
    expect(isComplete({ ...video, positionSeconds: 54, watchedSeconds: 0 })).toBe(true);
    expect(isComplete({ ...video, positionSeconds: 3, watchedSeconds: 54 })).toBe(true);
  });

  it('never undoes a completion', () => {
    expect(
      isComplete({ ...video, wasCompleted: true, positionSeconds: 0, watchedSeconds: 0 }),
    ).toBe(true);
  });

  it('completes an article once opened, and never a video of unknown length', () => {
    expect(
      isComplete({
        ...video,
        kind: 'article',
        durationSeconds: 0,
        positionSeconds: 0,
        watchedSeconds: 0,
      }),
    ).toBe(true);
    expect(
      isComplete({ ...video, durationSeconds: 0, positionSeconds: 1e6, watchedSeconds: 1e6 }),
    ).toBe(false);
  });

  it('completes an audio as a video: at 90% of its position or of the listening time', () => {
    const audio = { ...video, kind: 'audio' as const };
    expect(isComplete({ ...audio, positionSeconds: 0, watchedSeconds: 0 })).toBe(false);
    expect(isComplete({ ...audio, positionSeconds: 53.9, watchedSeconds: 53.9 })).toBe(false);
    expect(isComplete({ ...audio, positionSeconds: 54, watchedSeconds: 0 })).toBe(true);
    expect(isComplete({ ...audio, positionSeconds: 0, watchedSeconds: 54 })).toBe(true);
    expect(
      isComplete({ ...audio, durationSeconds: 0, positionSeconds: 1e6, watchedSeconds: 1e6 }),
    ).toBe(false);
  });

  it('completes a PDF once opened, as an article', () => {
    expect(
      isComplete({
        ...video,
        kind: 'pdf',
        durationSeconds: 0,
        positionSeconds: 0,
        watchedSeconds: 0,
      }),
    ).toBe(true);
  });
});

describe('isPlayed', () => {
  it('says which lessons play (and have a position) and which are read', () => {
    expect(['video', 'audio', 'pdf', 'article'].filter((kind) => isPlayed(kind as never))).toEqual([
      'video',
      'audio',
    ]);
  });
});
