import { Redis } from 'ioredis';
import { type Encoding, encodeText } from './accept-encoding.ts';
import { ShortCache } from './short-cache.ts';

/**
 * How long one instance reuses a visitor's answer (the home, the first pages of the lists). A
 * change made through the services (a signup taking the last seat) is seen at once; time alone
 * (a signup window closing) shows within this delay.
 */
export const PUBLIC_CACHE_MS = 2_000;

/** Kept answers smaller than this are sent as they are (compressing them saves next to nothing). */
export const ENCODE_MIN_BYTES = 1024;

/** A kept answer: its bytes, and its compressions as they are asked for. */
interface Kept {
  text: Buffer;
  encoded: Map<Encoding, Promise<Buffer>>;
}

export interface PublicCacheOptions {
  /** How long an answer is reused; 0 turns the answer cache off (the versions still count). */
  ttlMs?: number;
  /** Redis for a content version shared by every instance (`REDIS_URL`); unset = this process. */
  redisUrl?: string | undefined;
  /** Prefix of the Redis keys (tests use their own). */
  prefix?: string;
  /** Told when Redis fails; the cache then steps aside (answers are built fresh). */
  onError?: (error: unknown) => void;
  /** Told of each lookup of a kept answer: found fresh (a hit) or built anew (the metrics). */
  onLookup?: (hit: boolean) => void;
  now?: () => number;
}

/**
 * What visitors are shown of a site, kept briefly: serialized answers per site and query, and a
 * content version per site that every change of what they show bumps (a signup or cancel moving
 * seats or a status, content published or withdrawn). An answer counts only while its site's
 * version is the one it was built under, so a change is seen at once on this instance; with
 * Redis the version is shared, so every instance sees it at once too. Nothing of a learner is
 * ever kept here: the routes use it only for calls that carry no token.
 */
export class PublicCache {
  private readonly answers: ShortCache<Kept>;
  private readonly ttlMs: number;
  /** Changes seen by this instance, per site; `generation` counts {@link forget} calls. */
  private readonly changes = new Map<string, number>();
  private generation = 0;
  private readonly redis: Redis | null;
  private readonly prefix: string;
  private readonly onError: (error: unknown) => void;
  private readonly onLookup: (hit: boolean) => void;
  private readonly now: () => number;

  constructor(options: PublicCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? PUBLIC_CACHE_MS;
    this.answers = new ShortCache<Kept>(this.ttlMs);
    this.prefix = options.prefix ?? 'portal:content-version:';
    this.onError = options.onError ?? (() => {});
    this.onLookup = options.onLookup ?? (() => {});
    this.now = options.now ?? Date.now;
    // Without an offline queue a command fails at once while Redis is away: a visitor is then
    // served a fresh answer instead of waiting for a reconnect.
    this.redis = options.redisUrl
      ? new Redis(options.redisUrl, {
          enableOfflineQueue: false,
          maxRetriesPerRequest: 1,
          commandTimeout: 500,
        })
      : null;
    this.redis?.on('error', this.onError);
  }

  /** Resolves once the shared store answers (at once without Redis); until then nothing is kept. */
  async ready(): Promise<void> {
    const redis = this.redis;
    if (!redis || redis.status === 'ready') return;
    await new Promise<void>((resolve, reject) => {
      redis.once('ready', resolve);
      redis.once('end', () => reject(new Error('Redis connection closed')));
    });
  }

  /**
   * The content version of the site's public answers, to tag what is cached from them; null
   * when the shared version cannot be read (then nothing should be reused).
   */
  async version(siteKey: string): Promise<string | null> {
    const local = `${this.generation}.${this.changes.get(siteKey) ?? 0}`;
    if (!this.redis) return local;
    if (this.redis.status !== 'ready') return null;
    try {
      return `${local}.${(await this.redis.get(this.prefix + siteKey)) ?? 0}`;
    } catch (error) {
      this.onError(error);
      return null;
    }
  }

  /**
   * A visitor's serialized answer `key` on the site, as bytes (encoded once, not per call): the
   * kept one while it is fresh and of the site's current version, else `load()` (concurrent
   * callers share one load).
   */
  async answer(siteKey: string, key: string, load: () => Promise<Buffer>): Promise<Buffer> {
    return (await this.kept(siteKey, key, load))?.text ?? load();
  }

  /**
   * {@link answer} in the compression the caller takes (`encoding`): compressed once per kept
   * answer rather than on every call (brotli cost a visitor's home 0.46 ms a call, and the map's
   * 2,000 markers 5.5 ms). Answers the bytes and their compression, null when they are sent as
   * they are: not kept (then the server's compression of each answer applies), small, or not
   * asked for.
   */
  async encodedAnswer(
    siteKey: string,
    key: string,
    load: () => Promise<Buffer>,
    encoding: Encoding | null,
  ): Promise<{ bytes: Buffer; encoding: Encoding | null }> {
    const kept = await this.kept(siteKey, key, load);
    if (!kept) return { bytes: await load(), encoding: null };
    if (encoding === null || kept.text.length < ENCODE_MIN_BYTES) {
      return { bytes: kept.text, encoding: null };
    }
    let bytes = kept.encoded.get(encoding);
    if (!bytes) {
      bytes = encodeText(kept.text, encoding);
      kept.encoded.set(encoding, bytes);
    }
    try {
      return { bytes: await bytes, encoding };
    } catch {
      // Not kept compressed: the answer goes as it is (the next call tries again).
      kept.encoded.delete(encoding);
      return { bytes: kept.text, encoding: null };
    }
  }

  /** The kept answer, built by `load` when there is none; null when answers are not kept now. */
  private async kept(
    siteKey: string,
    key: string,
    load: () => Promise<Buffer>,
  ): Promise<Kept | null> {
    if (this.ttlMs <= 0) return null;
    const version = await this.version(siteKey);
    if (version === null) return null;
    let missed = false;
    const kept = await this.answers.get(
      `${siteKey}\n${key}`,
      this.now(),
      async () => {
        missed = true;
        return { text: await load(), encoded: new Map() };
      },
      version,
    );
    this.onLookup(!missed);
    return kept;
  }

  /** What visitors see of the site changed: its kept answers (on every instance) no longer count. */
  async invalidate(siteKey: string): Promise<void> {
    this.changes.set(siteKey, (this.changes.get(siteKey) ?? 0) + 1);
    if (!this.redis) return;
    try {
      await this.redis.incr(this.prefix + siteKey);
    } catch (error) {
      // The others see the change within PUBLIC_CACHE_MS.
      this.onError(error);
    }
  }

  /** Forgets everything this instance kept (after content was written outside the services). */
  forget(): void {
    this.generation += 1;
    this.answers.clear();
  }

  async close(): Promise<void> {
    this.answers.clear();
    if (this.redis) await this.redis.quit().catch(() => undefined);
  }
}
