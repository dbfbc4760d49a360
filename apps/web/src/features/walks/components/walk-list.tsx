import { formatDistance } from '@portal/contract/constants';
import { Link } from 'react-router';
import { href } from '@/platform/paths.ts';
import { PagedList } from '@/ui/paged-list.tsx';
import { StateView } from '@/ui/state-view.tsx';
import { useWalkList } from '../api/walks.ts';

/** The walks: distance, duration, stops and my progress, each opening its route. */
export function WalkList() {
  const list = useWalkList();
  return (
    <PagedList
      query={list}
      className="walk-list"
      empty={
        <StateView kind="empty" title="还没有人文行走路线" description="路线上线后会在这里展示。" />
      }
    >
      {(walk) => (
        <li key={walk.id}>
          <Link className="walk-card" to={href('humanitiesWalks', { id: walk.id })}>
            {walk.cover ? <img className="walk-card-cover" src={walk.cover} alt="" /> : null}
            <div className="walk-card-body">
              <h2 className="walk-card-title">{walk.title}</h2>
              <p className="walk-card-meta">
                全程{formatDistance(walk.distanceM)} · 约 {walk.durationMinutes} 分钟 ·{' '}
                {walk.stopCount} 个站点
              </p>
              <p
                className={
                  walk.progress.done > 0 ? 'walk-card-progress' : 'walk-card-progress muted'
                }
              >
                {walk.progress.completed
                  ? '已完成全程打卡'
                  : walk.progress.done > 0
                    ? `已打卡 ${walk.progress.done}/${walk.progress.total} 站`
                    : '尚未打卡'}
              </p>
            </div>
          </Link>
        </li>
      )}
    </PagedList>
  );
}
