import { describe, expect, it } from 'vitest';
import { countdownParts, countdownText } from './countdown.ts';

const MIN = 60_000;

describe('countdown', () => {
  it('splits the time left into days, hours and minutes, rounding up to the minute', () => {
    const now = Date.parse('2026-11-25T10:00:00Z');
    expect(countdownParts(now + (2 * 1440 + 3 * 60 + 5) * MIN, now)).toEqual({
      days: 2,
      hours: 3,
      minutes: 5,
    });
    expect(countdownParts(now + 30_000, now)).toEqual({ days: 0, hours: 0, minutes: 1 });
    expect(countdownParts(now + 60 * MIN, now)).toEqual({ days: 0, hours: 1, minutes: 0 });
  });

  it('never goes below zero once the time has come', () => {
    const now = Date.parse('2026-11-25T10:00:00Z');
    expect(countdownParts(now - 5 * MIN, now)).toEqual({ days: 0, hours: 0, minutes: 0 });
    expect(countdownParts(now, now)).toEqual({ days: 0, hours: 0, minutes: 0 });
  });

  it('reads without the leading zero units', () => {
    expect(countdownText({ days: 2, hours: 0, minutes: 7 })).toBe('2 天 0 小时 7 分钟');
    expect(countdownText({ days: 0, hours: 1, minutes: 0 })).toBe('1 小时 0 分钟');
    expect(countdownText({ days: 0, hours: 0, minutes: 5 })).toBe('5 分钟');
  });
});
