import { type RefObject, useEffect, useRef, useState } from 'react';
import { listenPageLeave } from '@/platform/page-leave.ts';
import { local, StorageKey } from '@/platform/storage.ts';

/** How many articles' places a device keeps (the least recently read go first). */
export const KEPT_POSITIONS = 50;
/** An article is long when it is at least this many screens tall: only then is its place kept. */
export const LONG_SCREENS = 2;
/** A place this near the top is no place (nothing to come back to). */
const NEAR_TOP = 0.05;
/** Past this share of the way down the article counts as read to the end: next time, the top. */
const NEAR_END = 0.95;

/** The places by article id: how far down each was left, from 0 (top) to 1 (end). */
type Positions = Record<string, { at: number; savedAt: number }>;

function readAll(): Positions {
  try {
    const parsed: unknown = JSON.parse(local.get(StorageKey.readingPositions) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Positions) : {};
  } catch {
    return {};
  }
}

/** Where the learner left article `id`, as a share of the way down; null when nowhere. */
export function readPosition(id: number): number | null {
  const entry = readAll()[id];
  return entry && typeof entry.at === 'number' && entry.at > 0 && entry.at < 1 ? entry.at : null;
}

/**
 * Keeps `at` (a share of the way down) for article `id`, or forgets it when it is near the top
 * or the end; the device keeps at most {@link KEPT_POSITIONS} places.
 */
export function savePosition(id: number, at: number, now = Date.now()) {
  const all = readAll();
  delete all[id];
  if (at > NEAR_TOP && at < NEAR_END) all[id] = { at, savedAt: now };
  const kept = Object.entries(all)
    .sort(([, a], [, b]) => b.savedAt - a.savedAt)
    .slice(0, KEPT_POSITIONS);
  local.set(StorageKey.readingPositions, JSON.stringify(Object.fromEntries(kept)));
}

/** How far down the page is scrolled, from 0 to 1; null when the page is not long. */
function shareScrolled(): number | null {
  const viewport = window.innerHeight;
  const scrollable = document.documentElement.scrollHeight - viewport;
  if (viewport <= 0 || scrollable < viewport * (LONG_SCREENS - 1)) return null;
  return Math.min(1, Math.max(0, window.scrollY / scrollable));
}

/**
 * Keeps the reading place of a long article on this device and takes the learner back to it
 * when they open the article again: once `body` (the element the article's text fills) has its
 * content, the page scrolls to where it was left. Answers whether it did, so the page can say so
 * and offer the top; `restart` goes to the top and forgets the place.
 */
export function useReadingPosition(id: number, body: RefObject<HTMLElement | null>) {
  const [restored, setRestored] = useState(false);
  const settled = useRef(false);

  useEffect(() => {
    settled.current = false;
    setRestored(false);
    const element = body.current;
    if (!element) return;
    const stored = readPosition(id);
    // The text arrives after the sanitizer loads: the place is taken once it is there.
    const restore = () => {
      if (settled.current || element.textContent?.trim() === '') return;
      settled.current = true;
      observer.disconnect();
      const scrollable = document.documentElement.scrollHeight - window.innerHeight;
      if (stored === null || scrollable <= 0) return;
      window.scrollTo(0, Math.round(stored * scrollable));
      setRestored(true);
    };
    const observer = new MutationObserver(restore);
    observer.observe(element, { childList: true, subtree: true, characterData: true });
    const frame = requestAnimationFrame(restore);

    // The place as of the latest scroll: read while this page is the one scrolled (by the time
    // the page closes, the next one may have scrolled the window back to the top).
    let latest: number | null = null;
    let timer = 0;
    const save = () => {
      window.clearTimeout(timer);
      if (latest !== null) savePosition(id, latest);
    };
    const handleScroll = () => {
      if (!settled.current) return;
      latest = shareScrolled();
      window.clearTimeout(timer);
      timer = window.setTimeout(save, 400);
    };
    window.addEventListener('scroll', handleScroll, { passive: true });
    const stopLeave = listenPageLeave(save);
    return () => {
      save();
      observer.disconnect();
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', handleScroll);
      stopLeave();
    };
  }, [id, body]);

  const restart = () => {
    savePosition(id, 0);
    window.scrollTo({ top: 0, behavior: 'smooth' });
    setRestored(false);
  };
  return { restored, restart, dismiss: () => setRestored(false) };
}
