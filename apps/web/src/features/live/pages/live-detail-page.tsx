import type { LiveSessionDetail } from '@portal/contract';
import { paths } from '@/platform/paths.ts';
import {
  DetailPage,
  FavouriteAndShare,
  type MissingText,
  useDetailById,
} from '@/ui/detail-page.tsx';
import { Fact, FactNote, Facts } from '@/ui/facts.tsx';
import { useRecordView } from '@/ui/favourite-button.tsx';
import { DetailCover, Panel } from '@/ui/panel.tsx';
import { RichHtml } from '@/ui/rich-html.tsx';
import { liveDetailQueryOptions } from '../api/live.ts';
import { CalendarLink } from '../components/calendar-link.tsx';
import { Countdown } from '../components/countdown-line.tsx';
import { hasVideo, LiveStage } from '../components/live-stage.tsx';
import { LiveStateBadge } from '../components/live-state-badge.tsx';
import { liveTimeText } from '../components/live-time.ts';
import { ReserveButton } from '../components/reserve-button.tsx';
import '../live.css';

const MISSING_LIVE: MissingText = {
  what: '直播',
  description: '看看其他直播吧。',
  way: { to: paths.liveList, label: '去看看直播' },
};

/**
 * What a session is now: the countdown, 预约 and 添加到日历 before it starts; 添加到日历 while
 * live (the player above shows it); a note of an ended one and its replay.
 */
function StatePanel({ session, refresh }: { session: LiveSessionDetail; refresh: () => void }) {
  if (session.state === 'upcoming') {
    return (
      <Panel className="live-state-panel" label="直播预约">
        <Countdown startsAt={session.startsAt} onStart={refresh} />
        <ReserveButton session={session} />
        <CalendarLink sessionId={session.id} />
      </Panel>
    );
  }
  if (session.state === 'live') {
    return (
      <Panel className="live-state-panel" label="直播状态">
        <CalendarLink sessionId={session.id} />
      </Panel>
    );
  }
  return (
    <Panel className="live-state-panel" label="直播状态">
      <p className="live-state-note">
        <LiveStateBadge state="ended" />
        <span>{session.hasReplay ? '可观看回放' : '暂无回放'}</span>
      </p>
    </Panel>
  );
}

/**
 * `/liveDetails?id=`: a session's stream (live) or replay (ended), else its cover; its state,
 * channel, speaker, times and introduction; for an upcoming one the countdown and 预约.
 */
export function LiveDetailPage() {
  const detail = useDetailById(liveDetailQueryOptions);
  useRecordView('live', detail.data?.id);
  return (
    <DetailPage
      detail={detail}
      missing={MISSING_LIVE}
      actions={(item) => <FavouriteAndShare type="live" item={item} />}
    >
      {(item) => (
        <main className="panel-page">
          {hasVideo(item) ? (
            <LiveStage session={item} onEnd={detail.retry} />
          ) : (
            <DetailCover src={item.cover} />
          )}
          <Panel className="live-section">
            <h1 className="detail-title">{item.title}</h1>
            <LiveStateBadge state={item.state} />
            <Facts>
              <Fact label="直播频道">{item.channel.name}</Fact>
              <Fact label="主讲">
                {item.speaker}
                {item.speakerTitle ? <FactNote>{item.speakerTitle}</FactNote> : null}
              </Fact>
              <Fact label="直播时间">{liveTimeText(item)}</Fact>
            </Facts>
          </Panel>
          <StatePanel session={item} refresh={detail.retry} />
          <Panel title="直播介绍" titleId="live-intro">
            <RichHtml html={item.introduction} />
          </Panel>
        </main>
      )}
    </DetailPage>
  );
}
