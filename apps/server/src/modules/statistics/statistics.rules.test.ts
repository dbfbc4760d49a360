import { describe, expect, it } from 'vitest';
import { addDays, fillBuckets, mondayOf, spansOf } from './statistics.rules.ts';

describe('statistics rules', () => {
  it('steps calendar days across months and leap years', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('starts a week on Monday', () => {
    expect(mondayOf('2026-11-26')).toBe('2026-11-23'); // a Thursday
    expect(mondayOf('2026-11-29')).toBe('2026-11-23'); // a Sunday
    expect(mondayOf('2026-11-30')).toBe('2026-11-30'); // a Monday
  });

  it('ends each range with the bucket that holds today', () => {
    expect(spansOf('30d', '2026-11-26').at(0)).toEqual({ start: '2026-10-28', end: '2026-10-28' });
    expect(spansOf('12w', '2026-11-26').at(-1)).toEqual({ start: '2026-11-23', end: '2026-11-29' });
    expect(spansOf('12w', '2026-11-26').at(0)).toEqual({ start: '2026-09-07', end: '2026-09-13' });
    const months = spansOf('12m', '2026-03-15');
    expect(months.at(-1)).toEqual({ start: '2026-03-01', end: '2026-03-31' });
    expect(months.at(-2)).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(months.at(0)).toEqual({ start: '2025-04-01', end: '2025-04-30' });
  });

  it('adds days into their bucket per kind, in whole seconds, and drops days outside', () => {
    const buckets = fillBuckets(spansOf('12w', '2026-11-26'), [
      { day: '2026-11-23', kind: 'course', seconds: 60.4 },
      { day: '2026-11-29', kind: 'live', seconds: 30 },
      { day: '2026-11-22', kind: 'course', seconds: 10 },
      { day: '2020-01-01', kind: 'course', seconds: 999 },
    ]);
    expect(buckets.at(-1)).toMatchObject({ seconds: { course: 60, live: 30 }, total: 90 });
    expect(buckets.at(-2)).toMatchObject({ seconds: { course: 10, live: 0 }, total: 10 });
    expect(buckets.reduce((sum, bucket) => sum + bucket.total, 0)).toBe(100);
  });
});
