import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RedisCounterStore } from '../platform/counter-store.ts';
import { body, buildTestApp, describeEachEngine } from '../testing/test-app.ts';
import { closeGracefully, READY_CHECK_MS } from './health.ts';

describeEachEngine('health checks for a load balancer', (testApp) => {
  it('/healthz answers while the process runs, outside the envelope and never cached', async () => {
    const response = await testApp().app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('ok');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('/readyz answers 200 when the database and the file store answer (Redis off)', async () => {
    const response = await testApp().app.inject({ url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ready: true,
      checks: { database: 'ok', redis: 'off', files: 'ok' },
    });
  });

  it('/readyz answers 503 naming the file store when it cannot be written', async () => {
    const files = testApp().app.config.dataDir;
    const aside = `${files}-aside`;
    fs.renameSync(files, aside);
    try {
      const response = await testApp().app.inject({ url: '/readyz' });
      expect(response.statusCode).toBe(503);
      const answer = response.json();
      expect(answer.ready).toBe(false);
      expect(answer.checks.database).toBe('ok');
      expect(answer.checks.files).toMatch(/ENOENT/);
    } finally {
      fs.renameSync(aside, files);
    }
    expect((await testApp().app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });

  it('the API is not confused with them: its unknown paths still answer in the envelope', async () => {
    const response = await testApp().app.inject({ url: '/api/readyz' });
    expect(body(response)).toMatchObject({ code: 404 });
  });
});

describe('readiness of the parts that do not answer, and closing', () => {
  it('counts a Redis that does not answer as not ready, within the time limit', async () => {
    const ctx = await buildTestApp('sqlite', { redisUrl: 'redis://127.0.0.1:1' }, undefined, {
      counters: new RedisCounterStore('redis://127.0.0.1:1'),
    });
    try {
      const started = Date.now();
      const response = await ctx.app.inject({ url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json().checks).toMatchObject({ database: 'ok', files: 'ok' });
      expect(response.json().checks.redis).not.toBe('ok');
      expect(Date.now() - started).toBeLessThan(READY_CHECK_MS + 1_000);
    } finally {
      await ctx.close();
    }
  });

  it('finishes a request in flight when it closes, and takes no new one', async () => {
    let arrived: () => void = () => {};
    const inFlight = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const ctx = await buildTestApp('sqlite', {}, (app) => {
      app.get('/slow-for-test', async () => {
        arrived();
        await new Promise((resolve) => setTimeout(resolve, 300));
        return 'done';
      });
    });
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const slow = fetch(`${address}/slow-for-test`).then(async (response) => ({
      status: response.status,
      text: await response.text(),
    }));
    await inFlight;
    const closing = closeGracefully(ctx.app);
    const late = await fetch(`${address}/readyz`).then(
      (response) => response.status,
      () => 'refused',
    );
    expect(await slow).toEqual({ status: 200, text: 'done' });
    await closing;
    // A new connection is refused; one that was open is answered 503.
    expect([503, 'refused']).toContain(late);
    await ctx.close().catch(() => {});
  });
});
