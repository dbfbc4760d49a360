import { SessionKey, session } from './storage.ts';

/** Records the first address visited in this browsing session, once (spec sections 2 and 3). */
export function recordFirstUrl(href = window.location.href) {
  if (!session.get(SessionKey.firstUrl)) session.set(SessionKey.firstUrl, href);
}
