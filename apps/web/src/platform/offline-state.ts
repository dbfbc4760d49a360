import { useSyncExternalStore } from 'react';

/**
 * Whether the page shows what was kept rather than what the server says now (issue 32): the
 * service worker marks an answer it served from its copy because the network failed
 * (`X-Portal-Offline`, with `X-Portal-Kept-At`, when the copy was received); the request layer
 * notes each answer here, and the browser's own online/offline events too. The 离线 banner reads
 * it.
 */
export interface OfflineState {
  /** The network is gone, or the last answer came from a kept copy. */
  offline: boolean;
  /** When the oldest kept answer shown since going offline was received (epoch ms), if any. */
  keptAt: number | null;
}

const ONLINE: OfflineState = { offline: false, keptAt: null };
let state: OfflineState = ONLINE;
const listeners = new Set<() => void>();

function set(next: OfflineState) {
  if (next.offline === state.offline && next.keptAt === state.keptAt) return;
  state = next;
  for (const listener of listeners) listener();
}

/** The headers of a kept answer served offline (see `apps/web/sw/api-answers.ts`). */
export const OFFLINE_HEADER = 'x-portal-offline';
export const KEPT_AT_HEADER = 'x-portal-kept-at';

/** Notes an API answer: from a kept copy (offline), or fresh from the server (online again). */
export function noteAnswer(headers: Headers): void {
  if (headers.get(OFFLINE_HEADER) !== '1') {
    set(ONLINE);
    return;
  }
  const keptAt = Number(headers.get(KEPT_AT_HEADER));
  const at = Number.isFinite(keptAt) && keptAt > 0 ? keptAt : null;
  set({
    offline: true,
    keptAt: at === null ? state.keptAt : Math.min(at, state.keptAt ?? at),
  });
}

/** Notes the browser's word that the network went (false) or came back (true). */
export function noteNetwork(online: boolean): void {
  if (online) set(ONLINE);
  else set({ offline: true, keptAt: state.keptAt });
}

const onOnline = () => noteNetwork(true);
const onOffline = () => noteNetwork(false);

function subscribe(listener: () => void) {
  if (listeners.size === 0) {
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    if (navigator.onLine === false) noteNetwork(false);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
  };
}

export function useOfflineState(): OfflineState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => ONLINE,
  );
}

/** For tests: back online. */
export function resetOfflineState(): void {
  set(ONLINE);
}
