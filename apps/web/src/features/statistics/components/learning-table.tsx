import type { StatisticsBucket } from '@portal/contract';
import {
  LEARNING_KIND_LABELS,
  LEARNING_KINDS,
  STATISTICS_RANGE_LABELS,
  type StatisticsRange,
} from '@portal/contract/constants';
import { fullLabel } from '../bucket-label.ts';

const minutes = (seconds: number) => String(Math.floor(seconds / 60));

const HEADINGS: Record<StatisticsRange, string> = { '30d': '日期', '12w': '周', '12m': '月份' };

/**
 * The chart's numbers as a table (newest first), for screen readers and for reading exact
 * figures: minutes per kind and in all, per day, week or month.
 */
export function LearningTable({
  range,
  buckets,
}: {
  range: StatisticsRange;
  buckets: readonly StatisticsBucket[];
}) {
  return (
    <table className="statistics-table">
      <caption>{STATISTICS_RANGE_LABELS[range]}学习时长（分钟）</caption>
      <thead>
        <tr>
          <th scope="col">{HEADINGS[range]}</th>
          {LEARNING_KINDS.map((kind) => (
            <th key={kind} scope="col">
              {LEARNING_KIND_LABELS[kind]}
            </th>
          ))}
          <th scope="col">合计</th>
        </tr>
      </thead>
      <tbody>
        {[...buckets].reverse().map((bucket) => (
          <tr key={bucket.start}>
            <th scope="row">{fullLabel(range, bucket)}</th>
            {LEARNING_KINDS.map((kind) => (
              <td key={kind}>{minutes(bucket.seconds[kind])}</td>
            ))}
            <td>{minutes(bucket.total)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
