import { useSyncExternalStore } from 'react';

/**
 * A new version of the portal waiting to take over (issue 32, 有新版本): the service worker's
 * registration ({@link ./service-worker.ts}) offers it here; the banner shows it, and it is
 * taken on the learner's tap or at the next safe moment: a move to another page while nothing
 * plays (a lesson's video or audio) — a form is left by moving away anyway. Taking it reloads the
 * page on the new version.
 */

let waiting: (() => void) | null = null;
let taking = false;
const listeners = new Set<() => void>();

const notify = () => {
  for (const listener of listeners) listener();
};

/** Offers a new version; `take` makes it take over (the page reloads when it has). */
export function offerUpdate(take: () => void): void {
  waiting = take;
  notify();
}

/** Whether a video or an audio of the page is playing. */
export function isPlaying(doc: Document = document): boolean {
  return [...doc.querySelectorAll<HTMLMediaElement>('video, audio')].some(
    (media) => !media.paused && !media.ended,
  );
}

/** Takes the waiting version now (the learner asked). */
export function takeUpdate(): void {
  if (!waiting || taking) return;
  taking = true;
  notify();
  waiting();
}

/** Takes the waiting version if nothing plays: called as the learner moves to another page. */
export function takeUpdateIfSafe(doc: Document = document): boolean {
  if (!waiting || taking || isPlaying(doc)) return false;
  takeUpdate();
  return true;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** 'none', 'waiting' (a new version is offered) or 'taking' (it is taking over). */
export function useAppUpdate(): 'none' | 'waiting' | 'taking' {
  return useSyncExternalStore(
    subscribe,
    () => (taking ? 'taking' : waiting ? 'waiting' : 'none'),
    () => 'none',
  );
}

/** For tests: forgets any offered version. */
export function resetAppUpdate(): void {
  waiting = null;
  taking = false;
  notify();
}
