import { Redis } from 'ioredis';

/** One counted event: the count in the current window and the milliseconds until it ends. */
export interface Hit {
  count: number;
  resetInMs: number;
}

/** Counts events per key in fixed windows; backs the rate limits (platform/rate-limit.ts). */
export interface CounterStore {
  /** Adds one to `key` and answers the count in the current window. */
  increment(key: string, windowMs: number): Promise<number>;
  /** Adds one to `key`; answers the count and how long until the window ends. */
  hit(key: string, windowMs: number): Promise<Hit>;
  get(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  /** Resolves when the store answers (Redis: a PING), rejects when it does not. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** In-process counters: right for one server instance. */
export class MemoryCounterStore implements CounterStore {
  private readonly counts = new Map<string, { count: number; until: number }>();

  async increment(key: string, windowMs: number): Promise<number> {
    return (await this.hit(key, windowMs)).count;
  }

  async hit(key: string, windowMs: number): Promise<Hit> {
    const now = Date.now();
    const entry = this.counts.get(key);
    if (!entry || entry.until <= now) {
      if (this.counts.size > 100_000) this.sweep(now);
      this.counts.set(key, { count: 1, until: now + windowMs });
      return { count: 1, resetInMs: windowMs };
    }
    entry.count += 1;
    return { count: entry.count, resetInMs: entry.until - now };
  }

  async get(key: string): Promise<number> {
    const entry = this.counts.get(key);
    return entry && entry.until > Date.now() ? entry.count : 0;
  }

  async reset(key: string): Promise<void> {
    this.counts.delete(key);
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {
    this.counts.clear();
  }

  private sweep(now: number) {
    for (const [key, entry] of this.counts) if (entry.until <= now) this.counts.delete(key);
  }
}

/** Counters in Redis (`REDIS_URL`), shared by every server instance. */
export class RedisCounterStore implements CounterStore {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix = 'portal:count:',
  ) {
    this.redis = new Redis(url, {
      maxRetriesPerRequest: 2,
      enableOfflineQueue: true,
      lazyConnect: false,
    });
    // A Redis that is down fails the commands sent to it (their callers answer for it, and
    // /readyz says so); the client's own reports of each reconnection attempt are not errors.
    this.redis.on('error', () => {});
  }

  async increment(key: string, windowMs: number): Promise<number> {
    return (await this.hit(key, windowMs)).count;
  }

  async hit(key: string, windowMs: number): Promise<Hit> {
    const full = this.prefix + key;
    const results = await this.redis
      .multi()
      .set(full, 0, 'PX', windowMs, 'NX')
      .incr(full)
      .pttl(full)
      .exec();
    const count = Number(results?.[1]?.[1] ?? 0);
    const ttl = Number(results?.[2]?.[1] ?? -1);
    return { count, resetInMs: ttl > 0 ? ttl : windowMs };
  }

  async get(key: string): Promise<number> {
    return Number((await this.redis.get(this.prefix + key)) ?? 0);
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}

/** Redis when a URL is configured, memory otherwise. */
export function createCounterStore(redisUrl: string | undefined): CounterStore {
  return redisUrl ? new RedisCounterStore(redisUrl) : new MemoryCounterStore();
}
