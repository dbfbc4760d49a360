import type { CounterStore } from '../../platform/counter-store.ts';
import { AppError } from '../../platform/errors.ts';
import { RateLimiter, RateLimits, rateLimitKey } from '../../platform/rate-limit.ts';

export const FAILURE_WINDOW_MS = RateLimits.loginFailuresByUsername.windowMs;
/** Failed logins allowed per username in the window before that username is locked. */
export const MAX_FAILURES_PER_USERNAME = RateLimits.loginFailuresByUsername.max;
/** Failed logins allowed per address in the window (several people may share an address). */
export const MAX_FAILURES_PER_ADDRESS = RateLimits.loginFailuresByAddress.max;
/** Registrations allowed per address in the window. */
export const MAX_REGISTRATIONS_PER_ADDRESS = RateLimits.registration.max;

/** A refusal: what to tell the visitor and when they may try again. */
export interface Refusal {
  message: string;
  retryAfterSeconds: number;
}

/**
 * The account center's limits, on the shared counters: failed logins per username and per
 * address (only failures count, so a learner who types the password right is never held back,
 * and neither are many learners behind one address), and registrations per address.
 */
export class LoginThrottle {
  private readonly limiter: RateLimiter;

  constructor(private readonly store: CounterStore) {
    this.limiter = new RateLimiter(store);
  }

  async isBlocked(username: string, address: string): Promise<boolean> {
    const [byUser, byAddress] = await Promise.all([
      this.store.get(rateLimitKey(RateLimits.loginFailuresByUsername, username)),
      this.store.get(rateLimitKey(RateLimits.loginFailuresByAddress, address)),
    ]);
    return byUser >= MAX_FAILURES_PER_USERNAME || byAddress >= MAX_FAILURES_PER_ADDRESS;
  }

  async recordFailure(username: string, address: string): Promise<void> {
    await Promise.all([
      this.store.increment(
        rateLimitKey(RateLimits.loginFailuresByUsername, username),
        FAILURE_WINDOW_MS,
      ),
      this.store.increment(
        rateLimitKey(RateLimits.loginFailuresByAddress, address),
        FAILURE_WINDOW_MS,
      ),
    ]);
  }

  async recordSuccess(username: string): Promise<void> {
    await this.store.reset(rateLimitKey(RateLimits.loginFailuresByUsername, username));
  }

  /** Counts one registration; the refusal when the address has registered too often. */
  async registrationRefusal(address: string): Promise<Refusal | null> {
    try {
      await this.limiter.consume(RateLimits.registration, address);
      return null;
    } catch (error) {
      if (!(error instanceof AppError) || error.retryAfterSeconds === undefined) throw error;
      return { message: error.message, retryAfterSeconds: error.retryAfterSeconds };
    }
  }
}
