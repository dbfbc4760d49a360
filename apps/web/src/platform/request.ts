import type { Envelope } from '@portal/contract';
import { ErrorCode, REQUEST_TIMEOUT_MS } from '@portal/contract/constants';
import ky, { type KyInstance, type Options } from 'ky';
import { takeEarlyAnswer } from './early-answers.ts';
import { fingerprint } from './fingerprint.ts';
import { noteAnswer } from './offline-state.ts';
import { siteConfig } from './site-config.ts';
import { local, StorageKey } from './storage.ts';

/** The server answered with a non-zero code (spec section 8). */
export class ApiError extends Error {
  readonly code: number;
  readonly data: unknown;
  constructor(code: number, message: string, data: unknown) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.data = data;
  }
}

/** The call failed on the way (no network, time-out, HTTP error, a body that is not the envelope). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('网络异常', { cause });
    this.name = 'NetworkError';
  }
}

/**
 * A call marked login-required was made without a stored token and was never sent
 * (spec section 7): the message is empty for GET and `未登录` for the POST kinds.
 */
export class NotLoggedInError extends Error {
  constructor(message: '' | '未登录') {
    super(message);
    this.name = 'NotLoggedInError';
  }
}

/** Every failure the request layer reports to its policy. */
export type RequestFailure = ApiError | NetworkError | NotLoggedInError;

/**
 * What the app does with a failure (spec section 8: the 301 dialog, the toasts, the follow-up
 * address). The transport only classifies; `src/app` sets the policy once at start-up.
 */
export type FailurePolicy = (failure: RequestFailure) => void;

let policy: FailurePolicy = () => {};

/** Sets the app's failure policy; returns a function that restores the previous one. */
export function setFailurePolicy(next: FailurePolicy): () => void {
  const previous = policy;
  policy = next;
  return () => {
    policy = previous;
  };
}

export interface CallOptions {
  /** Reject without sending when no token is stored (GET, JSON and form POST). */
  loginRequired?: boolean;
  /**
   * The caller handles these failures itself, so the policy does not show them: `true` for
   * every failure, or the codes it handles (a 409 on a signup button).
   */
  quiet?: boolean | readonly number[];
  /** Cancels the call (TanStack Query passes one); a cancelled call is never reported. */
  signal?: AbortSignal;
  /** Extra headers, e.g. a bearer token that is being verified before it is stored. */
  headers?: Record<string, string>;
}

/** The `refreshUser` event (spec section 4) and its detail. */
export const REFRESH_USER_EVENT = 'refreshUser';
export interface RefreshUserDetail {
  type: 'loginOut';
}

const JSON_TYPE = 'application/json;charset=UTF-8';
const FORM_TYPE = 'application/x-www-form-urlencoded;charset=UTF-8';

/** The headers every call carries (spec section 7): the site, the fingerprint, and the token. */
function portalHeaders(): Record<string, string> {
  const token = local.get(StorageKey.token);
  return {
    'X-Site': siteConfig.siteKey,
    'X-Finger': fingerprint(),
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  };
}

/** ky with the portal's base path, time-out and headers (spec section 7). */
export const http: KyInstance = ky.create({
  prefixUrl: '/api',
  timeout: REQUEST_TIMEOUT_MS,
  retry: 0,
  hooks: {
    beforeRequest: [
      (request) => {
        for (const [name, value] of Object.entries(portalHeaders())) {
          // A token being verified before it is stored is sent as given.
          if (name !== 'Authorization' || !request.headers.has(name)) {
            request.headers.set(name, value);
          }
        }
      },
    ],
    // An answer the service worker served from its kept copy (offline) shows the 离线 banner;
    // a fresh one hides it.
    afterResponse: [
      (_request, _options, response) => {
        noteAnswer(response.headers);
      },
    ],
  },
});

/**
 * A JSON POST that outlives the page ("send on leave": a lesson's or a book's last progress as
 * the page is hidden or left). It is a plain `fetch` with `keepalive`, started at once (ky would
 * start it a tick later, too late during `pagehide`), with the headers every call carries;
 * `sendBeacon` cannot carry the bearer token, and the token never goes in the URL. Nothing is
 * sent without a login; answers whether the request was started (its answer is not awaited).
 */
export function sendOnLeave(
  path: string,
  json: unknown,
  headers: Record<string, string> = {},
): boolean {
  if (!local.get(StorageKey.token)) return false;
  try {
    void fetch(`/api${path}`, {
      method: 'POST',
      keepalive: true,
      headers: { 'Content-Type': JSON_TYPE, ...portalHeaders(), ...headers },
      body: JSON.stringify(json),
    }).catch(() => {
      // The page is going away; nothing is left to tell.
    });
    return true;
  } catch {
    return false;
  }
}

