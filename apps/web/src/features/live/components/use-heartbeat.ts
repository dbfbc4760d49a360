import { LIVE_HEARTBEAT_EVERY_MS } from '@portal/contract/constants';
import { useEffect, useState } from 'react';
import { sendHeartbeat } from '../api/watch-live.ts';

/**
 * The viewers of a live session now: `initial` (from the detail) until a heartbeat answers.
 * While `playing`, a heartbeat goes at once and then every {@link LIVE_HEARTBEAT_EVERY_MS}.
 */
export function useHeartbeat(sessionId: number, playing: boolean, initial: number): number {
  const [viewers, setViewers] = useState(initial);
  useEffect(() => {
    if (!playing) return;
    let stopped = false;
    const beat = () => {
      sendHeartbeat(sessionId)
        .then((answer) => {
          if (!stopped) setViewers(answer.viewers);
        })
        .catch(() => {});
    };
    beat();
    const timer = window.setInterval(beat, LIVE_HEARTBEAT_EVERY_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [sessionId, playing]);
  return viewers;
}
