import { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

/**
 * How long an instance keeps a live session it read. Every change that ends a session or
 * changes its learner is told at once (on this instance directly, on the others through Redis),
 * so this only bounds how long a message on its way may take.
 */
export const SESSION_CACHE_MS = 5_000;
/** Sessions kept at most (about 200 bytes each). */
const SESSION_CACHE_MAX = 50_000;

/** What the cache needs of a kept session: its learner. */
export interface KeptSession {
  /** The learner's id. */
  id: number;
}

/** What a service that changes learners or their sessions tells the kept sessions. */
export interface LearnerChanges {
  /** The learner `userId` or one of their sessions changed (written already). */
  forgetLearner(userId: number): Promise<void>;
}

export interface SessionCacheOptions {
  /** With Redis, the instances tell each other what to forget (and keep nothing while it is away). */
  redisUrl?: string | null;
  /** The Redis channel the instances share. */
  channel?: string;
  ttlMs?: number;
  onError?: (error: unknown) => void;
}

/**
 * The live sessions an instance has read lately, by token hash: every learner's call starts by
 * finding the session of its token, and a page asks several things at once. A session is kept
 * only while nothing said to forget it: the account service forgets a token when it ends or is
 * rotated, and a learner's sessions when one of them is revoked or the learner changes (name,
 * avatar, phone, password, deletion), after the change is written. With Redis each instance
 * tells the others too, and keeps nothing while it cannot hear them. A read that began before a
 * forget is not kept, so a change written meanwhile is never hidden behind an older read.
 */
export class SessionCache<Session extends KeptSession> implements LearnerChanges {
  private readonly kept: LRUCache<string, Session>;
  /** Counts forgets: a read started under another count may be older than a change. */
  private epoch = 0;
  private readonly publisher: Redis | null;
  private readonly subscriber: Redis | null;
  private readonly channel: string;
  /** Whether the other instances' forgets reach this one (always, without Redis). */
  private hearing: boolean;

  constructor(options: SessionCacheOptions = {}) {
    this.kept = new LRUCache({
      max: SESSION_CACHE_MAX,
      ttl: options.ttlMs ?? SESSION_CACHE_MS,
      ttlAutopurge: false,
    });
    this.channel = options.channel ?? 'portal:sessions:forget';
    const onError = options.onError ?? (() => {});
    if (!options.redisUrl) {
      this.publisher = null;
      this.subscriber = null;
      this.hearing = true;
      return;
    }
    const settings = { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 500 };
    this.publisher = new Redis(options.redisUrl, settings);
    // A subscriber's connection subscribes again by itself after a reconnect: its queue waits.
    this.subscriber = new Redis(options.redisUrl, { maxRetriesPerRequest: 1 });
    this.publisher.on('error', onError);
    this.subscriber.on('error', onError);
    this.hearing = false;
    const deaf = () => {
      this.hearing = false;
      this.clear();
    };
    this.subscriber.on('close', deaf);
    this.subscriber.on('end', deaf);
    this.subscriber.on('ready', () => {
      this.subscriber?.subscribe(this.channel).then(
        () => {
          // Forgets told while this instance was not listening are lost: nothing kept from then.
          this.clear();
          this.hearing = true;
        },
        (error: unknown) => onError(error),
      );
    });
    this.subscriber.on('message', (_channel: string, message: string) => this.heard(message));
  }

  /**
   * The session of `tokenHash`: the kept one, else `load()`'s (kept unless something was
   * forgotten meanwhile, or the instance cannot hear the others). Unknown tokens are not kept.
   */
  async read(tokenHash: string, load: () => Promise<Session | undefined>) {
    const kept = this.kept.get(tokenHash);
    if (kept) return kept;
    const epoch = this.epoch;
    const session = await load();
    if (session && this.hearing && epoch === this.epoch) this.kept.set(tokenHash, session);
    return session;
  }

  /** The token of `tokenHash` ended or changed (written already): every instance forgets it. */
  async forgetToken(tokenHash: string): Promise<void> {
    this.dropToken(tokenHash);
    await this.tell(`t:${tokenHash}`);
  }

  /** The learner `userId` or one of their sessions changed (written already): forgotten everywhere. */
  async forgetLearner(userId: number): Promise<void> {
    this.dropLearner(userId);
    await this.tell(`u:${userId}`);
  }

  /** Whether a session of the learner is kept (for tests). */
  keeps(userId: number): boolean {
    for (const session of this.kept.values()) if (session.id === userId) return true;
    return false;
  }

  async close(): Promise<void> {
    this.clear();
    await Promise.all(
      [this.publisher, this.subscriber].map((redis) => redis?.quit().catch(() => undefined)),
    );
  }

  private dropToken(tokenHash: string) {
    this.epoch += 1;
    this.kept.delete(tokenHash);
  }

  private dropLearner(userId: number) {
    this.epoch += 1;
    // A learner has a few sessions at most, among what a busy instance keeps; this is rare.
    const hashes = [...this.kept.entries()].filter(([, session]) => session.id === userId);
    for (const [hash] of hashes) this.kept.delete(hash);
  }

  private clear() {
    this.epoch += 1;
    this.kept.clear();
  }

  private heard(message: string) {
    if (message.startsWith('t:')) this.dropToken(message.slice(2));
    else if (message.startsWith('u:')) this.dropLearner(Number(message.slice(2)));
    else this.clear();
  }

  /** Tells the other instances; when that fails they may keep the session `ttlMs` at most. */
  private async tell(message: string) {
    if (!this.publisher) return;
    try {
      await this.publisher.publish(this.channel, message);
    } catch {
      // Told to `onError` by the connection; the kept copies elsewhere end with their time.
    }
  }
}
