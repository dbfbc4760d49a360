import type { StatisticsBucket } from '@portal/contract';
import { LEARNING_KINDS, type StatisticsRange } from '@portal/contract/constants';
import { BarChart, FixedScaleAxis } from 'chartist';
import { useEffect, useRef } from 'react';
import { shortLabel, unitFor } from '../bucket-label.ts';

export interface LearningChartProps {
  range: StatisticsRange;
  buckets: readonly StatisticsBucket[];
}

/** Every how many bars a label is written (counting back from the newest), so none overlap. */
const LABEL_EVERY: Record<StatisticsRange, number> = { '30d': 7, '12w': 3, '12m': 2 };

const round = (value: number) => Math.round(value * 10) / 10;

/**
 * The value axis' ticks from 0 up past the tallest bar: at most 4 steps of 1, 2 or 5 times a
 * power of ten.
 */
export function axisTicks(tallest: number): number[] {
  if (tallest <= 0) return [0, 1];
  const power = 10 ** Math.floor(Math.log10(tallest / 4));
  const step =
    [1, 2, 5, 10].map((factor) => factor * power).find((size) => tallest / size <= 4) ?? 10 * power;
  const count = Math.ceil(tallest / step);
  return Array.from({ length: count + 1 }, (_, i) => round(i * step));
}

/**
 * The stacked bars of learning time per bucket, one colour per kind (Chartist, SVG; this
 * component is its own chunk, loaded only by /statistics). The axis labels are HTML beside the
 * drawing, so they follow the page's font sizes (elder mode) and contrast checks. Drawn for the
 * eye only: the page's summary and table say the same to a screen reader.
 */
export function LearningChart({ range, buckets }: LearningChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const unit = unitFor(buckets);
  const ticks = axisTicks(Math.max(...buckets.map((bucket) => bucket.total / unit.seconds)));
  const top = ticks.at(-1) ?? 1;
  const last = buckets.length - 1;

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const chart = new BarChart(
      element,
      {
        labels: buckets.map((bucket) => bucket.start),
        series: LEARNING_KINDS.map((kind) => ({
          name: kind,
          className: `statistics-series-${kind}`,
          data: buckets.map((bucket) => round(bucket.seconds[kind] / unit.seconds)),
        })),
      },
      {
        stackBars: true,
        chartPadding: { top: 0, right: 0, bottom: 0, left: 0 },
        axisX: { showLabel: false, showGrid: false, offset: 0 },
        axisY: { type: FixedScaleAxis, ticks, low: 0, high: top, showLabel: false, offset: 0 },
      },
    );
    return () => {
      chart.detach();
    };
  }, [buckets, unit.seconds, ticks, top]);

  return (
    <div className={`statistics-chart statistics-chart-${range}`} aria-hidden="true">
      <div className="statistics-chart-plot">
        <div className="statistics-y-labels">
          {ticks.map((tick) => (
            <span key={tick} style={{ bottom: `${(tick / top) * 100}%` }}>
              {tick}
            </span>
          ))}
        </div>
        <div ref={box} className="statistics-bars" data-buckets={buckets.length} />
      </div>
      <div
        className="statistics-x-labels"
        style={{ gridTemplateColumns: `repeat(${buckets.length}, minmax(0, 1fr))` }}
      >
        {buckets.map((bucket, index) => (
          <span key={bucket.start}>
            {(last - index) % LABEL_EVERY[range] === 0 ? shortLabel(range, bucket) : ''}
          </span>
        ))}
      </div>
    </div>
  );
}
