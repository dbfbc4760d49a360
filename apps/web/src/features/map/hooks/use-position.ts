import { startTransition, useCallback, useEffect, useState } from 'react';
import { LocateFailure, locate } from '@/platform/geolocation.ts';
import type { Position } from '../api/get-places.ts';

/** Where the learner is: being located, located, refused by the learner, or not to be had. */
export type PositionState =
  | { status: 'locating'; position: null }
  | { status: 'located'; position: Position }
  | { status: 'denied'; position: null }
  | { status: 'unavailable'; position: null };

/** The last answer, shared by the map pages so a page opened again does not ask again. */
let last: PositionState | null = null;

/** The learner's position from the browser (it asks the learner once), and a way to ask again. */
export function usePosition(): PositionState & { retry: () => void } {
  const [state, setState] = useState<PositionState>(last ?? { status: 'locating', position: null });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (attempt === 0 && last !== null) return;
    let live = true;
    locate().then(
      (position) => {
        const located: PositionState = { status: 'located', position };
        last = located;
        // The list re-sorts under the map: a transition, drawn in slices, not in one long task.
        if (live) startTransition(() => setState(located));
      },
      (error: unknown) => {
        const denied = error instanceof LocateFailure && error.reason === 'denied';
        const failed: PositionState = {
          status: denied ? 'denied' : 'unavailable',
          position: null,
        };
        last = failed;
        if (live) startTransition(() => setState(failed));
      },
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  const retry = useCallback(() => {
    setState({ status: 'locating', position: null });
    setAttempt((n) => n + 1);
  }, []);
  return { ...state, retry } as PositionState & { retry: () => void };
}
