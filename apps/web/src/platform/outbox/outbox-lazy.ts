import { sendOnLeave } from '../request.ts';
import type { KeptWrite } from './outbox.ts';

/**
 * The outbox's calls with its code loaded on demand (issue 32): IndexedDB's wrapper and the
 * sending rounds, which no page needs for its first screen, load with a page's first write.
 */
let loaded: typeof import('./outbox.ts') | null = null;

/** The outbox's code, loaded once (at once when it already is). */
export function loadOutbox(): Promise<typeof import('./outbox.ts')> {
  if (loaded) return Promise.resolve(loaded);
  return import('./outbox.ts').then((module) => {
    loaded = module;
    return module;
  });
}
const outbox = loadOutbox;

/**
 * Loads the outbox's code once the page is idle: a page that writes (a lesson, the reader, a
 * walk, a favourite) has it before the network may go, so that what is done offline can be kept.
 */
export function warmOutbox(): void {
  if (loaded || typeof window === 'undefined') return;
  const load = () => void loadOutbox().catch(() => undefined);
  if ('requestIdleCallback' in window) window.requestIdleCallback(load, { timeout: 3000 });
  else setTimeout(load, 1000);
}

/** `sendOrKeep` of `outbox.ts`, its code loaded on demand. */
export async function sendOrKeep<T>(path: string, body: object, write: KeptWrite) {
  return (await outbox()).sendOrKeep<T>(path, body, write);
}

/**
 * `sendOrKeepOnLeave` of `outbox.ts`. Synchronous (the page is going away): before the page's
 * first write loaded the outbox's code, a plain send on leave, as before the outbox.
 */
export function sendOrKeepOnLeave(path: string, body: object, write: KeptWrite): boolean {
  if (loaded) return loaded.sendOrKeepOnLeave(path, body, write);
  void outbox();
  return sendOnLeave(path, body);
}
