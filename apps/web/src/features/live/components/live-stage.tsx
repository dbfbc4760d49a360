import type { LiveSessionDetail } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Suspense, use, useState, useSyncExternalStore } from 'react';
import { isLoggedIn, subscribeLogin } from '@/platform/session.ts';
import { PlayerBoundary, playerChunk, VideoStageBox } from '@/ui/video-stage.tsx';
import { liveProgressQueryOptions } from '../api/watch-live.ts';
import { useRefreshAtEnd } from './use-refresh-at-end.ts';

/** The player's chunk (and hls.js inside it, where needed): loaded only for a video. */
const loadPlayer = playerChunk(() => import('./live-player.tsx'));

interface StageProps {
  session: LiveSessionDetail;
  loggedIn: boolean;
}

function LoadedLive({ session, loggedIn }: StageProps) {
  const { LiveStreamPlayer } = use(loadPlayer());
  return <LiveStreamPlayer session={session} loggedIn={loggedIn} />;
}

function LoadedReplay({ session, loggedIn }: StageProps) {
  const { ReplayPlayer } = use(loadPlayer());
  const progress = useQuery({ ...liveProgressQueryOptions(session.id), enabled: loggedIn });
  if (loggedIn && progress.isPending) return <VideoStageBox busy />;
  // Without the stored position (visitor, or it did not load) the replay starts at the beginning.
  const startAt = progress.data?.positionSeconds ?? 0;
  return <ReplayPlayer session={session} loggedIn={loggedIn} startAt={startAt} />;
}

/** True when the session has something to play now: its stream, or its replay. */
export function hasVideo(session: LiveSessionDetail): boolean {
  return (
    (session.state === 'live' && session.streamUrl !== null) ||
    (session.state === 'ended' && session.replayUrl !== null)
  );
}

/**
 * The top of `/liveDetails` when there is something to watch: the live stream or the replay in
 * the shared player (its chunk loaded here), with a retry when the chunk fails. When a live
 * session ends, `onEnd` (a refresh of the detail) switches the page to its replay or note.
 */
export function LiveStage({ session, onEnd }: { session: LiveSessionDetail; onEnd: () => void }) {
  const loggedIn = useSyncExternalStore(subscribeLogin, isLoggedIn);
  const [attempt, setAttempt] = useState(0);
  useRefreshAtEnd(session, onEnd);
  const Loaded = session.state === 'live' ? LoadedLive : LoadedReplay;
  return (
    <PlayerBoundary key={attempt} onRetry={() => setAttempt((count) => count + 1)}>
      <Suspense fallback={<VideoStageBox busy />}>
        <Loaded key={`${session.id}-${session.state}`} session={session} loggedIn={loggedIn} />
      </Suspense>
    </PlayerBoundary>
  );
}
