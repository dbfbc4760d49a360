import { formatDistance } from '@portal/contract/constants';
import { href } from '@/platform/paths.ts';
import { CardLine } from '@/ui/content-card.tsx';
import { BannerList } from '@/ui/paged-list.tsx';
import { StateView } from '@/ui/state-view.tsx';
import { useWalkList } from '../api/walks.ts';

/** The walks: distance, duration, stops and my progress, each opening its route. */
export function WalkList() {
  return (
    <BannerList
      query={useWalkList()}
      empty={
        <StateView kind="empty" title="还没有人文行走路线" description="路线上线后会在这里展示。" />
      }
      to={(walk) => href('humanitiesWalks', { id: walk.id })}
      title={(walk) => walk.title}
      className="walk-card"
    >
      {(walk) => (
        <>
          <CardLine>
            全程{formatDistance(walk.distanceM)} · 约 {walk.durationMinutes} 分钟 · {walk.stopCount}{' '}
            个站点
          </CardLine>
          <CardLine className={walk.progress.done > 0 ? 'lead' : 'muted'}>
            {walk.progress.completed
              ? '已完成全程打卡'
              : walk.progress.done > 0
                ? `已打卡 ${walk.progress.done}/${walk.progress.total} 站`
                : '尚未打卡'}
          </CardLine>
        </>
      )}
    </BannerList>
  );
}
