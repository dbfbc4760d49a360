/// <reference lib="webworker" />
// The portal's service worker (issue 32), built by vite-plugin-pwa (Workbox, `injectManifest`):
// - the app shell's scripts and stylesheet precached at install (the entry and what it imports);
// - every other hashed asset (a page's chunk, an image of the build) kept as it is first loaded:
//   its name changes with its content, so a kept copy is never stale;
// - pages: from the network, each site's latest page kept as its shell (every page of a site is
//   the same document but for its image hints); offline, or with no answer within a few seconds,
//   the site's shell, which starts the app on the page asked for; never seen, a page saying so;
// - the API's GETs: from the network, a learner's successful answers kept in that learner's own
//   cache (see `learners.ts`); when the network fails or is slow, the kept answer, marked as
//   served offline with the time it was received (the page shows 离线 with it);
// - a new version waits until the page asks it to take over (有新版本, `SKIP_WAITING`).
import { clientsClaim } from 'workbox-core';
import { CacheExpiration, ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { flushEntries, readSender, SYNC_TAG } from '../src/platform/outbox/outbox-core.ts';
import { isKeptCall, isSuccess, servedOffline, stamped, tokenOf } from './api-answers.ts';
import {
  cacheOfLine,
  hashOf,
  lineOf,
  othersCaches,
  type TokenLines,
  VISITOR_CACHE,
  withToken,
} from './learners.ts';
import { offlinePage } from './offline-page.ts';
import { isPortalPage, shellKey, shellOf, sitePrefixes } from './shells.ts';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

/** The cache of each site's shell. */
const PAGES = 'portal-pages';
/** How long a page waits for the network before the kept shell is shown instead. */
const NETWORK_WAIT_MS = 4_000;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install takes the open pages at once (offline works without a reload); an update
// waits for SKIP_WAITING.
clientsClaim();

/** The cache of hashed assets kept as they are loaded. */
const ASSETS = 'portal-assets';

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: ASSETS,
    plugins: [
      new ExpirationPlugin({
        maxEntries: 300,
        maxAgeSeconds: 60 * 24 * 3600,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);

/** Where the sites' prefixes are kept (the latest page's list). */
const SITES_KEY = '/__shell__/sites.json';

/** Keeps a page's answer as its site's shell (the prefix of its address the server names). */
async function remember(response: Response): Promise<void> {
  if (!isPortalPage(response)) return;
  const cache = await caches.open(PAGES);
  const sites = new Response(JSON.stringify(sitePrefixes(response)), {
    headers: { 'content-type': 'application/json' },
  });
  await Promise.all([
    cache.put(new URL(SITES_KEY, self.location.origin).href, sites),
    cache.put(shellOf(response, self.location.origin), response),
  ]);
}

/** The kept shell of the site of `url`, if any. */
async function keptShell(url: string): Promise<Response | undefined> {
  const cache = await caches.open(PAGES);
  const sites = await cache.match(new URL(SITES_KEY, self.location.origin).href);
  const prefixes = sites ? ((await sites.json()) as string[]) : [];
  return cache.match(shellKey(url, self.location.origin, prefixes));
}

registerRoute(
  new NavigationRoute(
    async ({ request, event }) => {
      const network = fetch(request).then((response) => {
        const kept = remember(response.clone()).catch(() => undefined);
        (event as ExtendableEvent).waitUntil(kept);
        return response;
      });
      const waited = new Promise<undefined>((resolve) => setTimeout(resolve, NETWORK_WAIT_MS));
      const first = await Promise.race([network.catch(() => undefined), waited]);
      if (first) return first;
      const kept = await keptShell(request.url);
      if (kept) return kept;
      return network.catch(() => offlinePage());
    },
    // The console, the API, the account center's pages and files are never the app's pages.
    { denylist: [/^\/admin(\/|$)/, /^\/api\//, /^\/sso\//, /^\/files\//, /^\/media\//] },
  ),
);

/**
 * What the page loaded before this worker ran, so that the app starts offline next time: the
 * page (its site's shell) and its hashed files, most already in the browser's HTTP cache.
 */
async function keep(page: unknown, assets: unknown): Promise<void> {
  const own = (href: unknown): href is string =>
    typeof href === 'string' && new URL(href, self.location.origin).origin === self.location.origin;
  const files = Array.isArray(assets)
    ? assets.filter(own).filter((href) => new URL(href).pathname.startsWith('/assets/'))
    : [];
  const cache = await caches.open(ASSETS);
  await Promise.all([
    own(page) ? fetch(page, { credentials: 'same-origin' }).then(remember) : undefined,
    ...files.slice(0, 100).map(async (href) => {
      if (!(await cache.match(href))) await cache.add(href);
    }),
  ]);
}

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: string; page?: unknown; assets?: unknown } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (data?.type === 'KEEP') event.waitUntil(keep(data.page, data.assets).catch(() => undefined));
  // The learner logged out (or was logged out): no one's answers stay on the phone.
  if (data?.type === 'FORGET_LEARNERS') event.waitUntil(inTurn(() => dropOthers(null)));
});

/** Where the worker keeps its own state (the lines of tokens). */
const STATE = 'portal-state';
const LINES_KEY = '/__state__/token-lines.json';
/** How long an API call waits for the network before a kept answer is shown instead. */
const CALL_WAIT_MS = 6_000;
/** The most answers kept per learner, and for how long. */
const KEPT_ANSWERS = { maxEntries: 400, maxAgeSeconds: 30 * 24 * 3600 };

async function readLines(): Promise<TokenLines> {
  const kept = await (await caches.open(STATE)).match(LINES_KEY);
  return kept ? ((await kept.json()) as TokenLines) : { lines: {} };
}

async function writeLines(lines: TokenLines): Promise<void> {
  await (await caches.open(STATE)).put(
    LINES_KEY,
    new Response(JSON.stringify(lines), { headers: { 'content-type': 'application/json' } }),
  );
}

/** Drops the kept answers of every learner but the one of `line` (all of them for null). */
async function dropOthers(line: string | null): Promise<void> {
  await Promise.all(othersCaches(await caches.keys(), line).map((name) => caches.delete(name)));
}

/** The changes to the lines of tokens, one at a time: a page's calls arrive together. */
let linesTurn: Promise<unknown> = Promise.resolve();
function inTurn<T>(change: () => Promise<T>): Promise<T> {
  const run = linesTurn.then(change, change);
  linesTurn = run.catch(() => undefined);
  return run;
}

/**
 * The cache of the learner whose token `request` carries: a token never seen (a login before
 * this worker ran) starts its own line, and the other learners' answers are dropped.
 */
function answersCache(request: Request): Promise<string> {
  const token = tokenOf(request);
  if (!token) return Promise.resolve(VISITOR_CACHE);
  return inTurn(async () => {
    const hash = await hashOf(token);
    const lines = await readLines();
    const line = lineOf(lines, hash);
    if (line) return cacheOfLine(line);
    await writeLines(withToken(lines, hash, null));
    await dropOthers(hash);
    return cacheOfLine(hash);
  });
}

/** Keeps a successful answer in `cacheName`, stamped with now; the oldest beyond the limit go. */
async function keepAnswer(cacheName: string, request: Request, response: Response) {
  if (!(await isSuccess(response))) return;
  const cache = await caches.open(cacheName);
  await cache.put(request, await stamped(response, Date.now()));
  const expiration = new CacheExpiration(cacheName, KEPT_ANSWERS);
  await expiration.updateTimestamp(request.url);
  await expiration.expireEntries();
}

registerRoute(
  ({ request }) => isKeptCall(request, self.location.origin),
  async ({ request, event }) => {
    const cacheName = await answersCache(request);
    const network = fetch(request.clone()).then((response) => {
      (event as ExtendableEvent).waitUntil(
        keepAnswer(cacheName, request, response.clone()).catch(() => undefined),
      );
      return response;
    });
    const waited = new Promise<undefined>((resolve) => setTimeout(resolve, CALL_WAIT_MS));
    const first = await Promise.race([network.catch(() => undefined), waited]);
    if (first) return first;
    const kept = await (await caches.open(cacheName)).match(request, { ignoreVary: true });
    if (kept) return servedOffline(kept);
    return network;
  },
);

/** The token a successful answer hands out (a refresh's `data`, a login's `data.token`). */
async function tokenGiven(response: Response): Promise<string | null> {
  if (!(await isSuccess(response))) return null;
  const { data } = (await response.clone().json()) as { data?: unknown };
  if (typeof data === 'string') return data;
  const token = (data as { token?: unknown } | null)?.token;
  return typeof token === 'string' ? token : null;
}

// A rotation continues the learner's line; a login starts a new one (and drops the others').
// Either is written down before the page has the new token, so that its next calls find it.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname === '/api/account/refresh-token',
  async ({ request }) => {
    const response = await fetch(request);
    const from = tokenOf(request);
    await inTurn(async () => {
      const token = await tokenGiven(response);
      if (!token) return;
      const fromHash = from ? await hashOf(from) : null;
      await writeLines(withToken(await readLines(), await hashOf(token), fromHash));
    }).catch(() => undefined);
    return response;
  },
);
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname === '/api/account/login',
  async ({ request }) => {
    const response = await fetch(request);
    await inTurn(async () => {
      const token = await tokenGiven(response);
      if (!token) return;
      const hash = await hashOf(token);
      await writeLines(withToken(await readLines(), hash, null));
      await dropOthers(hash);
    }).catch(() => undefined);
    return response;
  },
  'POST',
);

