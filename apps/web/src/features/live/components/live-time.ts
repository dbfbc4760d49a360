import { formatDate, formatDateRange } from '@/lib/format-date.ts';

/**
 * When a session runs, in the portal's date-range format: one day as `2026.11.25 14:00-16:00`,
 * across days as both dates with their hours.
 */
export function liveTimeText(session: { startsAt: string; endsAt: string }): string {
  const start = formatDate(session.startsAt, 'yyyy.MM.dd');
  if (start !== '' && start === formatDate(session.endsAt, 'yyyy.MM.dd')) {
    return `${formatDate(session.startsAt, 'yyyy.MM.dd hh:mm')}-${formatDate(session.endsAt, 'hh:mm')}`;
  }
  return formatDateRange(session.startsAt, session.endsAt, 'yyyy.MM.dd hh:mm');
}
