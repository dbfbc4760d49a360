import { shanghaiDay } from '@portal/contract/constants';
import { clockRangeText, monthDayText, weekdayText } from '@/lib/schedule-time.ts';

/** `11月28日 周六 09:00-11:00` of a session, on the Shanghai wall clock. */
export function visitTime(startAt: string, endAt: string): string {
  const day = shanghaiDay(startAt);
  return `${monthDayText(day)} ${weekdayText(day)} ${clockRangeText(startAt, endAt)}`;
}
