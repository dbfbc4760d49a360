import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, type Portal, phoneContext, startPortal, tabLink } from './harness.ts';

let portal: Portal;
let browser: Browser;

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('logging in through the account center on a phone', () => {
  it('logs in with the demo account, comes back logged in, survives a reload and logs out', async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(`${portal.baseUrl}/index/home`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('静安学习网');
    expect(await page.title()).toBe('静安学习网');

    await page.getByRole('link', { name: '登录 / 注册' }).click();
    await page.waitForURL(/\/sso\/login\?callback=/);
    expect(new URL(page.url()).searchParams.get('callback')).toBe(`${portal.baseUrl}/authPage`);
    await page.locator('input[name=username]').fill('13800000001');
    await page.locator('input[name=password]').fill('Demo@2026');
    await page.getByRole('button', { name: '登录' }).click();

    await page.waitForURL(`${portal.baseUrl}/index/home`);
    await expect(page.getByText('您好，王秀兰').waitFor()).resolves.toBeUndefined();
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(
      await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}').phone),
    ).toBe('138****0001');
    expect(await page.evaluate(() => localStorage.getItem('loginCallBack'))).toBeNull();

    // A reload refreshes the token (start-up, spec section 4) and stays logged in.
    await page.reload();
    await page.getByText('您好，王秀兰').waitFor();
    const rotated = await page.evaluate(() => localStorage.getItem('token'));
    expect(rotated).not.toBe(token);

    // Logout lives in the mine area: a second tap confirms it (no pop-up).
    await tabLink(page, '我的').click();
    await page.waitForURL(`${portal.baseUrl}/index/userInfo`);
    await page.getByRole('heading', { name: '王秀兰' }).waitFor();
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.getByRole('button', { name: '确认退出登录' }).click();
    await page.waitForURL(`${portal.baseUrl}/index/home`);
    await page.getByRole('link', { name: '登录 / 注册' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    const me = await fetch(`${portal.baseUrl}/api/account/me`, {
      headers: { authorization: `Bearer ${rotated}` },
    });
    expect((await me.json()).code).toBe(301);
    await context.close();
  });

  it('returns to the variant it started from, with the variant prefix', async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(`${portal.baseUrl}/xuhui/index/home`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('徐汇学习网');
    await page.getByRole('link', { name: '登录 / 注册' }).click();
    await page.waitForURL(/\/sso\/login/);
    expect(await page.locator('.brand').textContent()).toContain('徐汇学习网');
    await page.locator('input[name=username]').fill('13800000002');
    await page.locator('input[name=password]').fill('Demo@2026');
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL(`${portal.baseUrl}/xuhui/index/home`);
    await page.getByText('您好，李建国').waitFor();
    await context.close();
  });

  it('shows the error and a way back when the password is wrong', async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(
      `${portal.baseUrl}/sso/login?callback=${encodeURIComponent(`${portal.baseUrl}/authPage`)}`,
    );
    await page.locator('input[name=username]').fill('13800000001');
    await page.locator('input[name=password]').fill('wrong-password');
    await page.getByRole('button', { name: '登录' }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toBe('手机号或密码错误');
    expect(await page.locator('input[name=username]').inputValue()).toBe('13800000001');
    await context.close();
  });
});
