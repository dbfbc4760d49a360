import dayjs from 'dayjs';

/** An ISO time as the console shows it: 2026-11-30 09:05. */
export const formatTime = (iso: string | null | undefined) =>
  iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '—';

/**
 * Learning time in whole minutes and hours, as the portal says it: `0 分钟`, `不到 1 分钟`,
 * `25 分钟`, `1 小时 5 分钟`.
 */
export function formatLearningTime(seconds: number): string {
  const minutes = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds / 60) : 0;
  if (minutes < 1) return seconds > 0 ? '不到 1 分钟' : '0 分钟';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${minutes} 分钟`;
  return rest === 0 ? `${hours} 小时` : `${hours} 小时 ${rest} 分钟`;
}

/** Points with their sign, a true minus for a deduction: `+5`, `−20`, `0`. */
export function signedPoints(amount: number): string {
  if (amount > 0) return `+${amount}`;
  if (amount < 0) return `−${Math.abs(amount)}`;
  return '0';
}
