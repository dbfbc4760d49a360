/** How long counts are tallied in memory before they are written. */
export const TALLY_FLUSH_MS = 5_000;

/** Writes one site's tallied counts: each key (a searched term, an article's id) and its count. */
export type TallyWriter = (siteKey: string, counts: ReadonlyMap<string, number>) => Promise<void>;

/**
 * Counts of what readers do (the searches of each term, the views of each article) tallied in
 * memory per site and written together every {@link TALLY_FLUSH_MS}: a search or a view is a
 * read, and a write of the same hot row on every one of them (thousands a second for a term or
 * an article in the news) would queue the reads behind each other. Each instance adds its own
 * tallies, so the counts stay exact across instances; what a crash loses is at most the last few
 * seconds of a statistic.
 */
export class Tally {
  private tallied = new Map<string, Map<string, number>>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly write: TallyWriter,
    private readonly onError: (error: unknown) => void,
    private readonly delayMs = TALLY_FLUSH_MS,
  ) {}

  /** Counts one occurrence of `key` (a term, an id) on the site. */
  add(siteKey: string, key: string): void {
    this.merge(siteKey, new Map([[key, 1]]));
    if (!this.timer && this.delayMs > 0) {
      this.timer = setTimeout(() => {
        this.flush().catch(this.onError);
      }, this.delayMs);
      this.timer.unref();
    }
  }

  /**
   * Writes what was tallied (after any write under way). A site whose write fails gets its
   * counts back, to be written with the next flush, and the flush fails with the first error.
   */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.tallied;
    this.tallied = new Map();
    const run = async () => {
      const failures: unknown[] = [];
      for (const [siteKey, counts] of batch) {
        await this.write(siteKey, counts).catch((error: unknown) => {
          this.merge(siteKey, counts);
          failures.push(error);
        });
      }
      if (failures.length > 0) throw failures[0];
    };
    this.flushing = this.flushing.catch(() => undefined).then(run);
    return this.flushing;
  }

  /** What is tallied of `key` on the site and not yet written (being written counts as written). */
  pending(siteKey: string, key: string): number {
    return this.tallied.get(siteKey)?.get(key) ?? 0;
  }

  private merge(siteKey: string, counts: ReadonlyMap<string, number>): void {
    let site = this.tallied.get(siteKey);
    if (!site) {
      site = new Map();
      this.tallied.set(siteKey, site);
    }
    for (const [key, count] of counts) site.set(key, (site.get(key) ?? 0) + count);
  }
}
