import type { StatisticsBucket } from '@portal/contract';
import { LEARNING_KINDS, type StatisticsRange } from '@portal/contract/constants';
import { BarChart } from 'chartist';
import { useEffect, useRef } from 'react';
import { shortLabel, unitFor } from '../bucket-label.ts';

export interface LearningChartProps {
  range: StatisticsRange;
  buckets: readonly StatisticsBucket[];
}

/** Every how many bars a label is written (counting back from the newest), so none overlap. */
const LABEL_EVERY: Record<StatisticsRange, number> = { '30d': 7, '12w': 3, '12m': 2 };

const round = (value: number) => Math.round(value * 10) / 10;

/** The axis' top: the tallest bar rounded up to a step of 1, 2 or 5 times a power of ten. */
export function axisTop(tallest: number): number {
  if (tallest <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(tallest / 4));
  const step =
    [1, 2, 5, 10].map((factor) => factor * power).find((s) => tallest / s <= 4) ?? 10 * power;
  return Math.ceil(tallest / step) * step;
}

/**
 * The stacked bars of learning time per bucket, one colour per kind (Chartist, SVG; this
 * component is its own chunk, loaded only by /statistics). Drawn for the eye only: the page's
 * summary and table say the same to a screen reader.
 */
export function LearningChart({ range, buckets }: LearningChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const unit = unitFor(buckets);
    const last = buckets.length - 1;
    const tallest = Math.max(...buckets.map((bucket) => bucket.total / unit.seconds));
    const chart = new BarChart(
      element,
      {
        labels: buckets.map((bucket) => shortLabel(range, bucket)),
        series: LEARNING_KINDS.map((kind) => ({
          name: kind,
          className: `statistics-series-${kind}`,
          data: buckets.map((bucket) => round(bucket.seconds[kind] / unit.seconds)),
        })),
      },
      {
        stackBars: true,
        low: 0,
        high: axisTop(tallest),
        chartPadding: { top: 24, right: 24, bottom: 4, left: 0 },
        axisX: {
          showGrid: false,
          labelInterpolationFnc: (label, index) =>
            (last - index) % LABEL_EVERY[range] === 0 ? label : null,
        },
        // Grid lines far enough apart for 18 px labels (elder mode) not to touch.
        axisY: { onlyInteger: true, offset: 52, scaleMinSpace: 44 },
      },
    );
    return () => {
      chart.detach();
    };
  }, [range, buckets]);
  return (
    <div
      ref={box}
      className={`statistics-chart statistics-chart-${range}`}
      data-buckets={buckets.length}
      aria-hidden="true"
    />
  );
}
