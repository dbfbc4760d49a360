import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths } from '@/platform/paths.ts';
import { basePath } from '@/platform/site-config.ts';
import { IndexLayout } from './index-layout.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteErrorBoundary } from './route-error-boundary.tsx';
import { RoutePage } from './route-page.tsx';
import { type RouteEntry, routes } from './routes.ts';

const toRoute = (route: RouteEntry): RouteObject => ({
  path: route.path,
  element: <RoutePage route={route} />,
});

/** React Router's routes built from the route table, under the site variant's basename. */
export function routeObjects(): RouteObject[] {
  return [
    {
      element: (
        <RouteErrorBoundary>
          <RootLayout />
        </RouteErrorBoundary>
      ),
      children: [
        { path: paths.root, element: <Navigate to={paths.gotoHome} replace /> },
        {
          path: paths.index,
          element: <IndexLayout />,
          children: [
            { index: true, element: <Navigate to={paths.home} replace /> },
            ...routes.filter((route) => route.inIndex).map(toRoute),
          ],
        },
        ...routes.filter((route) => !route.inIndex).map(toRoute),
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}

export function createRouter() {
  return createBrowserRouter(routeObjects(), { basename: basePath || '/' });
}
