import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchChromium,
  NEW_LEARNER_PASSWORD,
  type Portal,
  phoneContext,
  registerInBrowser,
  startPortal,
  tabLink,
} from './harness.ts';

let portal: Portal;
let browser: Browser;

beforeAll(async () => {
  // CODE_SENDER=file: the server appends each verification code to DATA_DIR/sent-codes.log,
  // which only this test reads (nothing serves it).
  [portal, browser] = await Promise.all([startPortal({ CODE_SENDER: 'file' }), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const PASSWORD = NEW_LEARNER_PASSWORD;
let phoneSerial = 0;
const freshPhone = () => {
  phoneSerial += 1;
  return `1391234${String(5000 + phoneSerial).padStart(4, '0')}`;
};

/** Logs `phone` in through the account center in the page's browser. */
async function loginInBrowser(page: Page, phone: string, password = PASSWORD) {
  const callback = encodeURIComponent(`${portal.baseUrl}/authPage`);
  await page.goto(`${portal.baseUrl}/sso/login?callback=${callback}`);
  await page.locator('input[name=username]').fill(phone);
  await page.locator('input[name=password]').fill(password);
  await page.getByRole('button', { name: '登录' }).click();
  await page.waitForURL(`${portal.baseUrl}/index/home`);
}

/** From the tab bar: 我的, then 账号设置. */
async function openAccountSettings(page: Page) {
  await tabLink(page, '我的').click();
  await page.waitForURL(`${portal.baseUrl}/index/userInfo`);
  await page.getByRole('link', { name: '账号设置' }).click();
  await page.waitForURL(`${portal.baseUrl}/accountSetting`);
  await page.getByRole('heading', { name: '个人资料' }).waitFor();
}

/** What the page's stored token gets from `/api/account/me`. */
const meCode = (page: Page) =>
  page.evaluate(async () => {
    const answer = await fetch('/api/account/me', {
      headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    return ((await answer.json()) as { code: number }).code;
  });

/** The latest code the server's file sender wrote for `phone`. */
function sentCode(phone: string): string {
  const lines = fs
    .readFileSync(path.join(portal.dataDir, 'sent-codes.log'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { phone: string; code: string });
  const found = lines.findLast((line) => line.phone === phone);
  if (!found) throw new Error(`no code for ${phone}`);
  return found.code;
}

describe('the account settings on a phone', () => {
  it('changes the nickname and the avatar, then the password, which signs the other phone out', async () => {
    const phone = freshPhone();
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await registerInBrowser(page, portal.baseUrl, phone);
    const otherContext = await phoneContext(browser);
    const other = await otherContext.newPage();
    await loginInBrowser(other, phone);

    await openAccountSettings(page);
    const nickname = page.getByLabel('昵称');
    await nickname.fill('张阿姨');
    await page.getByRole('button', { name: '保存昵称' }).click();
    await page.getByRole('status').filter({ hasText: '昵称已保存' }).waitFor();

    const png = await sharp({
      create: { width: 320, height: 200, channels: 3, background: '#e06c3c' },
    })
      .png()
      .toBuffer();
    await page.getByLabel('更换头像').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: png,
    });
    await page.getByRole('status').filter({ hasText: '头像已更新' }).waitFor();
    const avatar = page.locator('.account-avatar img');
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);
    expect(await avatar.getAttribute('src')).toMatch(/^\/files\/avatars\/[\w-]{22}\.webp$/);

    // Two devices are listed; this one is 本机.
    await page.getByText('本机', { exact: true }).waitFor();
    await expect.poll(() => page.locator('.account-device').count()).toBe(2);

    await page.getByLabel('原密码').fill('Wrong2026x');
    await page.getByLabel('新密码', { exact: true }).fill('Fresh2026y');
    await page.getByLabel('确认新密码').fill('Fresh2026y');
    await page.getByRole('button', { name: '修改密码' }).click();
    await page.getByRole('alert').filter({ hasText: '原密码不正确' }).waitFor();
    expect(await meCode(other)).toBe(0);

    await page.getByLabel('原密码').fill(PASSWORD);
    await page.getByRole('button', { name: '修改密码' }).click();
    await page.getByRole('status').filter({ hasText: '密码已修改' }).waitFor();
    expect(await meCode(other)).toBe(301);
    expect(await meCode(page)).toBe(0);
    await expect.poll(() => page.locator('.account-device').count()).toBe(1);

    // 我的 shows the new name and picture.
    await page.goBack();
    await page.getByRole('heading', { name: '张阿姨' }).waitFor();
    expect(await page.locator('.mine-avatar img').getAttribute('src')).toMatch(/\.webp$/);
    await otherContext.close();
    await context.close();
  });

  it('binds a new phone with the code sent to it, from 账号设置 to 绑定账号', async () => {
    const phone = freshPhone();
    const next = freshPhone();
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await registerInBrowser(page, portal.baseUrl, phone);
    await openAccountSettings(page);
    await page.getByRole('link', { name: /绑定账号/ }).click();
    await page.waitForURL(`${portal.baseUrl}/bindSetting`);
    await page.getByText(`${phone.slice(0, 3)}****${phone.slice(7)}`).waitFor();
    await page.getByText('未接入', { exact: true }).waitFor();

    await page.getByRole('button', { name: '更换手机号' }).click();
    await page.getByLabel('新手机号').fill(next);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByRole('button', { name: /秒后重发/ }).waitFor();
    const code = sentCode(next);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await page.getByLabel('验证码').fill(wrong);
    await page.getByRole('button', { name: '确认绑定' }).click();
    await page.getByRole('alert').filter({ hasText: '验证码错误，还可以再试 4 次' }).waitFor();
    await page.getByLabel('验证码').fill(code);
    await page.getByRole('button', { name: '确认绑定' }).click();
    await page.getByRole('status').filter({ hasText: '手机号已绑定' }).waitFor();
    await page.getByText(`${next.slice(0, 3)}****${next.slice(7)}`).waitFor();

    // The new number is the login name now.
    const fresh = await phoneContext(browser);
    const again = await fresh.newPage();
    await loginInBrowser(again, next);
    expect(await meCode(again)).toBe(0);
    await fresh.close();
    await context.close();
  });

  it('deletes a throwaway account after the password is typed: logged out, and it cannot log in again', async () => {
    const phone = freshPhone();
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await registerInBrowser(page, portal.baseUrl, phone);
    await openAccountSettings(page);
    await page.getByRole('button', { name: '注销账号' }).click();
    await page.getByLabel('输入登录密码确认注销').fill('Wrong2026x');
    await page.getByRole('button', { name: '确认注销账号' }).click();
    await page.getByRole('alert').filter({ hasText: '密码不正确，账号未注销' }).waitFor();
    const token = await page.evaluate(() => localStorage.getItem('token'));

    await page.getByLabel('输入登录密码确认注销').fill(PASSWORD);
    await page.getByRole('button', { name: '确认注销账号' }).click();
    await page.waitForURL(`${portal.baseUrl}/index/home`);
    await page.getByRole('link', { name: '登录 / 注册' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    const me = await fetch(`${portal.baseUrl}/api/account/me`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await me.json()) as { code: number }).code).toBe(301);

    const login = await fetch(`${portal.baseUrl}/sso/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        username: phone,
        password: PASSWORD,
        callback: `${portal.baseUrl}/authPage`,
      }),
    });
    expect(login.status).toBe(401);
    await context.close();
  });
});
