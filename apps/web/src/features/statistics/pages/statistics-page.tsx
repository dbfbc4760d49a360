import type { Statistics } from '@portal/contract';
import {
  STATISTICS_RANGE_LABELS,
  STATISTICS_RANGES,
  type StatisticsRange,
} from '@portal/contract/constants';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';
import { isElderMode, subscribeElderMode } from '@/platform/elder-mode.ts';
import { paths } from '@/platform/paths.ts';
import { FilterChips } from '@/ui/filter-chips.tsx';
import { PageHeader } from '@/ui/page-header.tsx';
import { Panel } from '@/ui/panel.tsx';
import { LoadFailed, StateView } from '@/ui/state-view.tsx';
import { useStatistics } from '../api/get-statistics.ts';
import { unitFor } from '../bucket-label.ts';
import { LearningSummary } from '../components/learning-summary.tsx';
import { LearningTable } from '../components/learning-table.tsx';
import { StatisticsFigures } from '../components/statistics-figures.tsx';
import '../statistics.css';

// The chart library loads with the chart, in its own chunk, only on this page.
const LearningChart = lazy(() =>
  import('../components/learning-chart.tsx').then((module) => ({ default: module.LearningChart })),
);

const rangeOf = (value: string | null): StatisticsRange =>
  STATISTICS_RANGES.find((range) => range === value) ?? '30d';

const chartSkeleton = (
  <div className="skeleton-block statistics-chart" role="status" aria-label="图表加载中" />
);

const RANGE_OPTIONS = STATISTICS_RANGES.map((range) => ({
  value: range,
  label: STATISTICS_RANGE_LABELS[range],
}));

/** The range switch: 近30天, 近12周, 近12个月 (kept in the address, `?range=`). */
function RangeSwitch({ range }: { range: StatisticsRange }) {
  const [, setParams] = useSearchParams();
  return (
    <FilterChips
      legend="统计范围"
      options={RANGE_OPTIONS}
      value={range}
      onChange={(option) => setParams(option === '30d' ? {} : { range: option }, { replace: true })}
    />
  );
}

/** The range's bars, summary and table; a designed empty state when it has no learning. */
function RangeChart({ data, elder }: { data: Statistics; elder: boolean }) {
  if (data.buckets.every((bucket) => bucket.total === 0)) {
    return (
      <StateView
        kind="empty"
        title="这段时间还没有学习记录"
        description="看课程、看直播的时间都会记在这里。"
        way={{ to: paths.courseList, label: '去学课程' }}
      />
    );
  }
  return (
    <>
      <LearningSummary range={data.range} buckets={data.buckets} />
      <p className="statistics-unit">单位：{unitFor(data.buckets).label}</p>
      <Suspense fallback={chartSkeleton}>
        <LearningChart range={data.range} buckets={data.buckets} />
      </Suspense>
      <details className="statistics-details" open={elder}>
        <summary>查看明细</summary>
        <LearningTable range={data.range} buckets={data.buckets} />
      </details>
    </>
  );
}

/**
 * `/statistics` (学习统计): my streaks and totals as big figures, then my learning time per day
 * (30 days), week (12 weeks) or month (12 months) as stacked bars by kind of content, with the
 * same numbers as a table (open in elder mode), all on Asia/Shanghai days.
 */
export function StatisticsPage() {
  const [params] = useSearchParams();
  const range = rangeOf(params.get('range'));
  const query = useStatistics(range);
  const elder = useSyncExternalStore(subscribeElderMode, isElderMode);
  const data = query.data;
  const shown = data?.range === range ? data : undefined;

  if (query.isError && !data) {
    return (
      <>
        <PageHeader />
        <main className="page-body">
          <LoadFailed title="学习统计没有加载出来" onRetry={() => void query.refetch()} />
        </main>
      </>
    );
  }

  return (
    <>
      <PageHeader />
      <main className="page-body statistics">
        {data ? (
          <StatisticsFigures data={data} />
        ) : (
          <div
            className="skeleton-block statistics-figures-skeleton"
            role="status"
            aria-label="加载中"
          />
        )}
        <Panel title="学习时长" stack>
          <RangeSwitch range={range} />
          {shown ? <RangeChart data={shown} elder={elder} /> : chartSkeleton}
        </Panel>
      </main>
    </>
  );
}
