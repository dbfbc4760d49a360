import { type ReactNode, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { goToLogin, isLoggedIn } from '@/platform/session.ts';

/**
 * The guard of an auth route (spec section 2): without a stored token the browser goes to the
 * account center, with the wanted address saved under `loginCallBack`; the page's chunk is not
 * even loaded for a visitor. It checks when the page is opened (each new address), not when the
 * login changes under an open page: a 301 there runs the login check, whose cancel keeps the page.
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const location = useLocation();
  const [check, setCheck] = useState(() => ({ key: location.key, loggedIn: isLoggedIn() }));
  if (check.key !== location.key) setCheck({ key: location.key, loggedIn: isLoggedIn() });
  const { loggedIn } = check;
  useEffect(() => {
    if (!loggedIn) goToLogin(window.location.href);
  }, [loggedIn]);
  if (loggedIn) return children;
  return (
    <main className="page-center" aria-busy="true">
      <span className="spinner" aria-hidden="true" />
      <p>请先登录，正在前往登录页…</p>
    </main>
  );
}
