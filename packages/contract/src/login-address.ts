/**
 * A login page's address with `callback=` added: where the page sends the browser back (with a
 * one-time `?ticket=`) once the person has signed in. Used for the account center and for an
 * external identity provider alike, whose login address may already carry a query.
 */
export function withCallback(loginUrl: string, callback: string): string {
  const separator = loginUrl.includes('?') ? '&' : '?';
  return `${loginUrl}${separator}callback=${encodeURIComponent(callback)}`;
}
