/** Codes of the response envelope (ARCHITECTURE.md, "The response envelope and error protocol"). */
export const ErrorCode = {
  ok: 0,
  loginRequired: 301,
  invalid: 400,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooMany: 429,
  followUp: 302,
  internal: 500,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
