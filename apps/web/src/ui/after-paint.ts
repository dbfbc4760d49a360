import { startTransition, useEffect, useState } from 'react';

/** The longest wait for the page's first contentful paint to be reported. */
const FIRST_PAINT_WAIT_MS = 1000;

let firstContentfulPaint: Promise<void> | null = null;

/**
 * Resolves once the browser has reported the page's first contentful paint (at once after it,
 * and where paints are not reported; after `FIRST_PAINT_WAIT_MS` at most). A paint is reported
 * when its frame reaches the screen, which can be a frame or two after the page asked for it.
 */
function firstContentfulPainted(): Promise<void> {
  firstContentfulPaint ??= new Promise<void>((resolve) => {
    const painted = () =>
      (performance.getEntriesByName?.('first-contentful-paint', 'paint') ?? []).length > 0;
    if (
      typeof PerformanceObserver === 'undefined' ||
      !PerformanceObserver.supportedEntryTypes?.includes('paint') ||
      painted()
    ) {
      resolve();
      return;
    }
    const observer = new PerformanceObserver(() => {
      if (!painted()) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint' });
    window.setTimeout(() => {
      observer.disconnect();
      resolve();
    }, FIRST_PAINT_WAIT_MS);
  });
  return firstContentfulPaint;
}

/**
 * Runs `callback` once the browser has painted what is on screen now (after the page's first
 * contentful paint has been reported, and the next two frames), unless cancelled: for what a
 * page wants soon but not in the wave its first paint waits on (on a slow phone network every
 * request before that paint delays it).
 */
export function afterPaint(callback: () => void): () => void {
  let timer = 0;
  let frame = 0;
  let cancelled = false;
  firstContentfulPainted().then(() => {
    if (cancelled) return;
    // Two frames: the first paints the screen, the second its images that were already loaded.
    frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        timer = window.setTimeout(callback);
      });
    });
  });
  return () => {
    cancelled = true;
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
