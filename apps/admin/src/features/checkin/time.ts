import dayjs from 'dayjs';

/** When an activity runs: 2026-12-08 14:00 至 16:00, or both dates when it spans days. */
export function timeSpan(startAt: string, endAt: string | null): string {
  const start = dayjs(startAt);
  if (!endAt) return start.format('YYYY-MM-DD HH:mm');
  const end = dayjs(endAt);
  return `${start.format('YYYY-MM-DD HH:mm')} 至 ${end.format(
    end.isSame(start, 'day') ? 'HH:mm' : 'YYYY-MM-DD HH:mm',
  )}`;
}

/** A time at the door: 14:05 today, 12-08 14:05 another day. */
export function clock(iso: string): string {
  const at = dayjs(iso);
  return at.isSame(dayjs(), 'day') ? at.format('HH:mm') : at.format('MM-DD HH:mm');
}
