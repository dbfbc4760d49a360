import { RightOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import { paths } from '@/platform/paths.ts';
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
    <Link className="mine-figures" to={paths.statistics}>
      <span className="mine-figure">
        <small>今日学习</small>
        <span>
          <strong>{minutes}</strong> 分钟
        </span>
      </span>
      <span className="mine-figure">
        <small>连续学习</small>
        <span>
          <strong>{streak}</strong> 天
        </span>
      </span>
      <span className="mine-figures-more">
        学习统计
        <RightOutline aria-hidden="true" />
      </span>
    </Link>
  );
}
