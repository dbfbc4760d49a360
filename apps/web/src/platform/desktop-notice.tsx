import { type MouseEvent, useMemo } from 'react';
import { renderSVG } from 'uqr';
import { goToPortal, portalAddress } from './portal.ts';
import { siteConfig } from './site-config.ts';
import './desktop-notice.css';

export type DesktopNoticeProps = {
  siteName?: string;
  /** The desktop portal host; no link is shown without one. */
  portalUrl?: string | null;
  /** The address the QR code opens. */
  href?: string;
};

function qrDataUrl(text: string): string {
  const svg = renderSVG(text, { ecc: 'M', border: 2 });
  return `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
}

/** What other devices see instead of the app (spec section 1): a notice and a QR code of this page. */
export function DesktopNotice({
  siteName = siteConfig.siteName,
  portalUrl = siteConfig.portalUrl,
  href = window.location.href,
}: DesktopNoticeProps) {
  const qr = useMemo(() => qrDataUrl(href), [href]);
  const portal = portalAddress(undefined, portalUrl);

  function handlePortalClick(event: MouseEvent<HTMLAnchorElement>) {
    // Leave modified clicks (new tab, new window) to the browser.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    if (goToPortal(undefined, { mobile: false, portalUrl })) event.preventDefault();
  }

  return (
    <main className="desktop-notice">
      <section className="desktop-notice-card" aria-labelledby="desktop-notice-title">
        <h1 id="desktop-notice-title" className="desktop-notice-title">
          {siteName}
        </h1>
        <p className="desktop-notice-text">本站为移动版学习网，请使用手机或平板访问。</p>
        <img className="desktop-notice-qr" src={qr} alt="本页二维码" width={200} height={200} />
        <p className="desktop-notice-hint">用手机扫描二维码打开本页</p>
        {portal && (
          <a className="desktop-notice-link" href={portal} onClick={handlePortalClick}>
            前往电脑版学习网
          </a>
        )}
      </section>
    </main>
  );
}
