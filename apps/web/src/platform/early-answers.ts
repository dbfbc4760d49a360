import { PICTURE_SIZES, pictureSrcSet } from '@portal/contract/constants';

/**
 * Answers requested by the boot script in `index.html` before the bundle arrives (the token
 * refresh and the landing page's first data), picked up by the request layer: on a phone over
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
  /** The answer's headers (the service worker marks a kept copy served offline). */
  headers?: Promise<Headers>;
}

declare global {
  interface Window {
    /** By API path with its query (`/home`, `/account/refresh-token`); each is taken once. */
    __portalEarly?: Record<string, EarlyAnswer>;
  }
}

/**
 * Sends one early GET to `/api<path>` with the headers every call carries; `images` names, from
 * a successful answer's data, the images to preload at once: the first, the page's largest
 * paint, ahead of everything else; the others (the rest of the first screen) beside the bundle.
 * `sizes` is how wide the page shows them: a picture kept at several widths is preloaded at the
 * one its `<img>` will take.
 */
export function sendEarly(
  path: string,
  headers: Record<string, string>,
  token: string | null,
  shared: boolean,
  images?: (data: never) => readonly (string | null | undefined)[],
  sizes = PICTURE_SIZES.wide as string,
  target: Window = window,
): void {
  target.__portalEarly ??= {};
  const answers = target.__portalEarly;
  const sent = fetch(`/api${path}`, { headers });
  const body = sent.then((response) =>
    response.ok ? response.json() : Promise.reject(new Error(`HTTP ${response.status}`)),
  );
  const answerHeaders = sent.then((response) => response.headers);
  // Nobody may take it (the app failed to start): a failure must not be reported as unhandled.
  body.catch(() => {});
  answerHeaders.catch(() => {});
  if (images) {
    body.then(
      (envelope: { code?: number; data?: never }) => {
        const sources = envelope.code === 0 && envelope.data ? images(envelope.data) : [];
        const wanted = [...new Set(sources)].filter((src): src is string => Boolean(src));
        wanted.forEach((src, index) => {
          const link = target.document.createElement('link');
          link.rel = 'preload';
          link.as = 'image';
          link.href = src;
          const srcset = pictureSrcSet(src);
          if (srcset) {
            link.setAttribute('imagesrcset', srcset);
            link.setAttribute('imagesizes', sizes);
          }
          if (index === 0) link.setAttribute('fetchpriority', 'high');
          target.document.head.append(link);
        });
      },
      () => {},
    );
  }
  answers[path] = { token, shared, body, headers: answerHeaders };
}

/** Tokens replaced by a refresh (old -> new): the same login, so its early answers still hold. */
const rotations = new Map<string, string>();

/** Notes that a token refresh replaced `from` by `to` (same learner, new token). */
export function noteTokenRotation(from: string, to: string): void {
  rotations.set(from, to);
}

/**
 * The early answer for `path`, once: when it is shared, or was sent with the login the app holds
 * now (the same token, or the one a refresh replaced by it); null when there is none (the app
 * then sends the request itself).
 */
export function takeEarlyAnswer(
  path: string,
  token: string | null,
  target: Window = window,
  onHeaders?: (headers: Headers) => void,
): Promise<unknown> | null {
  const answers = target.__portalEarly;
  const early = answers?.[path];
  if (!answers || !early) return null;
  delete answers[path];
  const sameLogin =
    early.token === token || (early.token !== null && rotations.get(early.token) === token);
  if (!(early.shared || sameLogin)) return null;
  if (onHeaders) early.headers?.then(onHeaders, () => {});
  return early.body;
}
