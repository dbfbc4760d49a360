import { describe, expect, it } from 'vitest';
import {
  hoursOfDay,
  isOpenAt,
  type OpeningRule,
  shanghaiClock,
  weekLines,
} from './place-values.ts';

const SCHOOL: OpeningRule[] = [
  { days: [2, 3, 4, 5, 6, 7], open: '08:30', close: '11:30' },
  { days: [2, 3, 4, 5, 6, 7], open: '13:30', close: '17:00' },
];
const EVENINGS: OpeningRule[] = [{ days: [1, 2, 3, 4, 5], open: '18:30', close: '20:30' }];

/** A time in Shanghai (UTC+8) on 2026-11-23 (a Monday) plus `days`. */
const shanghai = (days: number, hh: number, mm = 0) => Date.UTC(2026, 10, 23 + days, hh - 8, mm);

describe('shanghaiClock', () => {
  it('reads the weekday and minute in Shanghai, whatever the machine zone', () => {
    expect(shanghaiClock(shanghai(0, 10))).toEqual({ day: 1, minute: 600 });
    // 23:30 on Sunday in Shanghai is 15:30 UTC the same day.
    expect(shanghaiClock(shanghai(6, 23, 30))).toEqual({ day: 7, minute: 23 * 60 + 30 });
    // 01:00 on Tuesday in Shanghai is still Monday in UTC.
    expect(shanghaiClock(shanghai(1, 1))).toEqual({ day: 2, minute: 60 });
  });
});

describe('isOpenAt', () => {
  it.each([
    ['Monday 10:00 (closed on Monday)', shanghai(0, 10), false],
    ['Tuesday 08:29', shanghai(1, 8, 29), false],
    ['Tuesday 08:30', shanghai(1, 8, 30), true],
    ['Tuesday 11:30 (closing time)', shanghai(1, 11, 30), false],
    ['Tuesday 12:00 (lunch)', shanghai(1, 12), false],
    ['Sunday 16:59', shanghai(6, 16, 59), true],
  ])('a school on %s: %s', (_, at, open) => {
    expect(isOpenAt(SCHOOL, at)).toBe(open);
  });

  it('opens an evening point in the evening, not on Saturday', () => {
    expect(isOpenAt(EVENINGS, shanghai(2, 19))).toBe(true);
    expect(isOpenAt(EVENINGS, shanghai(5, 19))).toBe(false);
    expect(isOpenAt([], shanghai(2, 19))).toBe(false);
  });
});

describe('week lines', () => {
  it('lists each day with its times, 闭馆 on days without', () => {
    expect(hoursOfDay(SCHOOL, 3)).toBe('08:30-11:30、13:30-17:00');
    expect(weekLines(SCHOOL)[0]).toEqual({ day: '周一', times: '闭馆' });
    expect(weekLines(SCHOOL)[6]).toEqual({ day: '周日', times: '08:30-11:30、13:30-17:00' });
  });
});
