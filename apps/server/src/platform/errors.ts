import { ErrorCode } from '@portal/contract';

/**
 * A failure the caller should see: answered HTTP 200 with its `code`, `message`
 * and `data` in the envelope. Anything else thrown becomes HTTP 500.
 */
export class AppError extends Error {
  readonly code: number;
  readonly data: unknown;
  /** Sent as the `Retry-After` header (seconds) with a 429: when the caller may try again. */
  readonly retryAfterSeconds: number | undefined;

  constructor(code: number, message: string, data: unknown = null, retryAfterSeconds?: number) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.data = data;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Bad input; `message` names the field in Chinese. */
export const invalid = (message: string) => new AppError(ErrorCode.invalid, message);
/** No valid login for an endpoint that needs one. */
export const loginRequired = (message = '未登录或登录已过期') =>
  new AppError(ErrorCode.loginRequired, message);
export const forbidden = (message = '没有权限进行此操作') =>
  new AppError(ErrorCode.forbidden, message);
/** `what` is the Chinese name of the missing thing, e.g. `课程`. */
export const notFound = (what: string) => new AppError(ErrorCode.notFound, `${what}不存在`);
export const conflict = (message: string) => new AppError(ErrorCode.conflict, message);
/** Too many calls; `retryAfterSeconds` (when known) goes out as the `Retry-After` header. */
export const tooMany = (message = '操作过于频繁，请稍后再试', retryAfterSeconds?: number) =>
  new AppError(ErrorCode.tooMany, message, null, retryAfterSeconds);
/** The caller should go to `url` (e.g. to bind a phone first); the client follows after a toast. */
export const followUp = (url: string, message: string) =>
  new AppError(ErrorCode.followUp, message, url);
