import dayjs from 'dayjs';

/** An ISO time as the console shows it: 2026-11-30 09:05. */
export const formatTime = (iso: string | null | undefined) =>
  iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '—';
