import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCount } from './format-count.ts';

/** The smallest count a formatted text stands for ('12万+' -> 120000). */
function lowerBound(text: string): bigint {
  const match = /^(\d+)(万|亿)?\+?$/.exec(text);
  if (!match?.[1]) throw new Error(`not a count: ${text}`);
  const unit = match[2] === '亿' ? 100_000_000n : match[2] === '万' ? 10_000n : 1n;
  return BigInt(match[1]) * unit;
}

describe('formatCount', () => {
  it('shows counts under 10000 as they are', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(7)).toBe('7');
    expect(formatCount(9999)).toBe('9999');
  });

  it('shows 1万+ for 10000', () => {
    expect(formatCount(10000)).toBe('1万+');
  });

  it('shows 12万+ for 123456', () => {
    expect(formatCount(123456)).toBe('12万+');
  });

  it('shows 9999万+ for 99999999', () => {
    expect(formatCount(99999999)).toBe('9999万+');
  });

  it('shows 1亿+ for 100000000 and 25亿+ for 2500000000', () => {
    expect(formatCount(100_000_000)).toBe('1亿+');
    expect(formatCount(2_500_000_000)).toBe('25亿+');
  });

  it('drops fractions', () => {
    expect(formatCount(9999.9)).toBe('9999');
    expect(formatCount(19999.5)).toBe('1万+');
  });

  it('shows 0 for negative, NaN and infinite counts', () => {
    expect(formatCount(-5)).toBe('0');
    expect(formatCount(-0)).toBe('0');
    expect(formatCount(Number.NaN)).toBe('0');
    expect(formatCount(Number.POSITIVE_INFINITY)).toBe('0');
    expect(formatCount(Number.NEGATIVE_INFINITY)).toBe('0');
  });

  it('writes huge counts out in digits', () => {
    expect(formatCount(1e30)).toMatch(/^\d+亿\+$/);
  });
});

describe('formatCount properties', () => {
  it('is the integer itself below 10000', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9999 }), (n) => {
        expect(formatCount(n)).toBe(String(n));
      }),
    );
  });

  it('shows whole 万 between 10000 and 99999999, rounded down', () => {
    fc.assert(
      fc.property(fc.double({ min: 10_000, max: 99_999_999.999, noNaN: true }), (n) => {
        const text = formatCount(n);
        expect(text).toMatch(/^\d{1,4}万\+$/);
        const shown = lowerBound(text);
        const whole = BigInt(Math.floor(n));
        expect(shown <= whole && whole < shown + 10_000n).toBe(true);
      }),
    );
  });

  it('shows whole 亿 from 100000000 on, rounded down', () => {
    fc.assert(
      fc.property(fc.double({ min: 100_000_000, max: 1e25, noNaN: true }), (n) => {
        const text = formatCount(n);
        expect(text).toMatch(/^\d+亿\+$/);
        const shown = lowerBound(text);
        const whole = BigInt(Math.floor(n));
        expect(shown <= whole && whole < shown + 100_000_000n).toBe(true);
      }),
    );
  });

  it('never shows a larger count for a smaller number', () => {
    const count = fc.oneof(
      fc.integer({ min: 0, max: 20_000 }),
      fc.maxSafeNat(),
      fc.double({ min: 0, max: 1e22, noNaN: true }),
    );
    fc.assert(
      fc.property(count, count, (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(lowerBound(formatCount(low)) <= lowerBound(formatCount(high))).toBe(true);
      }),
    );
  });

  it('never shows more than the count', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e22, noNaN: true }), (n) => {
        expect(lowerBound(formatCount(n)) <= BigInt(Math.floor(n))).toBe(true);
      }),
    );
  });
});
