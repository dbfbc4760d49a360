import type { BlockList } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolUse } from '../db/database.ts';
import { countDueReminders } from '../modules/messages/reminders.queries.ts';
import { inBlockList } from '../platform/address-ranges.ts';
import { isApi } from './envelope.ts';

/** Upper bounds (seconds) of the request-time histogram: from a cached answer to a slow export. */
const DURATION_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What the server counts and measures, in one registry per instance. */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by method, route and HTTP status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  private readonly duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by method and route.',
    labelNames: ['method', 'route'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });
  private readonly cacheLookups = new Counter({
    name: 'portal_public_cache_lookups_total',
    help: "Lookups of visitors' kept answers: hit (kept and fresh) or miss (built anew).",
    labelNames: ['result'] as const,
    registers: [this.registry],
  });
  private readonly refusals = new Counter({
    name: 'portal_rate_limit_refusals_total',
    help: 'Calls refused by a rate limit, by limit.',
    labelNames: ['limit'] as const,
    registers: [this.registry],
  });

  constructor(parts: {
    poolUse?: (() => PoolUse) | undefined;
    remindersDue: () => Promise<number>;
  }) {
    collectDefaultMetrics({ register: this.registry });
    const { poolUse, remindersDue } = parts;
    if (poolUse) {
      new Gauge({
        name: 'portal_db_pool_connections',
        help: 'Connections of the PostgreSQL pool, by state (in use or idle).',
        labelNames: ['state'] as const,
        registers: [this.registry],
        collect() {
          const use = poolUse();
          this.set({ state: 'in_use' }, use.total - use.idle);
          this.set({ state: 'idle' }, use.idle);
        },
      });
      new Gauge({
        name: 'portal_db_pool_waiting',
        help: 'Queries waiting for a free connection of the PostgreSQL pool.',
        registers: [this.registry],
        collect() {
          this.set(poolUse().waiting);
        },
      });
    }
    new Gauge({
      name: 'portal_reminders_due',
      help: 'Reminders due and not yet sent: the reminder job backlog.',
      registers: [this.registry],
      async collect() {
        this.set(await remindersDue());
      },
    });
  }

  /** Counts and times one answered request. */
  observeRequest(request: FastifyRequest, reply: FastifyReply): void {
    // Routes by their pattern; what no route matched by kind, never by its own address (a
    // crawler's random paths would each become a series).
    const route = request.routeOptions.url ?? (isApi(request.url) ? 'unmatched api' : 'page (SPA)');
    const method = request.method;
    this.requests.inc({ method, route, status: reply.statusCode });
    this.duration.observe({ method, route }, reply.elapsedTime / 1000);
  }

  cacheLookup(hit: boolean): void {
    this.cacheLookups.inc({ result: hit ? 'hit' : 'miss' });
  }

  rateLimitRefusal(limit: string): void {
    this.refusals.inc({ limit });
  }
}

/**
 * The metrics of `app`, counting and timing every request it answers from here on (so made
 * before its routes), with its own parts: its database's pool and its reminder backlog.
 */
export function createMetrics(app: FastifyInstance): Metrics {
  const metrics = new Metrics({
    poolUse: app.database.poolUse,
    remindersDue: () => countDueReminders(app.database.db, app.clock()),
  });
  // Not async: a hook that is runs a promise on every request.
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(request, reply);
    done();
  });
  return metrics;
}

/**
 * `GET /metrics` in the Prometheus text format, outside the envelope, only to callers whose
 * address and whose connection's peer are both in `allow` (`METRICS_ALLOW`): checking the
 * peer alone would let anyone through a proxy on an allowed address, checking the client alone
 * would trust a forged `X-Forwarded-For` when `TRUST_PROXY` is a hop count.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, allow: BlockList) {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!inBlockList(allow, request.socket.remoteAddress) || !inBlockList(allow, request.ip)) {
      return reply.code(403).type('text/plain; charset=utf-8').send('forbidden');
    }
    const text = await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).send(text);
  });
}
