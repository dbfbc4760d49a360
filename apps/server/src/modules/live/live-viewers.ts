import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { countViewers, deleteStaleViewers, upsertViewer } from './live.queries.ts';

/**
 * Who is watching each live session now, shared by every server instance: a viewer counts from
 * a heartbeat until `windowMs` after their last one; one viewer counts once however many
 * heartbeats (tabs) they send.
 */
export interface ViewerStore {
  /** Records a heartbeat of `viewer` at `now` and answers the session's viewers at `now`. */
  beat(sessionId: number, viewer: string, now: number, windowMs: number): Promise<number>;
  /** The session's viewers at `now`. */
  count(sessionId: number, now: number, windowMs: number): Promise<number>;
  close(): Promise<void>;
}

/** Viewers in the database: one row per session and viewer, upserted by each heartbeat. */
export class DbViewerStore implements ViewerStore {
  constructor(private readonly db: Kysely<Database>) {}

  async beat(sessionId: number, viewer: string, now: number, windowMs: number) {
    await upsertViewer(this.db, { session_id: sessionId, viewer_key: viewer, last_seen: now });
    // Rows of viewers who left are of no use: each heartbeat clears its session's.
    await deleteStaleViewers(this.db, sessionId, now - windowMs);
    return this.count(sessionId, now, windowMs);
  }

  count(sessionId: number, now: number, windowMs: number) {
    return countViewers(this.db, sessionId, now - windowMs);
  }

  async close() {}
}

/** Viewers in Redis (`REDIS_URL`): a sorted set per session, each viewer scored by last beat. */
export class RedisViewerStore implements ViewerStore {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix = 'portal:live-viewers:',
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
    // A Redis that is down fails the commands sent to it (their callers answer for it, and
    // /readyz says so); the client's own reports of each reconnection attempt are not errors.
    this.redis.on('error', () => {});
  }

  async beat(sessionId: number, viewer: string, now: number, windowMs: number) {
    const key = this.prefix + sessionId;
    const results = await this.redis
      .multi()
      .zadd(key, now, viewer)
      .zremrangebyscore(key, '-inf', now - windowMs)
      .zcard(key)
      // The set of a session nobody watches any more goes away by itself.
      .pexpire(key, 2 * windowMs)
      .exec();
    return Number(results?.[2]?.[1] ?? 0);
  }

  async count(sessionId: number, now: number, windowMs: number) {
    return this.redis.zcount(this.prefix + sessionId, `(${now - windowMs}`, '+inf');
  }

  async close() {
    await this.redis.quit();
  }
}

/** Redis when a URL is configured, the database otherwise. */
export function createViewerStore(db: Kysely<Database>, redisUrl: string | undefined): ViewerStore {
  return redisUrl ? new RedisViewerStore(redisUrl) : new DbViewerStore(db);
}
