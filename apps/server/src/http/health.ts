import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

/** How long `/readyz` waits for each part before it counts it as not answering. */
export const READY_CHECK_MS = 2_000;

/** What `/readyz` found of one part: `ok`, `off` (not configured), or what went wrong. */
type CheckResult = 'ok' | 'off' | string;

/** `check`'s verdict within `ms`: 'ok', or why not (a time-out is a failure too). */
async function within(ms: number, check: () => Promise<unknown>): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`no answer within ${ms} ms`), ms);
  });
  try {
    return await Promise.race([
      check().then(
        () => 'ok' as const,
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The load balancer's two questions, outside the envelope (infrastructure, not the API):
 * `GET /healthz` answers 200 while the process runs; `GET /readyz` answers 200 when the
 * database, Redis (when configured) and the file store answer within {@link READY_CHECK_MS},
 * else 503 naming the part that did not. An instance that is closing (SIGTERM) is not ready:
 * Fastify answers 503 to every new request once `close()` has begun, while the requests in
 * flight finish.
 */
export function registerHealth(app: FastifyInstance, readyCheckMs = READY_CHECK_MS) {
  const noStore = { 'cache-control': 'no-store' };
  app.get('/healthz', { schema: { hide: true } }, (_request, reply) =>
    reply.headers(noStore).type('text/plain; charset=utf-8').send('ok'),
  );
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const [database, redis, fileStore] = await Promise.all([
      within(readyCheckMs, () => sql`select 1`.execute(app.database.db)),
      app.config.redisUrl
        ? within(readyCheckMs, () => app.counters.ping())
        : Promise.resolve<CheckResult>('off'),
      within(readyCheckMs, () => app.files.ping()),
    ]);
    const checks = { database, redis, files: fileStore };
    const ready = Object.values(checks).every((result) => result === 'ok' || result === 'off');
    return reply
      .code(ready ? 200 : 503)
      .headers(noStore)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify({ ready, checks }));
  });
}

/** How often a closing instance closes the kept-alive connections that have fallen idle. */
const IDLE_SWEEP_MS = 50;

/**
 * Closes the instance gracefully: new requests are answered 503 (`/readyz` too) and new
 * connections refused, the requests in flight finish, and each kept-alive connection (a load
 * balancer's pool) is closed as soon as it falls idle: Fastify closes the idle ones only once,
 * when `close()` begins, and one still busy then would hold the instance open until its client
 * let it go.
 */
export async function closeGracefully(app: FastifyInstance): Promise<void> {
  const sweep = setInterval(() => app.server.closeIdleConnections?.(), IDLE_SWEEP_MS);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
  }
}
