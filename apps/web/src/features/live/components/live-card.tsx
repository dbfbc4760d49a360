import type { LiveSessionSummary } from '@portal/contract';
import { href } from '@/platform/paths.ts';
import { Badge } from '@/ui/badge.tsx';
import { CardLine, ContentCard } from '@/ui/content-card.tsx';
import { LiveStateBadge } from './live-state-badge.tsx';
import { liveTimeText } from './live-time.ts';

/** A session in a list: cover, title, state, channel, speaker and time. */
export function LiveCard({
  session,
  priority = false,
}: {
  session: LiveSessionSummary;
  priority?: boolean;
}) {
  return (
    <ContentCard
      to={href('liveDetail', { id: session.id })}
      cover={session.cover}
      coverSize={[128, 72]}
      title={session.title}
      className="live-card boxed"
      titleClassName="live-card-title"
      priority={priority}
    >
      <span className="content-card-tags">
        <LiveStateBadge state={session.state} />
        {session.state === 'ended' && session.hasReplay ? (
          <Badge tone="grey" quiet>
            有回放
          </Badge>
        ) : null}
      </span>
      <CardLine>
        <span className="sr-only">频道：</span>
        {session.channelName}
      </CardLine>
      <CardLine>
        <span className="sr-only">主讲：</span>
        {session.speaker}
      </CardLine>
      <CardLine>
        <span className="sr-only">时间：</span>
        {liveTimeText(session)}
      </CardLine>
    </ContentCard>
  );
}
