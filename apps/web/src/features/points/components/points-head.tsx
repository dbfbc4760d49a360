import type { PointsSummary } from '@portal/contract';
import { RightOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import { paths } from '@/platform/paths.ts';

/** The balance and today's earned points, at the top of the points pages. */
export function PointsHead({
  summary,
  recordLink = false,
}: {
  summary: PointsSummary | undefined;
  /** Adds a link to 积分记录. */
  recordLink?: boolean;
}) {
  return (
    <section className="points-head" aria-label="我的积分">
      <div>
        <p className="points-head-label">当前积分</p>
        <p className="points-head-balance">{summary ? summary.balance : '—'}</p>
      </div>
      <div className="points-head-side">
        <p>
          今日获得 <strong>{summary ? `+${summary.todayEarned}` : '—'}</strong>
        </p>
        {recordLink ? (
          <Link className="points-head-link" to={paths.pointsRecord}>
            积分记录
            <RightOutline aria-hidden="true" />
          </Link>
        ) : null}
      </div>
    </section>
  );
}
