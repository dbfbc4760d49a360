import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  type ChartOptions,
  DoughnutController,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { Bar, Doughnut, Line } from 'react-chartjs-2';

/*
 * The dashboard's charts (Chart.js, loaded with this page only): just the pieces drawn here are
 * registered, so the rest of Chart.js stays out of the bundle. Each canvas is an image named by
 * its `label`; its numbers are in the table beside it, for a screen reader and for copying.
 */
ChartJS.register(
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  DoughnutController,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
);
// Axis and legend text as dark as the console's secondary text (4.5:1 on white).
ChartJS.defaults.color = 'rgba(0, 0, 0, 0.62)';

/** Series colours, each at least 4.5:1 on white and told apart without relying on hue alone. */
export const CHART_COLORS = ['#0e56d8', '#c41d7f', '#237804', '#ad4e00', '#531dab'] as const;

/** One line or bar series: its legend, a value per label, its colour. */
export interface ChartSeries {
  label: string;
  values: number[];
  color: string;
}

interface ChartProps {
  /** What the chart shows, read out in place of the picture. */
  label: string;
  labels: string[];
  series: ChartSeries[];
  height?: number;
}

const reducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

const lineOptions = (): ChartOptions<'line'> => ({
  maintainAspectRatio: false,
  animation: reducedMotion() ? false : undefined,
  interaction: { mode: 'index', intersect: false },
  plugins: { legend: { position: 'bottom' } },
  scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
});

/** A line per series over the days (or weeks, months) of `labels`. */
export function LineChart({ label, labels, series, height = 260 }: ChartProps) {
  const dashes = [[], [6, 4], [2, 3]];
  return (
    <div style={{ position: 'relative', height }}>
      <Line
        role="img"
        aria-label={label}
        options={lineOptions()}
        data={{
          labels,
          datasets: series.map((line, index) => ({
            label: line.label,
            data: line.values,
            borderColor: line.color,
            backgroundColor: line.color,
            // Dashes tell the lines apart for who does not see their colours.
            borderDash: dashes[index % dashes.length],
            borderWidth: 2,
            pointRadius: labels.length > 45 ? 0 : 2,
            tension: 0.2,
          })),
        }}
      >
        {label}
      </Line>
    </div>
  );
}

/** Bars per series; `horizontal` for long category names, `max` to cap the value axis. */
export function BarChart({
  label,
  labels,
  series,
  height = 260,
  horizontal = false,
  max,
  unit = '',
}: ChartProps & { horizontal?: boolean; max?: number; unit?: string }) {
  const valueAxis = {
    beginAtZero: true,
    max,
    ticks: { precision: 0, callback: (value: string | number) => `${value}${unit}` },
  };
  const options: ChartOptions<'bar'> = {
    maintainAspectRatio: false,
    animation: reducedMotion() ? false : undefined,
    indexAxis: horizontal ? 'y' : 'x',
    interaction: { mode: 'index', intersect: false },
    // One series needs no legend: the card's title names it.
    plugins: { legend: { display: series.length > 1, position: 'bottom' } },
    scales: horizontal ? { x: valueAxis } : { y: valueAxis },
  };
  return (
    <div style={{ position: 'relative', height }}>
      <Bar
        role="img"
        aria-label={label}
        options={options}
        data={{
          labels,
          datasets: series.map((bars) => ({
            label: bars.label,
            data: bars.values,
            backgroundColor: bars.color,
            maxBarThickness: 32,
          })),
        }}
      >
        {label}
      </Bar>
    </div>
  );
}

/** Shares of a whole, one slice per label (in {@link CHART_COLORS} order). */
export function DoughnutChart({
  label,
  labels,
  values,
  height = 240,
}: {
  label: string;
  labels: string[];
  values: number[];
  height?: number;
}) {
  return (
    <div style={{ position: 'relative', height }}>
      <Doughnut
        role="img"
        aria-label={label}
        options={{
          maintainAspectRatio: false,
          animation: reducedMotion() ? false : undefined,
          plugins: { legend: { position: 'bottom' } },
        }}
        data={{
          labels,
          datasets: [
            {
              data: values,
              backgroundColor: labels.map((_, index) => CHART_COLORS[index % CHART_COLORS.length]),
              borderColor: '#fff',
              borderWidth: 2,
            },
          ],
        }}
      >
        {label}
      </Doughnut>
    </div>
  );
}
