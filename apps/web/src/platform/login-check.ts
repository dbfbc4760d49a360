import { loadFeedbackKit } from './feedback.ts';
import { goToLogin, isLoggedIn } from './session.ts';

/** The dialog's text (spec sections 4 and 8: not logged in, or the login has expired). */
export const LOGIN_CHECK_MESSAGE = '您还未登录或登录已过期，请先登录';

let open: Promise<boolean> | null = null;

/**
 * The login check (spec section 4): true when a token is stored; otherwise a confirmation dialog,
 * whose confirm saves the current address under `loginCallBack` and goes to the login page, and
 * whose cancel does nothing. Only one dialog is shown at a time: a second check while it is open
 * waits for the same answer.
 */
export function loginCheck(): Promise<boolean> {
  if (isLoggedIn()) return Promise.resolve(true);
  open ??= loadFeedbackKit()
    .then(({ Dialog }) =>
      Dialog.confirm({
        title: '提示',
        content: LOGIN_CHECK_MESSAGE,
        confirmText: '去登录',
        cancelText: '取消',
      }),
    )
    .then((confirmed) => {
      if (confirmed) goToLogin();
      return false;
    })
    .finally(() => {
      open = null;
    });
  return open;
}
