import { type ComponentType, Suspense, use } from 'react';
import { loadChunk } from '@/platform/chunk-load.ts';
import { PageSkeleton } from '@/ui/page-skeleton.tsx';
import { PageTitleContext } from '@/ui/page-title.ts';
import { RequireLogin } from './require-login.tsx';
import { RouteErrorBoundary } from './route-error-boundary.tsx';
import type { PageLoader, RouteEntry } from './routes.ts';
import { UnderConstructionPage } from './under-construction-page.tsx';

const loading = new Map<PageLoader, Promise<ComponentType>>();

/**
 * The page component of a route, loaded once (with the chunk time-out); a failed load is
 * forgotten so that a retry loads it again.
 */
export function loadPage(loader: PageLoader): Promise<ComponentType> {
  let promise = loading.get(loader);
  if (!promise) {
    promise = loadChunk(loader);
    loading.set(loader, promise);
    promise.catch(() => loading.delete(loader));
  }
  return promise;
}

function LazyPage({ loader }: { loader: PageLoader }) {
  const Page = use(loadPage(loader));
  return <Page />;
}

/**
 * One route's element: its title for the page, its error boundary, the login guard for auth
 * routes, and the code-split page (or the shared 建设中 page).
 */
export function RoutePage({ route }: { route: RouteEntry }) {
  const content = route.page ? (
    <Suspense fallback={<PageSkeleton />}>
      <LazyPage loader={route.page} />
    </Suspense>
  ) : (
    <UnderConstructionPage inIndex={route.inIndex} />
  );
  return (
    <PageTitleContext value={route.title}>
      <RouteErrorBoundary>
        {route.access === 'auth' ? <RequireLogin>{content}</RequireLogin> : content}
      </RouteErrorBoundary>
    </PageTitleContext>
  );
}
