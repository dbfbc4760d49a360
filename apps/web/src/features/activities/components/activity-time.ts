import { type DateInput, formatDate, formatDateRange } from '@/lib/format-date.ts';

const sameDay = (start: Date, end: Date) =>
  start.getFullYear() === end.getFullYear() &&
  start.getMonth() === end.getMonth() &&
  start.getDate() === end.getDate();

/**
 * When an activity takes place, in the date-range format of spec section 9 (`start-end`, the
 * end without its year in the same year). One day reads as that day with its hours
 * (2026.11.25 14:00-16:00); several days as their dates, with hours when `withTime`.
 */
export function activityTimeText(start: DateInput, end: DateInput, withTime = false): string {
  const from = new Date(start);
  const to = new Date(end);
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) {
    return formatDateRange(start, end, 'yyyy.MM.dd');
  }
  if (sameDay(from, to)) {
    return `${formatDate(from, 'yyyy.MM.dd hh:mm')}-${formatDate(to, 'hh:mm')}`;
  }
  return formatDateRange(from, to, withTime ? 'yyyy.MM.dd hh:mm' : 'yyyy.MM.dd');
}
