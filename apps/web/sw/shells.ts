/**
 * Each site's shell in the service worker's cache: the latest page of the site, kept under
 * `/__shell__<prefix>/` where `<prefix>` is the site's address prefix the server names in
 * `X-Portal-Prefix` (empty for the root site, `/xuhui` for another).
 */

/** A page of the portal worth keeping: a whole HTML answer naming its site's prefix. */
export function isPortalPage(response: Response): boolean {
  return (
    response.status === 200 &&
    (response.headers.get('content-type') ?? '').startsWith('text/html') &&
    response.headers.has('x-portal-prefix')
  );
}

/** The cache key of the shell a page's answer is kept as. */
export function shellOf(response: Response, origin: string): string {
  const prefix = response.headers.get('x-portal-prefix') ?? '';
  return new URL(`/__shell__${/^\/[a-z0-9-]+$/.test(prefix) ? prefix : ''}/`, origin).href;
}

/** The prefixes of the sites other than the root one, as the server names them (`/xuhui,…`). */
export function sitePrefixes(response: Response): string[] {
  return (response.headers.get('x-portal-sites') ?? '')
    .split(',')
    .filter((prefix) => /^\/[a-z0-9-]+$/.test(prefix));
}

/**
 * The shell that can start the app at `url`: the one of the site whose prefix its first segment
 * is (among `prefixes`, the sites known), else the root site's.
 */
export function shellKey(url: string, origin: string, prefixes: readonly string[]): string {
  const first = `/${new URL(url, origin).pathname.split('/')[1] ?? ''}`;
  return new URL(`/__shell__${prefixes.includes(first) ? first : ''}/`, origin).href;
}
