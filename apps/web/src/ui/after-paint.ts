import { useEffect, useSyncExternalStore } from 'react';

/**
 * Runs `callback` once the browser has painted what is on screen now (after the next two
 * frames), unless cancelled: for what a page wants soon but not in the wave its first paint waits
 * on (on a slow phone network every request before that paint delays it).
 */
export function afterPaint(callback: () => void): () => void {
  let timer = 0;
  // Two frames: the first paints the screen, the second its images that were already loaded.
  let frame = requestAnimationFrame(() => {
    frame = requestAnimationFrame(() => {
      timer = window.setTimeout(callback);
    });
  });
  return () => {
    cancelAnimationFrame(frame);
    window.clearTimeout(timer);
  };
}

let firstScreenPainted = false;
let scheduled = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * False until the first screen that used it has painted, then true for good: covers below the
 * first screen start loading after the covers on it, never beside them.
 */
export function useFirstScreenPainted(): boolean {
  const painted = useSyncExternalStore(
    subscribe,
    () => firstScreenPainted,
    () => firstScreenPainted,
  );
  useEffect(() => {
    if (scheduled) return;
    scheduled = true;
    afterPaint(() => {
      firstScreenPainted = true;
      for (const listener of listeners) listener();
    });
  }, []);
  return painted;
}
