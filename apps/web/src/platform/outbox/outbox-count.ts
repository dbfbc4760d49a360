import { useSyncExternalStore } from 'react';
import { storedUser } from '../session.ts';
import { siteConfig } from '../site-config.ts';
import { local } from '../storage.ts';

/**
 * How many of the signed-in learner's writes wait in the outbox (issue 32), mirrored in
 * `localStorage` so that it is known at once, without opening the outbox's database: the app
 * loads the outbox's code only when something waits, and the 离线 banner says how many.
 */

/** The event the app listens to after writes were sent late (what it shows is out of date). */
export const OUTBOX_SENT_EVENT = 'portal:outbox-sent';

/** The signed-in learner as the outbox names them (`<site>:<id>`), or null. */
export function learnerKey(): string | null {
  const user = storedUser();
  return user ? `${siteConfig.siteKey}:${user.id}` : null;
}

const countKey = (learner: string) => `outbox:${learner}`;
const listeners = new Set<() => void>();

/** The number of the learner's writes waiting (the signed-in learner's by default). */
export function waitingCount(learner = learnerKey()): number {
  if (!learner) return 0;
  const count = Number(local.get(countKey(learner)));
  return Number.isInteger(count) && count > 0 ? count : 0;
}

/** Sets the learner's count (the outbox's own figure after a change). */
export function setWaitingCount(learner: string, count: number): void {
  if (count > 0) local.set(countKey(learner), String(count));
  else local.remove(countKey(learner));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The signed-in learner's waiting writes, for the banner. */
export function useWaitingCount(): number {
  return useSyncExternalStore(
    subscribe,
    () => waitingCount(),
    () => 0,
  );
}
