import { addDays, shanghaiDay, shanghaiMidnight } from '@portal/contract/constants';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clockRangeText,
  clockText,
  dayHeading,
  monthDayText,
  relativeDayText,
  sessionTimeText,
  weekdayText,
} from './schedule-time.ts';

describe('schedule times on the Shanghai clock', () => {
  it('reads the hours in Shanghai whatever the zone of the string', () => {
    expect(clockText('2026-11-27T06:00:00Z')).toBe('14:00');
    expect(clockText('2026-11-27T15:30:00+08:00')).toBe('15:30');
  });

  it('gives a range on one day, and the end date when it runs past midnight', () => {
    expect(clockRangeText('2026-11-27T06:00:00Z', '2026-11-27T07:30:00Z')).toBe('14:00-15:30');
    expect(clockRangeText('2026-11-27T14:00:00Z', '2026-11-27T17:00:00Z')).toBe(
      '22:00-11月28日 01:00',
    );
  });

  it('names days by month, weekday, and 今天/明天/后天', () => {
    expect(monthDayText('2026-11-27')).toBe('11月27日');
    expect(weekdayText('2026-11-27')).toBe('周五');
    expect(relativeDayText('2026-11-26', '2026-11-26')).toBe('今天');
    expect(relativeDayText('2026-11-27', '2026-11-26')).toBe('明天');
    expect(relativeDayText('2026-11-28', '2026-11-26')).toBe('后天');
    expect(relativeDayText('2026-11-29', '2026-11-26')).toBe('周日');
    expect(dayHeading('2026-11-27', '2026-11-26')).toBe('明天 · 11月27日 周五');
    expect(dayHeading('2026-12-01', '2026-11-26')).toBe('12月1日 周二');
  });

  it("writes a session's day, weekday and hours in Shanghai (a base slot, a walk)", () => {
    expect(sessionTimeText('2026-11-28T01:30:00Z', '2026-11-28T03:00:00Z')).toBe(
      '11月28日 周六 09:30-11:00',
    );
  });
});

describe('schedule times (properties)', () => {
  const times = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) });

  it('puts a time at its Shanghai day and clock: midnight plus the hours and minutes', () => {
    fc.assert(
      fc.property(times, (time) => {
        const iso = new Date(time).toISOString();
        const [hours, minutes] = clockText(iso).split(':').map(Number);
        const midnight = shanghaiMidnight(shanghaiDay(iso)) ?? Number.NaN;
        const minute = Math.floor(time / 60_000) * 60_000;
        expect(midnight + ((hours ?? 0) * 60 + (minutes ?? 0)) * 60_000).toBe(minute);
      }),
    );
  });

  it('walks the weekdays in order, day after day', () => {
    fc.assert(
      fc.property(times, (time) => {
        const day = shanghaiDay(time);
        const order = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];
        const next = order.indexOf(weekdayText(addDays(day, 1)));
        expect(next).toBe((order.indexOf(weekdayText(day)) + 1) % 7);
      }),
    );
  });
});
