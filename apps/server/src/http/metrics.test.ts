import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERIFY_LIMIT } from '../modules/medals/medals.service.ts';
import { addressBlockList } from '../platform/address-ranges.ts';
import { body, buildTestApp, describeEachEngine, type TestApp } from '../testing/test-app.ts';

/** The metrics text as `remoteAddress` (and whoever it forwards for) reads it. */
function scrape(app: FastifyInstance, remoteAddress = '127.0.0.1', forwardedFor?: string) {
  return app.inject({
    url: '/metrics',
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
}

/** The value of the sample `name{labels}` (labels as the text writes them), or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((row) => row.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describeEachEngine('metrics (GET /metrics)', (testApp) => {
  it('counts and times requests by route pattern and status, never by address', async () => {
    const { app } = testApp();
    for (const id of [1, 2]) await app.inject({ url: `/api/courses/detail?id=${id}` });
    await app.inject({ url: '/api/no-such-thing/42' });
    await app.inject({ url: '/some/page/of/the/app' });
    const text = (await scrape(app)).body;
    const detail = 'method="GET",route="/api/courses/detail"';
    const answered =
      (sample(text, `http_requests_total{${detail},status="200"}`) ?? 0) +
      (sample(text, `http_requests_total{${detail},status="404"}`) ?? 0);
    expect(answered).toBe(2);
    expect(sample(text, `http_request_duration_seconds_count{${detail}}`)).toBe(2);
    expect(text).toContain('route="unmatched api"');
    expect(text).toMatch(/route="page \(SPA\)"/);
    expect(text).not.toContain('no-such-thing');
  });

  it("reports the process (memory, event-loop delay) and the reminder job's backlog", async () => {
    const { app } = testApp();
    const before = sample((await scrape(app)).body, 'portal_reminders_due') ?? -1;
    const now = app.clock();
    await app.database.db
      .insertInto('message_reminders')
      .values({
        site_key: 'jingan',
        user_id: 1,
        subject_type: 'class',
        subject_id: 900_001,
        subject_title: '指标测试',
        lead_minutes: 60,
        event_at: now + 30 * 60_000,
        due_at: now - 30 * 60_000,
        created_at: now - 60 * 60_000,
      })
      .execute();
    const text = (await scrape(app)).body;
    expect(sample(text, 'portal_reminders_due')).toBe(before + 1);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(text).toContain('nodejs_eventloop_lag_p99_seconds');
    // The pool is PostgreSQL's: SQLite has one connection.
    if (testApp().engine === 'postgres') {
      expect(sample(text, 'portal_db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'portal_db_pool_waiting')).toBe(0);
    } else {
      expect(text).not.toContain('portal_db_pool_connections');
    }
  });
});

describe('what the metrics count, and who may read them', () => {
  let ctx: TestApp;
  let opened: TestApp;
  beforeAll(async () => {
    [ctx, opened] = await Promise.all([
      buildTestApp('sqlite', { trustProxy: ['127.0.0.1'] }),
      buildTestApp('sqlite', { metricsAllow: ['loopback', '10.20.0.0/16'] }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([ctx?.close(), opened?.close()]);
  });

  it('counts rate-limit refusals by limit, and hits and misses of the visitors’ cache', async () => {
    const { app } = ctx;
    const address = '10.9.9.9';
    for (let i = 0; i <= VERIFY_LIMIT; i += 1) {
      await app.inject({
        url: '/api/certificates/verify?code=X',
        headers: { 'x-site': 'jingan' },
        remoteAddress: address,
      });
    }
    for (let i = 0; i < 3; i += 1) {
      expect(
        body(await app.inject({ url: '/api/home', headers: { 'x-site': 'jingan' } })).code,
      ).toBe(0);
    }
    const text = (await scrape(app)).body;
    expect(sample(text, 'portal_rate_limit_refusals_total{limit="cert-verify"}')).toBe(1);
    expect(sample(text, 'portal_public_cache_lookups_total{result="miss"}')).toBeGreaterThanOrEqual(
      1,
    );
    expect(sample(text, 'portal_public_cache_lookups_total{result="hit"}')).toBeGreaterThanOrEqual(
      2,
    );
  });

  it('answers only to the addresses METRICS_ALLOW names (loopback by default)', async () => {
    const ok = await scrape(ctx.app);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain/);
    expect(ok.headers['cache-control']).toBe('no-store');
    const refused = await scrape(ctx.app, '203.0.113.5');
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('http_requests_total');
    // Through a trusted proxy on loopback, the client it names is checked too.
    expect((await scrape(ctx.app, '127.0.0.1', '203.0.113.5')).statusCode).toBe(403);
    // A forged header does not open it to an outside peer either.
    expect((await scrape(ctx.app, '203.0.113.5', '127.0.0.1')).statusCode).toBe(403);

    expect((await scrape(opened.app, '10.20.3.4')).statusCode).toBe(200);
    expect((await scrape(opened.app, '10.21.3.4')).statusCode).toBe(403);
    expect((await scrape(opened.app, '::ffff:10.20.3.4')).statusCode).toBe(200);
  });

  it('refuses a malformed METRICS_ALLOW', () => {
    expect(() => addressBlockList(['10.0.0.0/40'])).toThrow(/10\.0\.0\.0\/40/);
    expect(() => addressBlockList(['prometheus.local'])).toThrow(/prometheus\.local/);
  });
});
