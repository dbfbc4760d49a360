import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERIFY_LIMIT } from '../modules/medals/medals.service.ts';
import { body, buildTestApp, type TestApp } from '../testing/test-app.ts';

const PROXY = '10.0.0.5';

/** A certificate lookup (limited per address) from `peer`, saying it forwards for `client`. */
function verify(app: FastifyInstance, peer: string, client?: string) {
  return app.inject({
    url: '/api/certificates/verify?code=X',
    headers: { 'x-site': 'jingan', ...(client ? { 'x-forwarded-for': client } : {}) },
    remoteAddress: peer,
  });
}

/** Uses up the per-address lookups of whoever `send` is counted as; answers the next code. */
async function exhaust(send: () => ReturnType<typeof verify>) {
  for (let i = 0; i < VERIFY_LIMIT; i += 1) expect(body(await send()).code).toBe(404);
  return body(await send()).code;
}

describe('behind a load balancer (TRUST_PROXY)', () => {
  let trusting: TestApp;
  let hops: TestApp;
  let plain: TestApp;
  beforeAll(async () => {
    [trusting, hops, plain] = await Promise.all([
      buildTestApp('sqlite', { trustProxy: [PROXY] }),
      buildTestApp('sqlite', { trustProxy: 1 }),
      buildTestApp('sqlite'),
    ]);
  });
  afterAll(async () => {
    await Promise.all([trusting?.close(), hops?.close(), plain?.close()]);
  });

  it('counts per-address limits by the client the trusted proxy names', async () => {
    const app = trusting.app;
    expect(await exhaust(() => verify(app, PROXY, '203.0.113.7'))).toBe(429);
    // Another client through the same proxy has its own count.
    expect(body(await verify(app, PROXY, '203.0.113.8')).code).toBe(404);
  });

  it('ignores a forged X-Forwarded-For from a peer it does not trust', async () => {
    const app = trusting.app;
    const peer = '198.51.100.9';
    expect(await exhaust(() => verify(app, peer, '192.0.2.1'))).toBe(429);
    // A new forged client changes nothing: the peer itself is counted.
    expect(body(await verify(app, peer, '192.0.2.99')).code).toBe(429);
  });

  it('with a hop count, takes the address the last trusted hop saw, not what the client wrote', async () => {
    const app = hops.app;
    // The client wrote 192.0.2.1 itself; the proxy appended the address it saw.
    expect(await exhaust(() => verify(app, PROXY, '192.0.2.1, 203.0.113.20'))).toBe(429);
    expect(body(await verify(app, PROXY, '192.0.2.2, 203.0.113.20')).code).toBe(429);
    expect(body(await verify(app, PROXY, '203.0.113.21')).code).toBe(404);
  });

  it('trusts no proxy by default: everything behind one address counts as one', async () => {
    const app = plain.app;
    expect(await exhaust(() => verify(app, PROXY, '203.0.113.7'))).toBe(429);
    expect(body(await verify(app, PROXY, '203.0.113.8')).code).toBe(429);
  });
});
