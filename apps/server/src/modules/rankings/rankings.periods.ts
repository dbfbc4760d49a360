import type { RankingPeriod } from '@portal/contract';
import { dayKey } from '../study/study.rules.ts';

const DAY_MS = 86_400_000;

/** Monday (YYYY-MM-DD) of the week of an Asia/Shanghai day. */
function mondayOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const back = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - back * DAY_MS).toISOString().slice(0, 10);
}

/** The stored key of a period at time `at`: `all`, `m2026-11`, `w2026-11-23` (Asia/Shanghai). */
export function periodKey(period: RankingPeriod, at: number): string {
  const day = dayKey(at);
  if (period === 'all') return 'all';
  if (period === 'month') return `m${day.slice(0, 7)}`;
  return `w${mondayOf(day)}`;
}

/** The keys an award at `at` counts in, in the one order every award takes their rows. */
export function periodKeysAt(at: number): string[] {
  return [periodKey('all', at), periodKey('month', at), periodKey('week', at)];
}

/** The dates a period at `at` covers, as shown: `2026-11-23 至 2026-11-29`, or `全部`. */
export function periodRange(period: RankingPeriod, at: number): string {
  const day = dayKey(at);
  if (period === 'all') return '全部';
  if (period === 'week') {
    const monday = mondayOf(day);
    const sunday = new Date(Date.parse(`${monday}T00:00:00Z`) + 6 * DAY_MS);
    return `${monday} 至 ${sunday.toISOString().slice(0, 10)}`;
  }
  const [year, month] = day.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${day.slice(0, 7)}-01 至 ${day.slice(0, 7)}-${String(last).padStart(2, '0')}`;
}
