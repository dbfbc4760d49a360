// The boot script, inlined first into index.html at build time (see `vite-boot-script.ts`): it
// runs as the page is parsed, before any stylesheet or script has arrived, and starts
// - the token refresh (spec section 4: the refresh comes first on every start),
// - the landing page's public data,
// - the landing page's chunks, beside the entry's, rather than after the entry has run.
// The app picks the answers up through `platform/early-answers.ts`. It must stay small: every
// page carries it.
import { LANDINGS } from '../app/landing-data.ts';
import { sendEarly } from '../platform/early-answers.ts';
import { fingerprint } from '../platform/fingerprint.ts';
import type { PagePath } from '../platform/paths.ts';
import { basePath, siteConfig } from '../platform/site-config.ts';
import { local, StorageKey } from '../platform/storage.ts';

/** Each landing page's chunk files (`js`) and stylesheets (`css`), filled in at build time. */
declare const __LANDING_CHUNKS__: Record<string, { js: string[]; css: string[] }>;

const token = local.get(StorageKey.token);
// The headers every call carries (spec section 7), as `platform/request.ts` sends them.
const headers: Record<string, string> = {
  'Content-Type': 'application/json;charset=UTF-8',
  'X-Site': siteConfig.siteKey,
  'X-Finger': fingerprint(),
  ...(token ? { Authorization: `Bearer ${token}` } : {}),
};
const page = (window.location.pathname.slice(basePath.length) || '/') as PagePath;
const landing = LANDINGS[page];

/** Adds `<link rel=… href=…>` to the head. */
function link(rel: string, href: string, as?: string) {
  const element = document.createElement('link');
  element.rel = rel;
  element.href = href;
  if (as) element.as = as;
  document.head.append(element);
}

try {
  sendEarly('/account/refresh-token', headers, token, false);
  const early = landing?.data?.(new URLSearchParams(location.search)) ?? [];
  for (const { path, shared, images, imageSizes } of early) {
    sendEarly(path, headers, token, shared, images, imageSizes);
  }
} catch {
  // An old browser without fetch: the app sends everything itself.
}
const chunks = landing && __LANDING_CHUNKS__[landing.page];
for (const href of chunks?.js ?? []) link('modulepreload', href);
// Fetched only: the page applies them when it loads, after the entry's (the cascade's order).
for (const href of chunks?.css ?? []) link('preload', href, 'style');
