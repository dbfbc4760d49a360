import { describe, expect, it } from 'vitest';
import { applySiteTheme, readSiteConfig, siteTitle } from './site-config.ts';

function docWith(html: string) {
  const doc = document.implementation.createHTMLDocument('t');
  doc.body.innerHTML = html;
  return doc;
}

describe('readSiteConfig', () => {
  it('reads the config the server injected', () => {
    const doc = docWith(
      '<script type="application/json" id="portal-config">{"siteKey":"xuhui","siteName":"徐汇学习网","ssoLoginUrl":"/sso/login","portalUrl":null,"mapTileUrl":null}</script>',
    );
    expect(readSiteConfig(doc)).toMatchObject({ siteKey: 'xuhui', siteName: '徐汇学习网' });
  });

  it('falls back to the default site when there is none or it is broken', () => {
    expect(readSiteConfig(docWith('')).siteKey).toBe('jingan');
    expect(
      readSiteConfig(docWith('<script type="application/json" id="portal-config">{oops</script>'))
        .siteKey,
    ).toBe('jingan');
  });
});

describe('applySiteTheme', () => {
  it("themes the page with the site's colour and ignores a malformed one", () => {
    const doc = docWith('');
    doc.head.innerHTML = '<meta name="theme-color" content="#1664ff">';
    const config = readSiteConfig(doc);
    applySiteTheme({ ...config, themeColor: '#0b7a75' }, doc);
    expect(doc.documentElement.style.getPropertyValue('--portal-primary')).toBe('#0b7a75');
    expect(doc.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe('#0b7a75');
    applySiteTheme({ ...config, themeColor: 'red;background:url(x)' }, doc);
    expect(doc.documentElement.style.getPropertyValue('--portal-primary')).toBe('#0b7a75');
  });
});

describe('siteTitle', () => {
  it("is the network's name on jingan and empty on other variants (spec section 1)", () => {
    const jingan = readSiteConfig(docWith(''));
    expect(siteTitle(jingan)).toBe('静安学习网');
    expect(siteTitle({ ...jingan, siteKey: 'xuhui', siteName: '徐汇学习网' })).toBe('');
  });
});
