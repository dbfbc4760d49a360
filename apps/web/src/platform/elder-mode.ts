import { local, StorageKey } from './storage.ts';

const listeners = new Set<() => void>();

/** True when the learner switched on elder mode (长辈模式) on this device. */
export const isElderMode = () => local.get(StorageKey.elderMode) === '1';

/** Marks the document so the elder-mode styles (larger text and targets) apply. */
export function applyElderMode(on = isElderMode(), root: HTMLElement = document.documentElement) {
  root.classList.toggle('elder', on);
}

/** Switches elder mode on or off, remembers it on this device and applies it at once. */
export function setElderMode(on: boolean) {
  if (on) local.set(StorageKey.elderMode, '1');
  else local.remove(StorageKey.elderMode);
  applyElderMode(on);
  for (const listener of listeners) listener();
}

/** Subscribes to elder-mode changes (fits `useSyncExternalStore`). */
export function subscribeElderMode(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
