/**
 * The API answers the service worker keeps for reading offline (issue 32): a learner's GETs
 * that succeeded, network first, the kept copy when the network fails; never another learner's
 * (each learner's copies are in a cache of their own, see `learners.ts`), never the token's
 * rotation nor the console's.
 */

/** Addresses whose answers are never kept: a token, the console, the API's description. */
const NEVER = [/^\/api\/account\/(refresh-token|login|logout)/, /^\/api\/admin\//, /^\/api\/docs/];

/** A GET of the portal's API whose answer may be kept. */
export function isKeptCall(request: Request, origin: string): boolean {
  if (request.method !== 'GET') return false;
  const url = new URL(request.url);
  return (
    url.origin === origin &&
    url.pathname.startsWith('/api/') &&
    !NEVER.some((pattern) => pattern.test(url.pathname))
  );
}

/** The bearer token a call carries, or null for a visitor's. */
export function tokenOf(request: Request): string | null {
  const header = request.headers.get('authorization') ?? '';
  return header.startsWith('Bearer ') ? header.slice(7) || null : null;
}

/** An answer worth keeping: HTTP 200 with the envelope's code 0. */
export async function isSuccess(response: Response): Promise<boolean> {
  if (response.status !== 200) return false;
  if (!(response.headers.get('content-type') ?? '').includes('json')) return false;
  try {
    const body = (await response.clone().json()) as { code?: unknown };
    return body?.code === 0;
  } catch {
    return false;
  }
}

/** The header of a kept answer: when it was received (epoch ms). */
export const KEPT_AT = 'x-portal-kept-at';
/** The header of a kept answer served because the network failed. */
export const OFFLINE = 'x-portal-offline';

/** A copy of `response` with `headers` added (its body read once). */
async function withHeaders(response: Response, headers: Record<string, string>) {
  const copy = new Headers(response.headers);
  for (const [name, value] of Object.entries(headers)) copy.set(name, value);
  return new Response(await response.blob(), {
    status: response.status,
    statusText: response.statusText,
    headers: copy,
  });
}

/** The answer as kept: stamped with when it was received. */
export const stamped = (response: Response, at: number) =>
  withHeaders(response, { [KEPT_AT]: String(at) });

/** A kept answer served offline: marked so, the page shows 离线 with its time. */
export const servedOffline = (kept: Response) => withHeaders(kept, { [OFFLINE]: '1' });
