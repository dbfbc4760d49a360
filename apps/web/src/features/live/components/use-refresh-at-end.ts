import type { LiveSessionDetail } from '@portal/contract';
import { useEffect, useRef } from 'react';

/** Longest wait a browser timer takes (about 24.8 days). */
const MAX_TIMER_MS = 2_147_483_647;

/** How long after the end the page asks again (the server's clock may be a little behind). */
const AFTER_END_MS = 1_000;

/**
 * Calls `onEnd` (a refresh of the detail) just after a live session ends, so the page switches
 * from the stream to the replay or the note of an ended session.
 */
export function useRefreshAtEnd(
  session: Pick<LiveSessionDetail, 'state' | 'endsAt'>,
  onEnd: () => void,
): void {
  const latest = useRef(onEnd);
  latest.current = onEnd;
  useEffect(() => {
    if (session.state !== 'live') return;
    const wait = Math.min(Date.parse(session.endsAt) - Date.now() + AFTER_END_MS, MAX_TIMER_MS);
    const timer = window.setTimeout(() => latest.current(), Math.max(0, wait));
    return () => window.clearTimeout(timer);
  }, [session.state, session.endsAt]);
}
