import { describe, expect, it } from 'vitest';
import { ledgerDayHeading, signedPoints } from './ledger-day.ts';

describe('ledgerDayHeading', () => {
  it('names today and yesterday, across a month and a year boundary', () => {
    expect(ledgerDayHeading('2026-11-26', '2026-11-26')).toBe('今天');
    expect(ledgerDayHeading('2026-11-30', '2026-12-01')).toBe('昨天');
    expect(ledgerDayHeading('2025-12-31', '2026-01-01')).toBe('昨天');
  });

  it('gives other days as month and day, with the year when it is another year', () => {
    expect(ledgerDayHeading('2026-11-20', '2026-11-26')).toBe('11月20日');
    expect(ledgerDayHeading('2025-03-05', '2026-11-26')).toBe('2025年3月5日');
  });
});

describe('signedPoints', () => {
  it('signs awards and deductions', () => {
    expect(signedPoints(5)).toBe('+5');
    expect(signedPoints(-20)).toBe('-20');
  });
});
