import { ErrorCode } from '@portal/contract/constants';
import { plainToast, withFeedbackKit } from '@/platform/feedback.ts';
import { loginCheck } from '@/platform/login-check.ts';
import {
  ApiError,
  type FailurePolicy,
  NotLoggedInError,
  type RequestFailure,
} from '@/platform/request.ts';
import { clearLogin } from '@/platform/session.ts';
import { basePath } from '@/platform/site-config.ts';

/** How long an error toast stays (spec section 9). */
export const TOAST_DURATION_MS = 2000;

/** A centred toast of the spec's duration; `afterClose` runs once it has gone. */
export function showToast(content: string, afterClose?: () => void) {
  withFeedbackKit(
    ({ Toast }) =>
      Toast.show({ content, position: 'center', duration: TOAST_DURATION_MS, afterClose }),
    () => plainToast(content, afterClose),
  );
}

/**
 * The address a failure's `data` names (ARCHITECTURE.md: "go and bind your phone first"): an
 * http(s) URL or a path on this site; anything else (a `javascript:` URL, an object) is none.
 */
export function followUpAddress(data: unknown, origin = window.location.origin): URL | null {
  if (typeof data !== 'string' || data.trim() === '') return null;
  const text = data.trim();
  if (!/^https?:\/\//i.test(text) && !(text.startsWith('/') && !text.startsWith('//'))) return null;
  try {
    return new URL(text, origin);
  } catch {
    return null;
  }
}

/**
 * The error catalogue of spec section 8, set once on the request layer: 301 forgets the login
 * and runs the login check (no toast); other codes show the server's message in a centred toast
 * and then go to a follow-up address when `data` holds one; a network or HTTP failure shows
 * 网络异常. A POST refused for want of a login runs the login check.
 */
export function createFailurePolicy(navigate: (path: string) => void): FailurePolicy {
  const goTo = (url: URL) => {
    const inApp = url.origin === window.location.origin && url.pathname.startsWith(basePath);
    if (inApp) navigate(url.pathname.slice(basePath.length) + url.search + url.hash);
    else window.location.assign(url.href);
  };
  let pending: string | null = null;
  /**
   * The toast, then the address once the toast has been on screen for its full duration: a later
   * toast closes this one early (antd-mobile shows one at a time), and the address still waits.
   * The same address asked for twice is visited once.
   */
  const showThenGo = (text: string, url: URL) => {
    if (pending === url.href) return;
    pending = url.href;
    const shownAt = Date.now();
    showToast(text, () => {
      const left = TOAST_DURATION_MS - (Date.now() - shownAt);
      setTimeout(
        () => {
          pending = null;
          goTo(url);
        },
        Math.max(0, left),
      );
    });
  };
  return (failure: RequestFailure) => {
    if (failure instanceof NotLoggedInError) {
      if (failure.message) void loginCheck();
      return;
    }
    if (!(failure instanceof ApiError)) {
      showToast('网络异常');
      return;
    }
    if (failure.code === ErrorCode.loginRequired) {
      clearLogin();
      void loginCheck();
      return;
    }
    const text = failure.message || '操作没有成功，请稍后重试';
    const target = followUpAddress(failure.data);
    if (target) showThenGo(text, target);
    else showToast(text);
  };
}
