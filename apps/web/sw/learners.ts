/**
 * Whose API answers are whose, in the service worker (issue 32): each learner's kept answers are
 * in a cache of their own, named after the learner's line of tokens. A token is known by its
 * SHA-256; a login starts a new line (and the other learners' caches are dropped: one learner
 * at a time on a phone), each rotation of the token continues its line, and a logout drops
 * every learner's cache. A visitor's answers (no token) are the visitors' cache.
 */

/** The line of tokens each token (by its hash) belongs to; the latest few tokens only. */
export interface TokenLines {
  lines: Record<string, string>;
}

/** How many tokens are remembered (a rotation per start: a few are plenty). */
const REMEMBERED = 8;

/** The prefix of every cache of kept API answers. */
export const ANSWERS_PREFIX = 'portal-api-';
/** The visitors' cache. */
export const VISITOR_CACHE = `${ANSWERS_PREFIX}visitor`;

/** The cache of a token's line (a line is named after its first token's hash). */
export const cacheOfLine = (line: string) => `${ANSWERS_PREFIX}${line}`;

/** The line of a token, or null for a token never seen (a login the worker did not see). */
export const lineOf = (lines: TokenLines, hash: string): string | null => lines.lines[hash] ?? null;

/** The lines after a new token: a rotation of `from` continues its line; else a new line. */
export function withToken(lines: TokenLines, hash: string, from: string | null): TokenLines {
  const line = (from && lines.lines[from]) || hash;
  const entries = Object.entries({ ...lines.lines, [hash]: line });
  return { lines: Object.fromEntries(entries.slice(-REMEMBERED)) };
}

/** The caches of learners other than the one of `line` (all of them for null). */
export function othersCaches(cacheNames: readonly string[], line: string | null): string[] {
  return cacheNames.filter(
    (name) =>
      name.startsWith(ANSWERS_PREFIX) &&
      name !== VISITOR_CACHE &&
      (line === null || name !== cacheOfLine(line)),
  );
}

/** The SHA-256 of a token, in hex. */
export async function hashOf(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
