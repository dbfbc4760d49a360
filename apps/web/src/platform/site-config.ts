import type { PortalConfig } from '@portal/contract';
import { sitePrefix, siteTitleOf } from '@portal/contract/constants';

const FALLBACK: PortalConfig = {
  siteKey: 'jingan',
  siteName: '静安学习网',
  themeColor: '#1664ff',
  ssoLoginUrl: '/sso/login',
  portalUrl: null,
  mapTileUrl: null,
  mapTileDatum: 'gcj02',
  homeEntries: null,
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

/** The page title (spec section 1): the learning network's name for `jingan`, none for others. */
export function siteTitle(config: PortalConfig = siteConfig): string {
  return siteTitleOf(config);
}

/**
 * Themes the app with the site's colour (antd-mobile and the portal's styles derive every shade
 * from `--portal-primary`), and colours the phone's browser bar with it.
 */
export function applySiteTheme(config: PortalConfig = siteConfig, doc: Document = document) {
  if (!/^#[0-9a-f]{6}$/i.test(config.themeColor)) return;
  doc.documentElement.style.setProperty('--portal-primary', config.themeColor);
  doc.querySelector('meta[name="theme-color"]')?.setAttribute('content', config.themeColor);
}
