import { describe, expect, it } from 'vitest';
import { currentStreak, longestStreak, maskName, tenthHours, wholeHours } from './medals.rules.ts';

// 2026-11-26 10:00 in Shanghai.
const NOW = Date.parse('2026-11-26T02:00:00Z');

describe('currentStreak', () => {
  it('counts the days in a row ending today', () => {
    expect(currentStreak(['2026-11-26', '2026-11-25', '2026-11-24', '2026-11-20'], NOW)).toBe(3);
  });

  it('still counts a run that ended yesterday (today may come)', () => {
    expect(currentStreak(['2026-11-25', '2026-11-24'], NOW)).toBe(2);
  });

  it('is 0 when the last learning day is older, or there is none', () => {
    expect(currentStreak(['2026-11-24', '2026-11-23'], NOW)).toBe(0);
    expect(currentStreak([], NOW)).toBe(0);
  });

  it('uses the Shanghai day: 23:30 UTC is already the next day there', () => {
    const lateUtc = Date.parse('2026-11-25T23:30:00Z');
    expect(currentStreak(['2026-11-26', '2026-11-25'], lateUtc)).toBe(2);
  });

  it('crosses month ends', () => {
    const march = Date.parse('2026-03-01T02:00:00Z');
    expect(currentStreak(['2026-03-01', '2026-02-28', '2026-02-27'], march)).toBe(3);
  });
});

describe('longestStreak', () => {
  it('finds the longest run anywhere', () => {
    expect(
      longestStreak(['2026-11-26', '2026-11-20', '2026-11-19', '2026-11-18', '2026-11-10']),
    ).toBe(3);
    expect(longestStreak([])).toBe(0);
  });
});

describe('maskName', () => {
  it('keeps the ends of a name and masks the middle', () => {
    expect(maskName('王秀兰')).toBe('王*兰');
    expect(maskName('李建')).toBe('李*');
    expect(maskName('欧阳秀兰')).toBe('欧**兰');
    expect(maskName('13800000001')).toBe('13*******01');
    expect(maskName('王')).toBe('*');
  });
});

describe('hours', () => {
  it('counts whole hours for medals and tenths for certificates', () => {
    expect(wholeHours(3599)).toBe(0);
    expect(wholeHours(3600)).toBe(1);
    expect(tenthHours(5400)).toBe(1.5);
  });
});
