import { Toast } from 'antd-mobile';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadFeedbackKit } from '@/platform/feedback.ts';
import { ApiError, NetworkError, NotLoggedInError } from '@/platform/request.ts';
import { StorageKey } from '@/platform/storage.ts';
import { clearAntd, useAntdRender } from '@/testing/antd.ts';
import { createFailurePolicy, followUpAddress, TOAST_DURATION_MS } from './failure-policy.ts';

const ORIGIN = 'https://learn.example.cn';

beforeAll(async () => {
  useAntdRender();
  // The app loads the pop-ups after its first screen; here they are loaded up front.
  await loadFeedbackKit();
});

afterEach(async () => {
  vi.useRealTimers();
  await clearAntd();
  localStorage.clear();
  vi.restoreAllMocks();
});

/** The text of the toast on screen, if any. */
const toastText = () => document.querySelector('.adm-toast-main')?.textContent ?? null;
const dialogs = () => document.querySelectorAll('.adm-dialog-body').length;

async function settle() {
  await vi.waitFor(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('followUpAddress', () => {
  it('takes http(s) URLs and paths on this site, and nothing else', () => {
    expect(followUpAddress('https://sso.example.cn/bind', ORIGIN)?.href).toBe(
      'https://sso.example.cn/bind',
    );
    expect(followUpAddress('/bindSetting?from=class', ORIGIN)?.href).toBe(
      `${ORIGIN}/bindSetting?from=class`,
    );
    for (const data of [
      'javascript:alert(1)',
      '//evil.example/x',
      'bindSetting',
      '',
      null,
      3,
      {},
    ]) {
      expect(followUpAddress(data, ORIGIN)).toBeNull();
    }
  });
});

describe('the failure policy (spec section 8)', () => {
  it('shows the server message in a centred toast for any other code', async () => {
    const show = vi.spyOn(Toast, 'show');
    createFailurePolicy(vi.fn())(new ApiError(409, '名额已满', null));
    await vi.waitFor(() => expect(toastText()).toBe('名额已满'));
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({
        content: '名额已满',
        position: 'center',
        duration: TOAST_DURATION_MS,
      }),
    );
    expect(toastText()).toBe('名额已满');
    expect(TOAST_DURATION_MS).toBe(2000);
  });

  it('goes to the follow-up address once the toast has been shown its full time', () => {
    vi.useFakeTimers();
    const show = vi.spyOn(Toast, 'show').mockImplementation(() => ({ close: () => {} }));
    const navigate = vi.fn();
    const policy = createFailurePolicy(navigate);
    policy(new ApiError(302, '请先绑定手机号', '/bindSetting?from=x'));
    // The same follow-up again (two calls failing alike): one visit.
    policy(new ApiError(302, '请先绑定手机号', '/bindSetting?from=x'));
    expect(show).toHaveBeenCalledTimes(1);
    const options = show.mock.calls[0]?.[0];
    expect(options).toMatchObject({ content: '请先绑定手机号', duration: TOAST_DURATION_MS });
    if (typeof options !== 'object' || !options.afterClose) throw new Error('no afterClose');
    // Closed early by a later toast: the address still waits out the 2000 ms.
    vi.advanceTimersByTime(300);
    options.afterClose();
    vi.advanceTimersByTime(1600);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/bindSetting?from=x');
  });

  it('shows 网络异常 for a network or HTTP failure', async () => {
    createFailurePolicy(vi.fn())(new NetworkError(new TypeError('offline')));
    await vi.waitFor(() => expect(toastText()).toBe('网络异常'));
  });

  it('on 301 forgets the login and shows the login dialog once, with no toast', async () => {
    localStorage.setItem(StorageKey.token, 't');
    localStorage.setItem(StorageKey.userInfo, '{}');
    const policy = createFailurePolicy(vi.fn());
    policy(new ApiError(301, '登录已过期', null));
    policy(new ApiError(301, '登录已过期', null));
    await vi.waitFor(() => expect(dialogs()).toBe(1));
    await settle();
    expect(localStorage.getItem(StorageKey.token)).toBeNull();
    expect(localStorage.getItem(StorageKey.userInfo)).toBeNull();
    expect(dialogs()).toBe(1);
    expect(document.body.textContent).toContain('您还未登录或登录已过期');
    expect(toastText()).toBeNull();
  });

  it('runs the login check for a POST refused for want of a login, and ignores a GET', async () => {
    const policy = createFailurePolicy(vi.fn());
    policy(new NotLoggedInError(''));
    await settle();
    expect(dialogs()).toBe(0);
    policy(new NotLoggedInError('未登录'));
    await vi.waitFor(() => expect(dialogs()).toBe(1));
    expect(toastText()).toBeNull();
  });
});
