import type { LoginResult, UserInfo } from '@portal/contract';
import { withCallback } from '@portal/contract/constants';
import { noteTokenRotation } from './early-answers.ts';
import { get, post, REFRESH_USER_EVENT } from './request.ts';
import { basePath, siteConfig } from './site-config.ts';
import { local, StorageKey } from './storage.ts';

/** The learner counts as logged in when a token is stored (spec section 4). */
export const isLoggedIn = () => Boolean(local.get(StorageKey.token));

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/**
 * Subscribes to login changes: this tab's logins and logouts, the request layer's `refreshUser`
 * event, and other tabs (the `storage` event). Fits `useSyncExternalStore`.
 */
export function subscribeLogin(listener: () => void): () => void {
  listeners.add(listener);
  const handleStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === StorageKey.token || event.key === StorageKey.userInfo)
      listener();
  };
  window.addEventListener('storage', handleStorage);
  window.addEventListener(REFRESH_USER_EVENT, listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', handleStorage);
    window.removeEventListener(REFRESH_USER_EVENT, listener);
  };
}

let cachedUser: { text: string | null; user: UserInfo | null } = { text: null, user: null };

/** The stored profile (the same object while the stored text is unchanged), or null. */
export function storedUser(): UserInfo | null {
  const text = local.get(StorageKey.userInfo);
  if (text === cachedUser.text) return cachedUser.user;
  let user: UserInfo | null = null;
  try {
    user = text ? (JSON.parse(text) as UserInfo) : null;
  } catch {
    user = null;
  }
  cachedUser = { text, user };
  return user;
}

/**
 * Forgets the login on this device: token and userInfo (spec sections 4 and 8), and the answers
 * the service worker kept for reading offline (no one's stay on the phone).
 */
export function clearLogin() {
  local.remove(StorageKey.token);
  local.remove(StorageKey.userInfo);
  navigator.serviceWorker?.controller?.postMessage({ type: 'FORGET_LEARNERS' });
  notify();
}

function storeLogin({ token, userInfo }: LoginResult) {
  local.set(StorageKey.token, token);
  local.set(StorageKey.userInfo, JSON.stringify(userInfo));
  notify();
}

/** This site's `/authPage`, with the variant's prefix: the callback of the login page. */
export function authPageUrl(origin = window.location.origin) {
  return `${origin}${basePath}/authPage`;
}

/** Saves where to come back to and sends the browser to the account center. */
export function goToLogin(returnTo = window.location.href) {
  local.set(StorageKey.loginCallBack, returnTo);
  window.location.assign(withCallback(siteConfig.ssoLoginUrl, authPageUrl()));
}

/** Exchanges the account center's ticket for a token and the profile, and stores both. */
export async function exchangeTicket(ticket: string) {
  storeLogin(await post<LoginResult>('/account/login', { ticket }, { quiet: true }));
}

/**
 * An identity provider that hands back a token directly (`/authPage?token=`): the token is
 * checked with the server before it is stored, so a forged or expired one is never kept.
 */
export async function acceptToken(token: string) {
  const userInfo = await get<UserInfo>(
    '/account/me',
    {},
    { quiet: true, headers: { Authorization: `Bearer ${token}` } },
  );
  storeLogin({ token, userInfo });
}

/**
 * The address to go to after login: `loginCallBack` when it is on this site (then forgotten),
 * else the home page.
 */
export function takeLoginCallBack(origin = window.location.origin): string {
  const saved = local.get(StorageKey.loginCallBack);
  local.remove(StorageKey.loginCallBack);
  if (!saved) return `${basePath}/index/home`;
  try {
    const url = new URL(saved, origin);
    // A path that starts with two slashes would be read as another host where it is used.
    if (
      url.origin !== origin ||
      url.pathname.startsWith('//') ||
      url.pathname.endsWith('/authPage')
    )
      return `${basePath}/index/home`;
    return url.pathname + url.search + url.hash;
  } catch {
    return `${basePath}/index/home`;
  }
}

/** Start-up (spec section 4): asks for a fresh token; a failure is ignored. */
export async function refreshToken() {
  try {
    const sent = local.get(StorageKey.token);
    const token = await get<string | null>('/account/refresh-token', {}, { quiet: true });
    // A login that changed meanwhile (a 301 elsewhere, a logout, another tab) wins.
    if (local.get(StorageKey.token) !== sent) return;
    if (token) {
      local.set(StorageKey.token, token);
      if (sent) noteTokenRotation(sent, token);
    } else if (sent || local.get(StorageKey.userInfo)) clearLogin();
  } catch {
    // Silently ignored: the app is shown in every case.
  }
}

/** Revokes the token on the server and forgets the login on this device. */
export async function logout() {
  try {
    await post('/account/logout', {}, { quiet: true });
  } finally {
    clearLogin();
  }
}
