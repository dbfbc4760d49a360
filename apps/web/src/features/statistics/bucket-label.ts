import type { StatisticsBucket, StatisticsRange } from '@portal/contract';

const monthDay = (day: string) => `${Number(day.slice(5, 7))}/${Number(day.slice(8, 10))}`;
const monthOf = (day: string) => `${Number(day.slice(5, 7))}月`;

/** A bucket's short name under its bar: `11/26`, the week's Monday `11/23`, or `11月`. */
export function shortLabel(range: StatisticsRange, bucket: Pick<StatisticsBucket, 'start'>) {
  return range === '12m' ? monthOf(bucket.start) : monthDay(bucket.start);
}

/** A bucket's full name in the table: `11月26日`, `11月23日–11月29日`, `2026年11月`. */
export function fullLabel(
  range: StatisticsRange,
  bucket: Pick<StatisticsBucket, 'start' | 'end'>,
): string {
  const date = (day: string) => `${Number(day.slice(5, 7))}月${Number(day.slice(8, 10))}日`;
  if (range === '30d') return date(bucket.start);
  if (range === '12w') return `${date(bucket.start)}–${date(bucket.end)}`;
  return `${bucket.start.slice(0, 4)}年${monthOf(bucket.start)}`;
}

/** What the bars count in: minutes, or hours once the largest bar passes two hours. */
export interface ChartUnit {
  label: '分钟' | '小时';
  seconds: number;
}

export function unitFor(buckets: readonly Pick<StatisticsBucket, 'total'>[]): ChartUnit {
  const most = Math.max(0, ...buckets.map((bucket) => bucket.total));
  return most > 2 * 3600 ? { label: '小时', seconds: 3600 } : { label: '分钟', seconds: 60 };
}
