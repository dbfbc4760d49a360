import { SpinLoading } from 'antd-mobile';
import { useEffect } from 'react';
import { paths } from '@/platform/paths.ts';
import { goToLogin, isLoggedIn } from '@/platform/session.ts';
import { basePath } from '@/platform/site-config.ts';

/** The page to come back to: `?from=` when it is a path of this site, else the home page. */
export function returnAddress(search: string, origin = window.location.origin): string {
  const from = new URLSearchParams(search).get('from');
  const fallback = `${origin}${basePath}${paths.home}`;
  if (!from?.startsWith('/') || from.startsWith('//')) return fallback;
  const url = new URL(`${basePath}${from}`, origin);
  return url.origin === origin ? url.href : fallback;
}

/**
 * `/login`: starts the login at the account center and comes back to `?from=` (a path on this
 * site) or the home page; a learner who is already logged in goes there at once.
 */
export function LoginPage() {
  useEffect(() => {
    const target = returnAddress(window.location.search);
    if (isLoggedIn()) window.location.replace(target);
    else goToLogin(target);
  }, []);
  return (
    <main className="page-center" aria-busy="true">
      <SpinLoading color="primary" />
      <p>正在前往登录页…</p>
    </main>
  );
}
