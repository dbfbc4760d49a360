import { formatDistance } from '@portal/contract/constants';
import { href } from '@/platform/paths.ts';
import { CardLine, ContentCard } from '@/ui/content-card.tsx';
import { PagedList } from '@/ui/paged-list.tsx';
import { StateView } from '@/ui/state-view.tsx';
import { useWalkList } from '../api/walks.ts';

/** The walks: distance, duration, stops and my progress, each opening its route. */
export function WalkList() {
  const list = useWalkList();
  return (
    <PagedList
      query={list}
      empty={
        <StateView kind="empty" title="还没有人文行走路线" description="路线上线后会在这里展示。" />
      }
    >
      {(walk) => (
        <li key={walk.id}>
          <ContentCard
            to={href('humanitiesWalks', { id: walk.id })}
            cover={walk.cover}
            coverSize={[640, 360]}
            className="banner walk-card"
            title={walk.title}
          >
            <CardLine>
              全程{formatDistance(walk.distanceM)} · 约 {walk.durationMinutes} 分钟 ·{' '}
              {walk.stopCount} 个站点
            </CardLine>
            <CardLine className={walk.progress.done > 0 ? 'lead' : 'muted'}>
              {walk.progress.completed
                ? '已完成全程打卡'
                : walk.progress.done > 0
                  ? `已打卡 ${walk.progress.done}/${walk.progress.total} 站`
                  : '尚未打卡'}
            </CardLine>
          </ContentCard>
        </li>
      )}
    </PagedList>
  );
}
