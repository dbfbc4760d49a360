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

/**
 * Topics (专题) are data: besides the spec's `/zhuanti/2024/jtjy`, any `/zhuanti/<year>/<name>`
 * opens the same page, which reads its topic from the address (next year's topic needs no code).
 * The spec's literal routes rank above this pattern.
 */
export const TOPIC_PATTERN = '/zhuanti/:year/:name';

function topicRoute(): RouteObject[] {
  const page = routes.find((route) => route.path === paths.familyEducation);
  return page
    ? [{ path: TOPIC_PATTERN, element: <RoutePage route={{ ...page, title: '专题' }} /> }]
    : [];
}

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
        ...topicRoute(),
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}

export function createRouter() {
  return createBrowserRouter(routeObjects(), { basename: basePath || '/' });
}
