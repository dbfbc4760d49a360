import { useCallback, useEffect, useState } from 'react';
import type { Position } from '../api/get-places.ts';

/** Where the learner is: being located, located, refused by the learner, or not to be had. */
export type PositionState =
  | { status: 'locating'; position: null }
  | { status: 'located'; position: Position }
  | { status: 'denied'; position: null }
  | { status: 'unavailable'; position: null };

/** The last answer, shared by the map pages so a page opened again does not ask again. */
let last: PositionState | null = null;

const OPTIONS: PositionOptions = { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 };

/** The learner's position from the browser (it asks the learner once), and a way to ask again. */
export function usePosition(): PositionState & { retry: () => void } {
  const [state, setState] = useState<PositionState>(last ?? { status: 'locating', position: null });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (attempt === 0 && last !== null) return;
    if (!('geolocation' in navigator)) {
      last = { status: 'unavailable', position: null };
      setState(last);
      return;
    }
    let live = true;
    navigator.geolocation.getCurrentPosition(
      (fix) => {
        const located: PositionState = {
          status: 'located',
          position: { lat: fix.coords.latitude, lng: fix.coords.longitude },
        };
        last = located;
        if (live) setState(located);
      },
      (error) => {
        const failed: PositionState = {
          status: error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable',
          position: null,
        };
        last = failed;
        if (live) setState(failed);
      },
      OPTIONS,
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
