import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDuration } from './format-duration.ts';

function parseDuration(text: string): { hours: number; minutes: number; seconds: number } {
  const match = /^(\d+):(\d{2}):(\d{2})$/.exec(text);
  if (!match) throw new Error(`not h:mm:ss: ${text}`);
  return { hours: Number(match[1]), minutes: Number(match[2]), seconds: Number(match[3]) };
}

describe('formatDuration', () => {
  it('shows 0:00:00 for nothing', () => {
    expect(formatDuration(0)).toBe('0:00:00');
  });

  it('shows 0:00:59 for 59 seconds', () => {
    expect(formatDuration(59)).toBe('0:00:59');
  });

  it('shows 1:01:01 for 3661 seconds', () => {
    expect(formatDuration(3661)).toBe('1:01:01');
  });

  it('does not pad hours: 10:00:00 for 36000 seconds', () => {
    expect(formatDuration(36000)).toBe('10:00:00');
    expect(formatDuration(360000)).toBe('100:00:00');
  });

  it('drops fractions of a second', () => {
    expect(formatDuration(59.999)).toBe('0:00:59');
  });

  it('writes huge durations out in digits', () => {
    expect(formatDuration(1e21)).toBe('277777777777777777:46:40');
  });

  it('shows 0:00:00 for negative, NaN and infinite input', () => {
    expect(formatDuration(-1)).toBe('0:00:00');
    expect(formatDuration(Number.NaN)).toBe('0:00:00');
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe('0:00:00');
  });
});

describe('formatDuration properties', () => {
  it('reads back as the whole seconds it was given', () => {
    const seconds = fc.oneof(
      fc.integer({ min: 0, max: 100 * 3600 }),
      fc.double({ min: 0, max: 1e9, noNaN: true }),
    );
    fc.assert(
      fc.property(seconds, (input) => {
        const { hours, minutes, seconds: secs } = parseDuration(formatDuration(input));
        expect(hours * 3600 + minutes * 60 + secs).toBe(Math.floor(input));
      }),
    );
  });

  it('always has two-digit minutes and seconds under 60', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true }), (input) => {
        const { minutes, seconds } = parseDuration(formatDuration(input));
        expect(minutes).toBeLessThan(60);
        expect(seconds).toBeLessThan(60);
      }),
    );
  });
});
