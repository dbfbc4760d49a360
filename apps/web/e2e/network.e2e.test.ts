import type { CDPSession, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin, phoneSuite, storeLogin } from './harness.ts';

const suite = phoneSuite();

/**
 * What a phone may download on home until the network is idle: scripts, on the wire (issue 27;
 * `scripts/check-bundle.mjs` holds the build to the same figure).
 */
const HOME_JS_UNTIL_IDLE = 150 * 1024;

interface Seen {
  url: string;
  type: string;
  /** Where the request came from: the document's own HTML or inline script, or a script file. */
  initiator: string;
  /** Bytes on the wire (headers and compressed body). */
  bytes: number;
}

/** Records every request of the page through the DevTools protocol, as Lighthouse counts them. */
async function recordNetwork(page: Page) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const seen = new Map<string, Seen>();
  cdp.on('Network.requestWillBeSent', (event) => {
    const frame = event.initiator.stack?.callFrames[0]?.url ?? event.initiator.url ?? '';
    seen.set(event.requestId, {
      url: new URL(event.request.url).pathname,
      type: event.type ?? 'Other',
      initiator: `${event.initiator.type} ${frame ? new URL(frame).pathname : ''}`.trim(),
      bytes: 0,
    });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const request = seen.get(event.requestId);
    if (request) request.bytes = event.encodedDataLength;
  });
  return () => [...seen.values()];
}

describe('what a phone downloads', () => {
  it('opens home with at most 150 KB of script until the network is idle', async () => {
    const { page } = await suite.open();
    const requests = await recordNetwork(page);
    await page.goto(suite.url('/index/home'), { waitUntil: 'networkidle' });
    await page.getByRole('region', { name: '精选推荐' }).waitFor();
    await page.waitForLoadState('networkidle');
    const scripts = requests().filter((request) => request.type === 'Script');
    const js = scripts.reduce((total, request) => total + request.bytes, 0);
    console.log(`home: ${scripts.length} scripts, ${(js / 1024).toFixed(1)} KB until idle`);
    expect(js).toBeGreaterThan(50 * 1024);
    expect(js).toBeLessThanOrEqual(HOME_JS_UNTIL_IDLE);
    // Nothing the visitor has not asked for: the pop-up kit waits for the first touch.
    expect(scripts.map((request) => request.url).join(' ')).not.toMatch(/feedback-kit|toast/);
    // Armed before the touch: on a busy machine the kit can arrive before a later listener.
    const kit = page.waitForResponse((response) => /feedback-kit/.test(response.url()));
    await page.mouse.click(5, 300);
    await kit;
  });

  it('asks for the token refresh, the home data and the first banner from the HTML, once each', async () => {
    const login = await apiLogin(suite.portal.baseUrl);
    const { page } = await suite.open();
    await storeLogin(page, suite.portal.baseUrl, login);
    const requests = await recordNetwork(page);
    await page.goto(suite.url('/index/home'));
    await page.getByRole('region', { name: '精选推荐' }).waitFor();
    await page.waitForLoadState('networkidle');
    const of = (path: string) => requests().filter((request) => request.url === path);
    // From the boot script inlined in the page (initiator: the page itself), not from a bundle.
    for (const path of ['/api/account/refresh-token', '/api/home']) {
      expect(
        of(path).map((request) => request.initiator),
        path,
      ).toEqual(['script /index/home']);
    }
    // The first banner image is named by the HTML for preloading, and shown from that download.
    const banner = await page.locator('.home-banner img').first().getAttribute('src');
    expect(banner).toBeTruthy();
    expect(of(banner ?? '').map((request) => request.initiator)).toEqual(['parser /index/home']);
    // The home page's chunk is preloaded by the boot script beside the entry's, and used.
    const preloaded = await page
      .locator('link[rel="modulepreload"][href*="/assets/home-page-"]')
      .getAttribute('href');
    expect(requests().filter((request) => request.url === preloaded)).toHaveLength(1);
    // The early refresh was taken: the learner is still logged in, with a new token.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    expect(token).not.toBe(login.token);
  });
});
