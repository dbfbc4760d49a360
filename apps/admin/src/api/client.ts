import type { Envelope, PortalConfig } from '@portal/contract';
import { ErrorCode } from '@portal/contract/constants';
import ky, { type Options } from 'ky';

/** Where the console keeps its own login (apart from the learner portal's `token`). */
export const TOKEN_KEY = 'adminToken';
/** The site the operator works on (`X-Site` of every call). */
export const SITE_KEY = 'adminSite';
/** Where to go back after the account center's login. */
export const RETURN_KEY = 'adminReturnTo';

/** The runtime config the server injects into the page (`#portal-config`). */
export function readConfig(doc: Document = document): PortalConfig | null {
  const text = doc.getElementById('portal-config')?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as PortalConfig;
  } catch {
    return null;
  }
}

export const storedToken = () => localStorage.getItem(TOKEN_KEY);
export const storedSite = () => localStorage.getItem(SITE_KEY);

/** A refusal in the envelope (`code` not 0) or a failure of the network or the server. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
  /** The login is missing or over: the console signs in again. */
  get loggedOut() {
    return this.code === ErrorCode.loginRequired;
  }
  /** Someone else changed the record since it was read. */
  get stale() {
    return this.code === ErrorCode.conflict;
  }
}

/** Sends the browser to the account center, to come back to `returnTo` signed in. */
export function signIn(returnTo = `${location.pathname}${location.search}`) {
  const config = readConfig();
  sessionStorage.setItem(RETURN_KEY, returnTo);
  const login = config?.ssoLoginUrl || '/sso/login';
  const callback = `${location.origin}/admin/authPage`;
  location.assign(
    `${login}${login.includes('?') ? '&' : '?'}callback=${encodeURIComponent(callback)}`,
  );
}

const http = ky.create({
  timeout: 20_000,
  retry: 0,
  throwHttpErrors: false,
  hooks: {
    beforeRequest: [
      (request) => {
        const token = storedToken();
        if (token) request.headers.set('authorization', `Bearer ${token}`);
        const site = storedSite();
        if (site) request.headers.set('x-site', site);
      },
    ],
  },
});

/** Calls the API and answers `data` of a success; anything else throws an {@link ApiError}. */
export async function call<T>(path: string, options: Options = {}): Promise<T> {
  let response: Response;
  try {
    response = await http(path.replace(/^\//, ''), { prefixUrl: '/', ...options });
  } catch {
    throw new ApiError(-1, '网络异常，请检查网络后重试');
  }
  let envelope: Envelope<T>;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    throw new ApiError(response.status, '服务器异常，请稍后重试');
  }
  if (envelope.code === 0) return envelope.data;
  if (envelope.code === ErrorCode.loginRequired) localStorage.removeItem(TOKEN_KEY);
  throw new ApiError(envelope.code, envelope.message || '操作失败');
}

export const get = <T>(path: string, searchParams?: Record<string, string | number | undefined>) =>
  call<T>(path, {
    searchParams: Object.fromEntries(
      Object.entries(searchParams ?? {}).filter(([, value]) => value !== undefined && value !== ''),
    ) as Record<string, string | number>,
  });

export const post = <T>(path: string, json?: unknown) =>
  call<T>(path, { method: 'post', json: json ?? {} });

/** Exchanges the account center's ticket for a token (the learner login, ARCHITECTURE.md). */
export async function exchangeTicket(ticket: string): Promise<void> {
  const data = await post<{ token: string }>('/api/account/login', { ticket, app: 'console' });
  localStorage.setItem(TOKEN_KEY, data.token);
}

/** Signs out on the server (the token is revoked) and here. */
export async function signOut(): Promise<void> {
  try {
    await post('/api/account/logout');
  } finally {
    localStorage.removeItem(TOKEN_KEY);
  }
}
