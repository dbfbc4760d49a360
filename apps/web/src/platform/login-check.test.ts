import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clearAntd, useAntdRender } from '@/testing/antd.ts';
import { LOGIN_CHECK_MESSAGE, loginCheck } from './login-check.ts';
import { StorageKey } from './storage.ts';

beforeAll(useAntdRender);

afterEach(async () => {
  await clearAntd();
  localStorage.clear();
  vi.restoreAllMocks();
});

const buttons = (text: string) =>
  [...document.querySelectorAll<HTMLButtonElement>('.adm-dialog button')].filter((button) =>
    button.textContent?.includes(text),
  );

describe('loginCheck (spec section 4)', () => {
  it('passes at once when a token is stored', async () => {
    localStorage.setItem(StorageKey.token, 't');
    await expect(loginCheck()).resolves.toBe(true);
    expect(document.querySelector('.adm-dialog')).toBeNull();
  });

  it('shows one dialog however often it is asked, and cancel does nothing', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const first = loginCheck();
    const second = loginCheck();
    await vi.waitFor(() => expect(buttons('取消')).toHaveLength(1));
    expect(document.body.textContent).toContain(LOGIN_CHECK_MESSAGE);
    buttons('取消')[0]?.click();
    await expect(first).resolves.toBe(false);
    await expect(second).resolves.toBe(false);
    expect(assign).not.toHaveBeenCalled();
    expect(localStorage.getItem(StorageKey.loginCallBack)).toBeNull();
  });

  it('on confirm saves the address and goes to the login page with the /authPage callback', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const answer = loginCheck();
    await vi.waitFor(() => expect(buttons('去登录')).toHaveLength(1));
    buttons('去登录')[0]?.click();
    await expect(answer).resolves.toBe(false);
    expect(localStorage.getItem(StorageKey.loginCallBack)).toBe(window.location.href);
    const target = new URL(String(assign.mock.calls[0]?.[0]), window.location.origin);
    expect(target.pathname).toBe('/sso/login');
    expect(target.searchParams.get('callback')).toBe(`${window.location.origin}/authPage`);
  });
});
