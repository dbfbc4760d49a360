import type { StatisticsBucket } from '@portal/contract';
import {
  LEARNING_KIND_LABELS,
  LEARNING_KINDS,
  STATISTICS_RANGE_LABELS,
  type StatisticsRange,
} from '@portal/contract/constants';
import { formatMinutes } from '@/lib/format-minutes.ts';

/** One line over the chart: the range's time in all and per kind (the chart's legend too). */
export function LearningSummary({
  range,
  buckets,
}: {
  range: StatisticsRange;
  buckets: readonly StatisticsBucket[];
}) {
  const total = buckets.reduce((sum, bucket) => sum + bucket.total, 0);
  const learned = buckets.filter((bucket) => bucket.total > 0).length;
  return (
    <div className="statistics-summary">
      <p>
        {STATISTICS_RANGE_LABELS[range]}共学习 <strong>{formatMinutes(total)}</strong>
        {range === '30d' ? `，${learned} 天有学习` : ''}
      </p>
      <ul className="statistics-legend" aria-label="按内容分">
        {LEARNING_KINDS.map((kind) => (
          <li key={kind}>
            <span className={`statistics-swatch statistics-series-${kind}`} aria-hidden="true" />
            {LEARNING_KIND_LABELS[kind]}{' '}
            {formatMinutes(buckets.reduce((sum, bucket) => sum + bucket.seconds[kind], 0))}
          </li>
        ))}
      </ul>
    </div>
  );
}