function isQuiet(failure: RequestFailure, quiet: CallOptions['quiet']): boolean {
  if (quiet === true) return true;
  if (!quiet || !(failure instanceof ApiError)) return false;
  return quiet.includes(failure.code);
}

function report(failure: RequestFailure, options: CallOptions): never {
  if (!isQuiet(failure, options.quiet)) policy(failure);
  throw failure;
}

function isEnvelope(body: unknown): body is Envelope<unknown> {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { code?: unknown }).code === 'number' &&
    'data' in body
  );
}

function beforeCall(options: CallOptions, rejection: '' | '未登录' | null) {
  if (!local.get(StorageKey.userInfo)) {
    window.dispatchEvent(
      new CustomEvent<RefreshUserDetail>(REFRESH_USER_EVENT, { detail: { type: 'loginOut' } }),
    );
  }
  if (rejection !== null && options.loginRequired && !local.get(StorageKey.token)) {
    report(new NotLoggedInError(rejection), options);
  }
}

/**
 * Sends one call and unwraps the envelope: `data` on code 0; otherwise the failure goes to the
 * policy (unless quiet) and the promise rejects with it. `setup` builds the request options; an
 * error there is a programming error: logged to the console, not shown to the learner.
 */
async function send<T>(
  path: string,
  options: CallOptions,
  setup: () => Options,
  earlyKey?: string,
): Promise<T> {
  let init: Options;
  try {
    if (path.startsWith('//') || /^[a-z]+:/i.test(path))
      throw new TypeError(`not an API path: ${path}`);
    init = setup();
    if (options.signal) init.signal = options.signal;
    if (options.headers) init.headers = { ...(init.headers as object), ...options.headers };
  } catch (error) {
    console.error('[request] could not prepare the call to', path, error);
    throw error;
  }
  let body: unknown;
  const call = () => http(path.replace(/^\//, ''), init).json<unknown>();
  try {
    // An answer the boot script already asked for; sent again when it failed on the way.
    const early =
      earlyKey && !options.headers
        ? takeEarlyAnswer(earlyKey, local.get(StorageKey.token), window, noteAnswer)
        : null;
    body = early ? await early.catch(call) : await call();
  } catch (error) {
    if (options.signal?.aborted) throw error;
    report(new NetworkError(error), options);
  }
  if (!isEnvelope(body)) report(new NetworkError(new Error('not an envelope')), options);
  if (body.code !== ErrorCode.ok) {
    report(new ApiError(body.code, body.message ?? '', body.data), options);
  }
  return body.data as T;
}

export type Query = Record<string, string | number | boolean | null | undefined>;

function searchParamsOf(query: Query): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  return params;
}

/** GET with query parameters; login-required rejects with an empty message. */
export async function get<T>(path: string, query: Query = {}, options: CallOptions = {}) {
  beforeCall(options, '');
  const searchParams = searchParamsOf(query);
  const search = searchParams.toString();
  return send<T>(
    path,
    options,
    () => ({
      method: 'get',
      searchParams,
      // The spec's default content type, on every kind that does not send a body of its own.
      headers: { 'Content-Type': JSON_TYPE },
    }),
    search ? `${path}?${search}` : path,
  );
}

/** POST with a JSON body; login-required rejects with `未登录`. */
export async function post<T>(path: string, json: unknown = {}, options: CallOptions = {}) {
  beforeCall(options, '未登录');
  return send<T>(path, options, () => ({
    method: 'post',
    body: JSON.stringify(json),
    headers: { 'Content-Type': JSON_TYPE },
  }));
}

/** POST with a form-urlencoded body; login-required rejects with `未登录`. */
export async function postForm<T>(path: string, form: Query, options: CallOptions = {}) {
  beforeCall(options, '未登录');
  return send<T>(path, options, () => ({
    method: 'post',
    body: searchParamsOf(form).toString(),
    headers: { 'Content-Type': FORM_TYPE },
  }));
}

/** POST with a multipart form body (files); the browser sets the boundary. */
export async function postMultipart<T>(
  path: string,
  form: FormData,
  options: Omit<CallOptions, 'loginRequired'> = {},
) {
  beforeCall(options, null);
  return send<T>(path, options, () => {
    if (!(form instanceof FormData)) throw new TypeError('postMultipart needs a FormData body');
    // No content type of ours: fetch writes multipart/form-data with its boundary.
    return { method: 'post', body: form };
  });
}
