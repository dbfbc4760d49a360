import { addDays, shanghaiDay, shanghaiMidnight } from '@portal/contract/constants';

/**
 * Times of the timetable and the schedule on the Asia/Shanghai wall clock (the sites are in
 * Shanghai; days are Shanghai days on the server too), whatever the phone's time zone.
 */

const CHINA_OFFSET_MS = 8 * 3_600_000;
const WEEKDAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];

const pad = (n: number) => String(n).padStart(2, '0');
const wallClock = (time: string) => new Date(Date.parse(time) + CHINA_OFFSET_MS);

/** `HH:mm` of a time in Shanghai. */
export function clockText(time: string): string {
  const date = wallClock(time);
  return `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
}

/** `14:00-15:30`, or with the end's date when it ends on another day. */
export function clockRangeText(startsAt: string, endsAt: string): string {
  if (shanghaiDay(startsAt) === shanghaiDay(endsAt)) {
    return `${clockText(startsAt)}-${clockText(endsAt)}`;
  }
  return `${clockText(startsAt)}-${monthDayText(shanghaiDay(endsAt))} ${clockText(endsAt)}`;
}

/** `11月27日` of a `YYYY-MM-DD` date. */
export function monthDayText(day: string): string {
  const [, month = '', date = ''] = day.split('-');
  return `${Number(month)}月${Number(date)}日`;
}

/** `周五` of a `YYYY-MM-DD` date. */
export function weekdayText(day: string): string {
  const midnight = shanghaiMidnight(day);
  if (midnight === null) return '';
  return WEEKDAYS[wallClock(new Date(midnight).toISOString()).getUTCDay()] ?? '';
}

/** 今天, 明天 or 后天 for those days (from `today`), else the weekday. */
export function relativeDayText(day: string, today: string): string {
  if (day === today) return '今天';
  if (day === addDays(today, 1)) return '明天';
  if (day === addDays(today, 2)) return '后天';
  return weekdayText(day);
}

/** The heading of a day in a list: `今天 · 11月26日 周四`. */
export function dayHeading(day: string, today: string): string {
  const relative = relativeDayText(day, today);
  const weekday = weekdayText(day);
  return relative === weekday
    ? `${monthDayText(day)} ${weekday}`
    : `${relative} · ${monthDayText(day)} ${weekday}`;
}

/** `11月28日 周六 09:30-11:00`: a session's day, weekday and hours (a base slot, a walk). */
export function sessionTimeText(startAt: string, endAt: string): string {
  const day = shanghaiDay(startAt);
  return `${monthDayText(day)} ${weekdayText(day)} ${clockRangeText(startAt, endAt)}`;
}
