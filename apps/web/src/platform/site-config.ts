import type { PortalConfig } from '@portal/contract';
import { sitePrefix } from '@portal/contract/constants';

const FALLBACK: PortalConfig = {
  siteKey: 'jingan',
  siteName: '静安学习网',
  ssoLoginUrl: '/sso/login',
  portalUrl: null,
  mapTileUrl: null,
};

/**
 * The runtime site config the server injects as `#portal-config` (ARCHITECTURE.md, URLs).
 * The Vite dev server has none, so it falls back to the default site.
 */
export function readSiteConfig(doc: Document = document): PortalConfig {
  const text = doc.getElementById('portal-config')?.textContent;
  if (!text) return FALLBACK;
  try {
    const parsed = JSON.parse(text) as Partial<PortalConfig>;
    return { ...FALLBACK, ...parsed };
  } catch {
    return FALLBACK;
  }
}

export const siteConfig: PortalConfig = readSiteConfig();

/** The router basename of this site variant: '' for jingan, `/<key>` otherwise. */
export const basePath = sitePrefix(siteConfig.siteKey);

/**
 * The page title (spec section 1): the learning network's name for `jingan`. The spec leaves the
 * other variants open; they show their own site name the same way.
 */
export function siteTitle(config: PortalConfig = siteConfig): string {
  return config.siteName;
}
