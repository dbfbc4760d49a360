import { Workbox } from 'workbox-window';
import { offerUpdate } from './app-update.ts';

/** The service worker's address: at the root, so it serves every site's pages. */
const SW_URL = '/sw.js';

/**
 * Registers the service worker (issue 32): loaded after the first paint, so that the first
 * visit's screen never waits on it. Once it runs, it is told to keep the page the app was opened
 * on and the files already loaded for it (they came before it ran), so the app starts offline
 * the next time; a new version waiting is offered as 有新版本, and the page reloads once it has
 * taken over.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const workbox = new Workbox(SW_URL, { scope: '/' });
  workbox.addEventListener('waiting', () => {
    offerUpdate(() => {
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    });
  });
  const registration = await workbox.register();
  if (!registration) return;
  const loaded = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => new URL(name).origin === location.origin && name.includes('/assets/'));
  (await navigator.serviceWorker.ready).active?.postMessage({
    type: 'KEEP',
    page: location.href,
    assets: loaded,
  });
}
