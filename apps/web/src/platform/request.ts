import type { Envelope } from '@portal/contract';
import { ErrorCode, REQUEST_TIMEOUT_MS } from '@portal/contract/constants';
import ky, { type KyInstance, type Options } from 'ky';
import { fingerprint } from './fingerprint.ts';
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

/** The call failed on the way (no network, time-out, HTTP error): shown as 网络异常. */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('网络异常', { cause });
    this.name = 'NetworkError';
  }
}

/** ky with the portal's base path, time-out and headers (spec section 7). */
export const http: KyInstance = ky.create({
  prefixUrl: '/api',
  timeout: REQUEST_TIMEOUT_MS,
  retry: 0,
  hooks: {
    beforeRequest: [
      (request) => {
        request.headers.set('X-Site', siteConfig.siteKey);
        request.headers.set('X-Finger', fingerprint());
        const token = local.get(StorageKey.token);
        if (token) request.headers.set('Authorization', `Bearer ${token}`);
      },
    ],
  },
});

/** Sends a call and unwraps the envelope: `data` on code 0, else an {@link ApiError}. */
export async function call<T>(path: string, options: Options = {}): Promise<T> {
  let body: Envelope<T>;
  try {
    body = await http(path.replace(/^\//, ''), options).json<Envelope<T>>();
  } catch (error) {
    // HTTP failures, time-outs, offline, or a body that is not the envelope: all 网络异常.
    throw new NetworkError(error);
  }
  if (body.code !== ErrorCode.ok) throw new ApiError(body.code, body.message, body.data);
  return body.data;
}

/** GET with query parameters. */
export const get = <T>(path: string, searchParams?: Record<string, string | number>) =>
  call<T>(path, { method: 'get', ...(searchParams ? { searchParams } : {}) });

/** POST with a JSON body. */
export const post = <T>(path: string, json: unknown = {}) =>
  call<T>(path, { method: 'post', json });
