import { href } from '@/platform/paths.ts';
import { CardLine, ContentCard } from '@/ui/content-card.tsx';
import { PageHeader } from '@/ui/page-header.tsx';
import { PageSkeleton } from '@/ui/page-skeleton.tsx';
import { LoadFailed, StateView } from '@/ui/state-view.tsx';
import { useLiveChannels } from '../api/live.ts';
import '../live.css';

/** `/channelList`: the live channels; a tap opens the list of that channel's sessions. */
export function ChannelListPage() {
  const channels = useLiveChannels();
  return (
    <>
      <PageHeader />
      <main className="page-body live-channel-list">
        {channels.isPending ? (
          <PageSkeleton />
        ) : channels.isError ? (
          <LoadFailed title="频道没有加载出来" onRetry={() => void channels.refetch()} />
        ) : channels.data.length === 0 ? (
          <StateView kind="empty" title="暂无频道" description="直播频道正在筹备中，敬请期待。" />
        ) : (
          <ul className="card-list">
            {channels.data.map((channel, index) => (
              <li key={channel.id}>
                <ContentCard
                  to={href('liveList', { channelId: channel.id })}
                  cover={channel.cover}
                  coverSize={[750, 422]}
                  title={channel.name}
                  className="live-channel-card boxed"
                  column
                  priority={index < 2}
                >
                  <CardLine>{channel.introduction}</CardLine>
                  <CardLine>
                    <span className="text-accent">共 {channel.sessionCount} 场直播</span>
                  </CardLine>
                </ContentCard>
              </li>
            ))}
          </ul>
        )}
      </main>
    </>
  );
}
