import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  apiLogin,
  freePort,
  launchChromium,
  type Portal,
  phoneContext,
  startPortal,
  storeLogin,
} from './harness.ts';

/**
 * Two real portals: the learner's, and another whose account center is the network's identity
 * provider (统一身份认证) and trusts the first. A learner binds their account there, signs in
 * with it, and unbinds it.
 */
let portal: Portal;
let provider: Portal;
let browser: Browser;

beforeAll(async () => {
  const [portalPort, providerPort] = [await freePort(), await freePort()];
  const providerUrl = `http://127.0.0.1:${providerPort}`;
  [portal, provider, browser] = await Promise.all([
    startPortal({
      PORT: String(portalPort),
      EXTERNAL_IDP_NAME: '统一身份认证',
      EXTERNAL_IDP_LOGIN_URL: `${providerUrl}/sso/login`,
      EXTERNAL_IDP_VALIDATE_URL: `${providerUrl}/api/sso/validate`,
    }),
    startPortal({
      PORT: String(providerPort),
      SSO_TRUSTED_ORIGINS: `http://127.0.0.1:${portalPort}`,
    }),
    launchChromium(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([portal?.stop(), provider?.stop()]);
});

/** Fills the provider's login form as the person `username` (a demo learner there). */
async function signInAtProvider(page: Page, username: string) {
  await page.waitForURL(`${provider.baseUrl}/sso/login?**`);
  await page.locator('input[name=username]').fill(username);
  await page.locator('input[name=password]').fill('Demo@2026');
  await page.getByRole('button', { name: '登录' }).click();
}

it('binds the identity provider from 绑定账号, signs in with it, and unbinds it', async () => {
  const person = await apiLogin(provider.baseUrl, '13800000002');
  const context = await phoneContext(browser);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await storeLogin(page, portal.baseUrl, await apiLogin(portal.baseUrl, '13800000001'));

  await page.goto(`${portal.baseUrl}/bindSetting`);
  const section = page.locator('section', { hasText: '统一身份认证' }).last();
  await expect.poll(() => section.textContent()).toContain('未绑定');
  await page.getByRole('button', { name: '绑定统一身份认证' }).click();
  await signInAtProvider(page, '13800000002');

  // Back on 绑定账号: bound to the provider's person, and the one-time ticket is off the address.
  await page.waitForURL(`${portal.baseUrl}/bindSetting`);
  await expect.poll(() => page.getByRole('status').textContent()).toBe('已绑定统一身份认证');
  expect(await section.textContent()).toContain(person.userInfo.nickname);
  expect(page.url()).not.toContain('ticket');
  // With two ways in, either may go.
  await page.getByRole('button', { name: '解绑手机号' }).waitFor();

  // Signed out, the learner comes back in through the provider from the login page.
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${portal.baseUrl}/login`);
  await page.waitForURL(`${portal.baseUrl}/sso/login?**`);
  await page.getByRole('link', { name: '使用统一身份认证登录' }).click();
  await signInAtProvider(page, '13800000002');
  await page.waitForURL(`${portal.baseUrl}/index/home`);
  const stored = await page.evaluate(() => localStorage.getItem('userInfo'));
  expect(JSON.parse(stored ?? '{}').phone).toBe('138****0001');

  // 解绑 asks first, then the provider no longer signs this account in.
  await page.goto(`${portal.baseUrl}/bindSetting`);
  await page.getByRole('button', { name: '解绑统一身份认证' }).click();
  await page.getByRole('button', { name: '解绑', exact: true }).click();
  await expect.poll(() => page.getByRole('status').textContent()).toBe('已解绑统一身份认证');
  await expect.poll(() => section.textContent()).toContain('未绑定');
  expect(errors).toEqual([]);
  await context.close();
});