/**
 * Background Sync (issue 32): the network is back and the page may be closed; the learner's
 * writes kept in the outbox go with the token the page last gave. What cannot go now (a login
 * to renew) stays for the page, and the browser tries again later; the open pages are told.
 */
async function sendOutbox(): Promise<void> {
  const sender = await readSender();
  if (!sender) return;
  const result = await flushEntries(sender, Date.now());
  if (result.sent + result.refused > 0) {
    for (const client of await self.clients.matchAll({ type: 'window' })) {
      client.postMessage({ type: 'OUTBOX_SENT' });
    }
  }
  if (result.left > 0) throw new Error('outbox: entries left for later');
}

self.addEventListener('sync', (event: Event) => {
  const sync = event as ExtendableEvent & { tag?: string };
  if (sync.tag === SYNC_TAG) sync.waitUntil(sendOutbox());
});

/**
 * Web Push (issue 32): a reminder (a class, an activity, a live session) shown as a notification
 * with the portal closed; tapped, it opens its page in the portal's window, or a new one.
 */
interface PushPayload {
  title?: string;
  body?: string;
  url?: string;
  tag?: string;
  icon?: string;
}

self.addEventListener('push', (event: PushEvent) => {
  let payload: PushPayload = {};
  try {
    payload = (event.data?.json() ?? {}) as PushPayload;
  } catch {
    payload = { body: event.data?.text() };
  }
  const url = new URL(payload.url ?? '/', self.location.origin);
  const own = url.origin === self.location.origin ? url.href : self.location.origin;
  event.waitUntil(
    self.registration.showNotification(payload.title || '学习提醒', {
      body: payload.body ?? '',
      tag: payload.tag,
      icon: payload.icon,
      badge: payload.icon,
      data: { url: own },
      lang: 'zh-CN',
    }),
  );
});

self.addEventListener('notificationclick', (event: NotificationEvent) => {
  event.notification.close();
  const url = (event.notification.data as { url?: string } | null)?.url ?? self.location.origin;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        await open.navigate(url).catch(() => undefined);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
