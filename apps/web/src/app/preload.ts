import { isLoggedIn } from '@/platform/session.ts';
import { basePath } from '@/platform/site-config.ts';
import { queryClient } from './query-client.ts';
import { loadPageWith } from './route-page.tsx';
import { routeOf } from './routes.ts';

/**
 * How long the landing page waits for its first data before it shows without it (its own
 * loading state then): the boot script asked for it before the bundle, so it is usually here.
 */
const DATA_WAIT_MS = 3000;

/**
 * Starts the landing page's chunk and its first data before the app renders. The page renders
 * once both are here, with its content: React then builds it in a transition, in slices, instead
 * of a skeleton first and the content in one long task when the answers come.
 */
export function preloadLanding(
  pathname = window.location.pathname,
  search = window.location.search,
) {
  const route = routeOf(pathname.slice(basePath.length) || '/');
  if (!route) return;
  // A visitor on a learner's page goes to the login: nothing to ask for.
  const data =
    route.preload && (route.access === 'public' || isLoggedIn())
      ? route.preload(queryClient, new URLSearchParams(search))
      : null;
  const waited = data
    ? Promise.race([
        data.catch(() => undefined),
        new Promise((resolve) => window.setTimeout(resolve, DATA_WAIT_MS)),
      ])
    : null;
  if (route.page) void loadPageWith(route.page, waited).catch(() => undefined);
}
