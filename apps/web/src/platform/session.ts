import type { LoginResult, UserInfo } from '@portal/contract';
import { get, post } from './request.ts';
import { basePath, siteConfig } from './site-config.ts';
import { local, StorageKey } from './storage.ts';

/** The learner counts as logged in when a token is stored (spec section 4). */
export const isLoggedIn = () => Boolean(local.get(StorageKey.token));

export function storedUser(): UserInfo | null {
  const text = local.get(StorageKey.userInfo);
  if (!text) return null;
  try {
    return JSON.parse(text) as UserInfo;
  } catch {
    return null;
  }
}

export function clearLogin() {
  local.remove(StorageKey.token);
  local.remove(StorageKey.userInfo);
}

function storeLogin({ token, userInfo }: LoginResult) {
  local.set(StorageKey.token, token);
  local.set(StorageKey.userInfo, JSON.stringify(userInfo));
}

/** This site's `/authPage`, with the variant's prefix: the callback of the login page. */
export function authPageUrl(origin = window.location.origin) {
  return `${origin}${basePath}/authPage`;
}

/** Saves where to come back to and sends the browser to the account center. */
export function goToLogin(returnTo = window.location.href) {
  local.set(StorageKey.loginCallBack, returnTo);
  const separator = siteConfig.ssoLoginUrl.includes('?') ? '&' : '?';
  window.location.assign(
    `${siteConfig.ssoLoginUrl}${separator}callback=${encodeURIComponent(authPageUrl())}`,
  );
}

/** Exchanges the account center's ticket for a token and the profile, and stores both. */
export async function exchangeTicket(ticket: string) {
  storeLogin(await post<LoginResult>('/account/login', { ticket }));
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
    if (url.origin !== origin || url.pathname.endsWith('/authPage'))
      return `${basePath}/index/home`;
    return url.pathname + url.search + url.hash;
  } catch {
    return `${basePath}/index/home`;
  }
}

/** Start-up (spec section 4): asks for a fresh token; a failure is ignored. */
export async function refreshToken() {
  try {
    const token = await get<string | null>('/account/refresh-token');
    if (token) local.set(StorageKey.token, token);
    else clearLogin();
  } catch {
    // Silently ignored: the app is shown in every case.
  }
}

/** Revokes the token on the server and forgets the login on this device. */
export async function logout() {
  try {
    await post('/account/logout');
  } finally {
    clearLogin();
  }
}
