import type { LiveSessionDetail } from '@portal/contract';
import { useState } from 'react';
import { formatCount } from '@/lib/format-count.ts';
import { Badge } from '@/ui/badge.tsx';
import { type PlaybackReport, VideoPlayer, type VideoPlayerProps } from '@/ui/video-player.tsx';
import { reportLiveProgress, sendLiveProgressOnLeave } from '../api/watch-live.ts';
import { LiveStateBadge } from './live-state-badge.tsx';
import { useHeartbeat } from './use-heartbeat.ts';

interface PlayerProps {
  session: LiveSessionDetail;
  /** A learner's watching counts as learning time (reported); a visitor's is not. */
  loggedIn: boolean;
}

/** The reports of a learner's watching of the session (none for a visitor). */
function reportsOf(
  sessionId: number,
  loggedIn: boolean,
): Pick<VideoPlayerProps, 'onReport' | 'onReportOnLeave'> {
  if (!loggedIn) return {};
  return {
    onReport: async (report: PlaybackReport) => {
      await reportLiveProgress({ sessionId, ...report });
    },
    onReportOnLeave: (report: PlaybackReport) => sendLiveProgressOnLeave({ sessionId, ...report }),
  };
}

/**
 * A session that is live now: its stream in the shared player, joined near the live edge, with
 * 直播中 and the viewers now over it. While it plays, heartbeats count the viewer and refresh
 * the count; a learner's watching counts as learning time.
 */
export function LiveStreamPlayer({ session, loggedIn }: PlayerProps) {
  const [playing, setPlaying] = useState(false);
  const viewers = useHeartbeat(session.id, playing, session.viewers);
  return (
    <VideoPlayer
      live
      src={session.streamUrl ?? ''}
      label="直播播放"
      title={session.title}
      poster={session.cover}
      startAt={0}
      autoPlay={false}
      onPlayingChange={setPlaying}
      {...reportsOf(session.id, loggedIn)}
      overlay={
        <>
          <LiveStateBadge state="live" />
          <Badge tone="dark" solid quiet className="live-viewers">
            {formatCount(viewers)} 人在看
          </Badge>
        </>
      }
    />
  );
}

/**
 * The replay of an ended session in the shared player: resumes where the learner stopped
 * (`startAt`) and reports the position and watching time, like a lesson.
 */
export function ReplayPlayer({ session, loggedIn, startAt }: PlayerProps & { startAt: number }) {
  return (
    <VideoPlayer
      src={session.replayUrl ?? ''}
      label="回放播放"
      title={`${session.title}（回放）`}
      poster={session.cover}
      startAt={startAt}
      autoPlay={false}
      {...reportsOf(session.id, loggedIn)}
      overlay={
        <Badge tone="grey" className="live-badge">
          回放
        </Badge>
      }
    />
  );
}
