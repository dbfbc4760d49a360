import type { FastifyInstance } from 'fastify';
import { body, loginAs, ssoTicket } from './test-app.ts';

export const TEST_PASSWORD = 'Learn2026x';

let counter = 0;

/** A fresh, unused mobile number (`137` + 8 digits; seeded learners use 138 and 139). */
export function newPhone(): string {
  counter += 1;
  const tail = (Date.now() % 100_000) * 1000 + counter;
  return `137${String(tail).padStart(8, '0').slice(-8)}`;
}

/** Registers a throwaway learner (as the account center does) and logs in with a phone UA. */
export async function registerLearner(app: FastifyInstance, phone = newPhone()) {
  const id = await app.accounts.register({ username: phone, password: TEST_PASSWORD });
  const token = await loginAs(app, phone, TEST_PASSWORD);
  return { id, phone, token };
}

export const bearer = (token: string, userAgent?: string) => ({
  authorization: `Bearer ${token}`,
  ...(userAgent ? { 'user-agent': userAgent } : {}),
});

/** POSTs JSON as the learner holding `token`; answers the parsed envelope. */
export async function postAs<T = unknown>(
  app: FastifyInstance,
  token: string | null,
  url: string,
  payload: unknown = {},
) {
  const response = await app.inject({
    method: 'POST',
    url,
    headers: token ? bearer(token) : {},
    payload: payload as Record<string, unknown>,
  });
  return body<T>(response);
}

/** GETs as the learner holding `token`; answers the parsed envelope. */
export async function getAs<T = unknown>(app: FastifyInstance, token: string | null, url: string) {
  return body<T>(await app.inject({ url, headers: token ? bearer(token) : {} }));
}

/** Logs `phone` in again from a browser with `userAgent` (another device). */
export async function loginFrom(
  app: FastifyInstance,
  phone: string,
  userAgent: string,
  password = TEST_PASSWORD,
) {
  const ticket = await ssoTicket(app, phone, password);
  const response = await app.inject({
    method: 'POST',
    url: '/api/account/login',
    headers: { 'user-agent': userAgent },
    payload: { ticket },
  });
  return body<{ token: string }>(response).data.token;
}
