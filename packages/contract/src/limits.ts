/**
 * Largest id a request may name: ids are PostgreSQL `integer` keys, and a larger number there is
 * an error of the database, not a missing row.
 */
export const ID_MAX = 2_147_483_647;
/** Largest `size` a list endpoint accepts. */
export const LIST_MAX_SIZE = 50;
/** Largest JSON or form body the server reads, in bytes. */
export const JSON_BODY_LIMIT = 1024 * 1024;
/** Largest multipart body (all files of one request), in bytes. */
export const MULTIPART_BODY_LIMIT = 20 * 1024 * 1024;
/** Room for a multipart form's boundaries and text fields beside a file of the largest size. */
export const MULTIPART_FORM_OVERHEAD = 1024 * 1024;
/** A size limit as people read it: `20 MB`, `300 MB`, `2 GB`. */
export function sizeText(bytes: number): string {
  const gigabyte = 1024 * 1024 * 1024;
  if (bytes >= gigabyte && bytes % gigabyte === 0) return `${bytes / gigabyte} GB`;
  return `${Math.round(bytes / 1024 / 1024)} MB`;
}
/** Request time-out of the web client, in milliseconds (spec section 9). */
export const REQUEST_TIMEOUT_MS = 15_000;
/** Username: a mainland mobile number. */
export const USERNAME_PATTERN = /^1[3-9]\d{9}$/;
/** A mainland mobile number in a form (e.g. a class signup's 手机号). */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
/** Longest text answer of a class signup form, in characters. */
export const SIGNUP_TEXT_MAX = 100;
/** Range of a number answer of a class signup form (ages, head counts). */
export const SIGNUP_NUMBER_MIN = 1;
export const SIGNUP_NUMBER_MAX = 120;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;
export const NICKNAME_MAX = 20;
/** Largest avatar upload, in bytes. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/**
 * Least time between opening an article and reporting its end that counts as reading it (the
 * server refuses a sooner report; the page waits this long before sending one).
 */
export const ARTICLE_READ_MIN_SECONDS = 10;
