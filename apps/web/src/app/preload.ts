import { basePath } from '@/platform/site-config.ts';
import { queryClient } from './query-client.ts';
import { loadPage } from './route-page.tsx';
import { routeOf } from './routes.ts';

/** Starts the landing page's chunk and its first data before the app renders. */
export function preloadLanding(pathname = window.location.pathname) {
  const route = routeOf(pathname.slice(basePath.length) || '/');
  if (!route) return;
  if (route.page) void loadPage(route.page).catch(() => undefined);
  route.preload?.(queryClient);
}
