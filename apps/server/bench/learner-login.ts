import { DEMO_LEARNERS, DEMO_PASSWORD } from '../src/seed/seed.ts';

/**
 * Logs a demo learner in through the real flow — the account center's form, then the ticket
 * exchange — and returns the bearer token.
 */
export async function loginLearner(
  origin: string,
  username: string = DEMO_LEARNERS[0].username,
  password: string = DEMO_PASSWORD,
): Promise<string> {
  const form = await fetch(`${origin}/sso/login`, {
    method: 'POST',
    body: new URLSearchParams({ username, password, callback: `${origin}/authPage` }),
    redirect: 'manual',
    signal: AbortSignal.timeout(10_000),
  });
  await form.arrayBuffer();
  const location = form.headers.get('location');
  if (form.status !== 302 || !location) {
    throw new Error(`POST /sso/login answered ${form.status}, expected a 302 to the callback`);
  }
  const ticket = new URL(location, origin).searchParams.get('ticket');
  if (!ticket) throw new Error(`POST /sso/login redirected without a ticket: ${location}`);

  const exchange = await fetch(`${origin}/api/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ticket }),
    signal: AbortSignal.timeout(10_000),
  });
  const body: unknown = await exchange.json();
  const token = tokenOf(body);
  if (!exchange.ok || !token) {
    throw new Error(
      `POST /api/account/login answered ${exchange.status} ${JSON.stringify(body).slice(0, 200)}`,
    );
  }
  return token;
}

function tokenOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('code' in body) || body.code !== 0) {
    return null;
  }
  const data = 'data' in body ? body.data : null;
  if (typeof data !== 'object' || data === null || !('token' in data)) return null;
  return typeof data.token === 'string' && data.token !== '' ? data.token : null;
}
