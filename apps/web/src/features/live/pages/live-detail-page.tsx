import type { LiveSessionDetail } from '@portal/contract';
import { useEffect, useRef } from 'react';
import { paths } from '@/platform/paths.ts';
import { ShareButton } from '@/platform/share-button.tsx';
import {
  DetailPage,
  DetailSection,
  Fact,
  type MissingText,
  useDetailById,
} from '@/ui/detail-page.tsx';
import { RichHtml } from '@/ui/rich-html.tsx';
import { liveDetailQueryOptions } from '../api/live.ts';
import { countdownParts, countdownText } from '../components/countdown.ts';
import { LiveStateBadge } from '../components/live-state-badge.tsx';
import { liveTimeText } from '../components/live-time.ts';
import { ReserveButton } from '../components/reserve-button.tsx';
import { useNow } from '../components/use-now.ts';
import '../live.css';

const MISSING_LIVE: MissingText = {
  what: '直播',
  description: '看看其他直播吧。',
  way: { to: paths.liveList, label: '去看看直播' },
};

/** The countdown to an upcoming session's start, renewed every few seconds; asks again at 0. */
function Countdown({ session, onStart }: { session: LiveSessionDetail; onStart: () => void }) {
  const startsAt = Date.parse(session.startsAt);
  const now = useNow(5_000);
  const started = now >= startsAt;
  // Once only: the server's answer may still say 预告 for a moment (clocks differ).
  const asked = useRef(false);
  useEffect(() => {
    if (!started || asked.current) return;
    asked.current = true;
    onStart();
  }, [started, onStart]);
  return (
    <p className="live-countdown">
      距开始还有 <strong>{countdownText(countdownParts(startsAt, now))}</strong>
    </p>
  );
}

/** What a session is now: the countdown and 预约, or a note of live or ended. */
function StatePanel({ session, refresh }: { session: LiveSessionDetail; refresh: () => void }) {
  if (session.state === 'upcoming') {
    return (
      <section className="live-state-panel" aria-label="直播预约">
        <Countdown session={session} onStart={refresh} />
        <ReserveButton session={session} />
      </section>
    );
  }
  if (session.state === 'live') {
    return (
      <section className="live-state-panel" aria-label="直播状态">
        <p className="live-state-note">
          <LiveStateBadge state="live" />
          <span>正在直播，观看功能即将上线。</span>
        </p>
      </section>
    );
  }
  return (
    <section className="live-state-panel" aria-label="直播状态">
      <p className="live-state-note">
        <LiveStateBadge state="ended" />
        <span>{session.hasReplay ? '有回放' : '暂无回放'}</span>
      </p>
    </section>
  );
}

/**
 * `/liveDetails?id=`: a session's cover, state, channel, speaker, times and introduction; for an
 * upcoming one the countdown and 预约, else a note of its state (the player comes later).
 */
export function LiveDetailPage() {
  const detail = useDetailById(liveDetailQueryOptions);
  return (
    <DetailPage
      detail={detail}
      missing={MISSING_LIVE}
      actions={(item) => <ShareButton title={item.title} pic={item.cover} />}
    >
      {(item) => (
        <main className="live-detail">
          <img className="live-detail-cover" src={item.cover} alt="" width={750} height={422} />
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
