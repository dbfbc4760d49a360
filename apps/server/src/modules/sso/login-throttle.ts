import type { CounterStore } from '../../platform/counter-store.ts';

export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** Failed logins allowed per username in the window before that username is locked. */
export const MAX_FAILURES_PER_USERNAME = 5;
/** Failed logins allowed per address in the window (several people may share an address). */
export const MAX_FAILURES_PER_ADDRESS = 30;
/** Registrations allowed per address in the window. */
export const MAX_REGISTRATIONS_PER_ADDRESS = 10;

/** Counts failed logins per username and per address, and says when to stop trying. */
export class LoginThrottle {
  constructor(private readonly store: CounterStore) {}

  async isBlocked(username: string, address: string): Promise<boolean> {
    const [byUser, byAddress] = await Promise.all([
      this.store.get(`login:user:${username}`),
      this.store.get(`login:addr:${address}`),
    ]);
    return byUser >= MAX_FAILURES_PER_USERNAME || byAddress >= MAX_FAILURES_PER_ADDRESS;
  }

  async recordFailure(username: string, address: string): Promise<void> {
    await Promise.all([
      this.store.increment(`login:user:${username}`, FAILURE_WINDOW_MS),
      this.store.increment(`login:addr:${address}`, FAILURE_WINDOW_MS),
    ]);
  }

  async recordSuccess(username: string): Promise<void> {
    await this.store.reset(`login:user:${username}`);
  }

  /** Counts one registration; true when the address has registered too often. */
  async registrationBlocked(address: string): Promise<boolean> {
    const count = await this.store.increment(`register:addr:${address}`, FAILURE_WINDOW_MS);
    return count > MAX_REGISTRATIONS_PER_ADDRESS;
  }
}
