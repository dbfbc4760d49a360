import { type ComponentType, Suspense, use } from 'react';
import { loadChunk } from '@/platform/chunk-load.ts';
import { PageSkeleton } from '@/ui/page-skeleton.tsx';
import { PageTitleContext } from '@/ui/page-title.ts';
import { RequireLogin } from './require-login.tsx';
import { RouteErrorBoundary } from './route-error-boundary.tsx';
import type { PageLoader, RouteEntry } from './routes.ts';

const loading = new Map<PageLoader, Promise<ComponentType>>();
const failed = new Set<PageLoader>();

/**
 * The page component of a route, loaded once (with the chunk time-out). A failed load stays
 * failed (React shows the error boundary for it) until the learner retries.
 */
export function loadPage(loader: PageLoader): Promise<ComponentType> {
  let promise = loading.get(loader);
  if (!promise) {
    promise = loadChunk(loader);
    loading.set(loader, promise);
    promise.catch(() => failed.add(loader));
  }
  return promise;
}

/**
 * The landing page's component, once its chunk is here and `data` has settled (the page's first
 * data, in the query cache by then); later loads of the page take the chunk alone.
 */
export function loadPageWith(
  loader: PageLoader,
  data: Promise<unknown> | null,
): Promise<ComponentType> {
  if (!data || loading.has(loader)) return loadPage(loader);
  const promise = Promise.all([loadChunk(loader), data]).then(([page]) => page);
  loading.set(loader, promise);
  promise.catch(() => failed.add(loader));
  return promise;
}

/** Forgets a failed load, so that the retry loads the chunk again. */
function forgetFailedPage(loader: PageLoader) {
  if (!failed.delete(loader)) return;
  loading.delete(loader);
}

function LazyPage({ loader }: { loader: PageLoader }) {
  const Page = use(loadPage(loader));
  return <Page />;
}

/**
 * One route's element: its title for the page, its error boundary, the login guard for auth
 * routes, and the code-split page.
 */
export function RoutePage({ route }: { route: RouteEntry }) {
  const { page } = route;
  const content = (
    <Suspense fallback={<PageSkeleton />}>
      <LazyPage loader={page} />
    </Suspense>
  );
  return (
    <PageTitleContext value={route.title}>
      <RouteErrorBoundary onRetry={() => forgetFailedPage(page)}>
        {route.access === 'auth' ? <RequireLogin>{content}</RequireLogin> : content}
      </RouteErrorBoundary>
    </PageTitleContext>
  );
}
