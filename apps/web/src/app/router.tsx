import { createBrowserRouter, Navigate } from 'react-router';
import { AuthPage } from '@/features/account/pages/auth-page.tsx';
import { HomePage } from '@/features/home/pages/home-page.tsx';
import { basePath } from '@/platform/site-config.ts';

/** The routes of the skeleton; the portal-shell issue replaces this with the full route table. */
export function createRouter() {
  return createBrowserRouter(
    [
      { path: '/', element: <Navigate to="/index/home" replace /> },
      { path: '/index', element: <Navigate to="/index/home" replace /> },
      { path: '/index/home', element: <HomePage /> },
      { path: '/authPage', element: <AuthPage /> },
      { path: '*', element: <Navigate to="/index/home" replace /> },
    ],
    { basename: basePath || '/' },
  );
}
