/** The key whose variant has an empty path prefix. */
export const ROOT_SITE_KEY = 'jingan';

/** The path prefix of a site variant: empty for `jingan`, a slash and the key otherwise. */
export function sitePrefix(key: string): string {
  return key === ROOT_SITE_KEY ? '' : `/${key}`;
}
