import type { Statistics } from '@portal/contract';
import '@/ui/panel.css';

const hours = (seconds: number) => {
  const value = Math.floor(seconds / 360) / 10;
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
};

interface Figure {
  label: string;
  value: string;
  unit: string;
}

/** The big figures on top: the streaks and the all-time totals. */
export function StatisticsFigures({ data }: { data: Statistics }) {
  const figures: Figure[] = [
    { label: '当前连续学习', value: String(data.streak.current), unit: '天' },
    { label: '最长连续学习', value: String(data.streak.longest), unit: '天' },
    { label: '累计学习', value: hours(data.totals.seconds), unit: '小时' },
    { label: '学习天数', value: String(data.totals.days), unit: '天' },
    { label: '完成课程', value: String(data.totals.coursesCompleted), unit: '门' },
  ];
  return (
    <section className="statistics-figures" aria-label="学习概况">
      <dl>
        {figures.map((figure, index) => (
          <div
            key={figure.label}
            className={`panel compact statistics-figure${index === 0 ? ' main' : ''}`}
          >
            <dt>{figure.label}</dt>
            <dd>
              <strong>{figure.value}</strong> {figure.unit}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
