/**
 * Answers requested by the boot script in `index.html` before the bundle arrives (the token
 * refresh and the landing page's public data), picked up by the request layer: on a phone over
 * 4G they are back by the time the app starts instead of being sent only then.
 */

/** One GET the boot script sent. */
export interface EarlyAnswer {
  /** The token it carried (null for a visitor). */
  token: string | null;
  /** The answer is the same for everyone: it serves the app whatever token it holds by then. */
  shared: boolean;
  /** The parsed body; rejects when the request failed on the way. */
  body: Promise<unknown>;
}

declare global {
  interface Window {
    /** By API path with its query (`/home`, `/account/refresh-token`); each is taken once. */
    __portalEarly?: Record<string, EarlyAnswer>;
  }
}

/** Sends one early GET to `/api<path>` with the headers every call carries. */
export function sendEarly(
  path: string,
  headers: Record<string, string>,
  token: string | null,
  shared: boolean,
  target: Window = window,
): void {
  target.__portalEarly ??= {};
  const answers = target.__portalEarly;
  const body = fetch(`/api${path}`, { headers }).then((response) =>
    response.ok ? response.json() : Promise.reject(new Error(`HTTP ${response.status}`)),
  );
  // Nobody may take it (the app failed to start): a failure must not be reported as unhandled.
  body.catch(() => {});
  answers[path] = { token, shared, body };
}

/**
 * The early answer for `path`, once: when it was sent with the token now stored, or is shared;
 * null when there is none (the app then sends the request itself).
 */
export function takeEarlyAnswer(
  path: string,
  token: string | null,
  target: Window = window,
): Promise<unknown> | null {
  const answers = target.__portalEarly;
  const early = answers?.[path];
  if (!answers || !early) return null;
  delete answers[path];
  return early.shared || early.token === token ? early.body : null;
}
