/**
 * Answers reused for a short time, by key: callers within `ttlMs` of a load share its promise
 * (concurrent callers make one load), and a load that fails is not kept.
 */
export class ShortCache<T> {
  private readonly entries = new Map<string, { at: number; value: Promise<T> }>();

  constructor(private readonly ttlMs: number) {}

  /** The answer for `key` at `now`: the kept one while fresh, else a new `load()`. */
  get(key: string, now: number, load: () => Promise<T>): Promise<T> {
    const cached = this.entries.get(key);
    if (cached && now - cached.at < this.ttlMs) return cached.value;
    const value = load();
    this.entries.set(key, { at: now, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  /** Forgets every kept answer. */
  clear(): void {
    this.entries.clear();
  }
}
