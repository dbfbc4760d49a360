import { startTransition, useEffect, useState } from 'react';

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

/**
 * False until the first screen that used it has painted, then true for good: covers below the
 * first screen start loading after the covers on it, never beside them. The change is drawn as a
 * transition (in slices: a list of cards re-renders with it), not in one long task.
 */
export function useFirstScreenPainted(): boolean {
  const [painted, setPainted] = useState(firstScreenPainted);
  useEffect(() => {
    if (painted) return;
    const listener = () => startTransition(() => setPainted(true));
    // Painted between this component's render and now.
    if (firstScreenPainted) {
      listener();
      return;
    }
    listeners.add(listener);
    if (!scheduled) {
      scheduled = true;
      afterPaint(() => {
        firstScreenPainted = true;
        for (const notify of listeners) notify();
        listeners.clear();
      });
    }
    return () => {
      listeners.delete(listener);
    };
  }, [painted]);
  return painted;
}
