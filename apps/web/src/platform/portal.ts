import { isMobileDevice } from './device.ts';
import { siteConfig } from './site-config.ts';

/** `value` as an absolute http(s) address, resolved against `base` when given, else null. */
function httpAddress(value: string | null | undefined, base?: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, base);
    // Never hand `javascript:`, `data:` and the like to location.assign.
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Where the portal helper goes (spec section 4): an absolute http(s) `address`, else the portal
 * host, else null when no portal is configured.
 */
export function portalAddress(
  address?: string,
  portalUrl: string | null = siteConfig.portalUrl,
): string | null {
  return httpAddress(address) ?? httpAddress(portalUrl, window.location.href);
}

export type GoToPortalOptions = {
  /** Whether this is a phone or tablet; the helper does nothing there. */
  mobile?: boolean;
  /** The portal host; defaults to the site config's. */
  portalUrl?: string | null;
  /** Performs the navigation; replaced in tests. */
  assign?: (url: string) => void;
};

/**
 * Sends a desktop browser to the portal host, or to `address` when it is absolute (spec section 4);
 * returns whether it navigated.
 */
export function goToPortal(
  address?: string,
  {
    mobile = isMobileDevice(),
    portalUrl = siteConfig.portalUrl,
    assign = (url) => window.location.assign(url),
  }: GoToPortalOptions = {},
): boolean {
  if (mobile) return false;
  const target = portalAddress(address, portalUrl);
  if (!target) return false;
  assign(target);
  return true;
}
