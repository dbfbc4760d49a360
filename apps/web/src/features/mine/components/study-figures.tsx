import { RightOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import { paths } from '@/platform/paths.ts';
import { Fact, Facts } from '@/ui/facts.tsx';
import '@/ui/panel.css';
import { useStudySummary } from '../api/get-study-summary.ts';

/** Whole minutes learned (what the learner sees on the figure). */
const minutesOf = (seconds: number) => Math.floor(seconds / 60);

/**
 * Today's learning minutes and the current streak, as one link to 学习统计; dashes while they
 * load or when they could not be had (the link still works).
 */
export function StudyFigures() {
  const { data } = useStudySummary();
  const minutes = data ? String(minutesOf(data.todaySeconds)) : '–';
  const streak = data ? String(data.streak.current) : '–';
  return (
    <Link className="panel compact mine-figures" to={paths.statistics}>
      <Facts look="figures">
        <Fact label="今日学习">
          <strong>{minutes}</strong> 分钟
        </Fact>
        <Fact label="连续学习">
          <strong>{streak}</strong> 天
        </Fact>
      </Facts>
      <span className="mine-figures-more">
        学习统计
        <RightOutline aria-hidden="true" />
      </span>
    </Link>
  );
}
