import type { LiveSessionDetail } from '@portal/contract';
import { paths } from '@/platform/paths.ts';
import {
  DetailPage,
  DetailSection,
  FavouriteAndShare,
  type MissingText,
  useDetailById,
} from '@/ui/detail-page.tsx';
import { Fact } from '@/ui/facts.tsx';
import { useRecordView } from '@/ui/favourite-button.tsx';
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
      <section className="live-state-panel" aria-label="直播预约">
        <Countdown startsAt={session.startsAt} onStart={refresh} />
        <ReserveButton session={session} />
        <CalendarLink sessionId={session.id} />
      </section>
    );
  }
  if (session.state === 'live') {
    return (
      <section className="live-state-panel" aria-label="直播状态">
        <CalendarLink sessionId={session.id} />
      </section>
    );
  }
  return (
    <section className="live-state-panel" aria-label="直播状态">
      <p className="live-state-note">
        <LiveStateBadge state="ended" />
        <span>{session.hasReplay ? '可观看回放' : '暂无回放'}</span>
      </p>
    </section>
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
        <main className="live-detail">
          {hasVideo(item) ? (
            <LiveStage session={item} onEnd={detail.retry} />
          ) : (
            <img className="live-detail-cover" src={item.cover} alt="" width={750} height={422} />
          )}
          <section className="live-section">
            <h1>{item.title}</h1>
            <LiveStateBadge state={item.state} />
            <dl className="live-facts">
              <Fact label="直播频道">{item.channel.name}</Fact>
              <Fact label="主讲">
                {item.speaker}
                {item.speakerTitle ? (
                  <span className="live-fact-note">{item.speakerTitle}</span>
                ) : null}
              </Fact>
              <Fact label="直播时间">{liveTimeText(item)}</Fact>
            </dl>
          </section>
          <StatePanel session={item} refresh={detail.retry} />
          <DetailSection className="live-section" id="live-intro" title="直播介绍">
            <RichHtml html={item.introduction} />
          </DetailSection>
        </main>
      )}
    </DetailPage>
  );
}
