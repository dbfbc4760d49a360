/** Kept keys beyond which the stale entries are swept (and all of them if none is stale). */
const MAX_ENTRIES = 2_000;

/**
 * Answers reused for a short time, by key: callers within `ttlMs` of a load share its promise
 * (concurrent callers make one load), and a load that fails is not kept. A `tag` (a content
 * version) makes the kept answer count only while the tag is the same.
 */
export class ShortCache<T> {
  private readonly entries = new Map<string, { at: number; tag: string; value: Promise<T> }>();

  constructor(private readonly ttlMs: number) {}

  /** The answer for `key` at `now`: the kept one while fresh (and of `tag`), else a new `load()`. */
  get(key: string, now: number, load: () => Promise<T>, tag = ''): Promise<T> {
    const cached = this.entries.get(key);
    // A clock set back (a time-zone or NTP step) makes the kept answer stale, not fresh for longer.
    const age = cached ? now - cached.at : -1;
    if (cached && cached.tag === tag && age >= 0 && age < this.ttlMs) return cached.value;
    const value = load();
    if (!cached && this.entries.size >= MAX_ENTRIES) this.sweep(now);
    this.entries.set(key, { at: now, tag, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  /** Forgets every kept answer. */
  clear(): void {
    this.entries.clear();
  }

  private sweep(now: number) {
    for (const [key, entry] of this.entries) {
      if (now - entry.at >= this.ttlMs) this.entries.delete(key);
    }
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
  }
}
