/** The key whose variant has an empty path prefix. */
export const ROOT_SITE_KEY = 'jingan';

/** The path prefix of a site variant: empty for `jingan`, a slash and the key otherwise. */
export function sitePrefix(key: string): string {
  return key === ROOT_SITE_KEY ? '' : `/${key}`;
}

/**
 * The document title of a site variant (spec section 1): the learning network's name for `jingan`;
 * for other site keys the title is not shown (empty).
 */
export function siteTitleOf(config: { siteKey: string; siteName: string }): string {
  return config.siteKey === ROOT_SITE_KEY ? config.siteName : '';
}
