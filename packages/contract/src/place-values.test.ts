import { describe, expect, it } from 'vitest';
import {
  hoursOfDay,
  hoursProblems,
  isOpenAt,
  isPlaceKindOf,
  type OpeningRule,
  placeAreaProblem,
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

describe('hoursProblems', () => {
  it('accepts the seeded week: two sessions a day, rows of different days at the same hours', () => {
    expect(hoursProblems(SCHOOL)).toEqual([]);
    expect(hoursProblems([...SCHOOL, ...EVENINGS])).toEqual([]);
    // One ends as the next begins: they touch, they do not overlap.
    expect(
      hoursProblems([
        { days: [1], open: '09:00', close: '12:00' },
        { days: [1], open: '12:00', close: '13:00' },
      ]),
    ).toEqual([]);
  });

  it('names the row of a close not after its open, a day out of range, a bad time, no day', () => {
    expect(
      hoursProblems([
        { days: [1], open: '17:00', close: '09:00' },
        { days: [8], open: '09:00', close: '17:00' },
        { days: [2], open: '9:00', close: '17:00' },
        { days: [], open: '09:00', close: '17:00' },
        { days: [3], open: '10:00', close: '10:00' },
      ]),
    ).toEqual([
      { row: 0, message: '第 1 行的关门时间须晚于开门时间' },
      { row: 1, message: '第 2 行的星期须在 1（周一）到 7（周日）之间' },
      { row: 2, message: '第 3 行的时间须为 HH:mm，如 09:00' },
      { row: 3, message: '第 4 行请至少选择一天' },
      { row: 4, message: '第 5 行的关门时间须晚于开门时间' },
    ]);
  });

  it('names two rows of the same day that overlap, once', () => {
    expect(
      hoursProblems([
        { days: [1, 2], open: '09:00', close: '12:00' },
        { days: [2, 3], open: '11:00', close: '14:00' },
        { days: [2], open: '08:00', close: '18:00' },
      ]),
    ).toEqual([
      { row: 1, message: '第 2 行与第 1 行在周二的时间重叠' },
      { row: 2, message: '第 3 行与第 1 行在周二的时间重叠' },
    ]);
  });
});

describe('placeAreaProblem', () => {
  it('keeps a place of 静安 in 静安区 and refuses one far from it, saying how far', () => {
    expect(placeAreaProblem('jingan', { lat: 31.2292, lng: 121.4558 })).toBeNull();
    expect(placeAreaProblem('jingan', { lat: 30.2741, lng: 120.1551 })).toMatch(
      /^离静安区太远（距区中心约 1\d\d 公里），请核对经纬度（WGS-84）$/,
    );
    // Latitude and longitude swapped: nowhere near.
    expect(placeAreaProblem('jingan', { lat: 121.4558, lng: 31.2292 })).toMatch(/^离静安区太远/);
  });

  it('keeps a site without a district to Shanghai', () => {
    expect(placeAreaProblem('pudong', { lat: 31.2036, lng: 121.5905 })).toBeNull();
    expect(placeAreaProblem('pudong', { lat: 39.9, lng: 116.4 })).toBe(
      '不在上海市范围内，请核对经纬度（WGS-84）',
    );
  });
});

describe('isPlaceKindOf', () => {
  it('knows the kinds of each category, as the seed writes them', () => {
    expect(isPlaceKindOf('school', '老年大学分校')).toBe(true);
    expect(isPlaceKindOf('point', '社区学校')).toBe(false);
    expect(isPlaceKindOf('base', '体验基地')).toBe(true);
    expect(isPlaceKindOf('walk', '人文行走点')).toBe(true);
  });
});
