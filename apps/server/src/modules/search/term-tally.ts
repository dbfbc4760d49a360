/** How long searched terms are tallied in memory before they are added to the hot terms. */
export const TERM_FLUSH_MS = 5_000;

/** Writes one site's tallied terms: each normalised term and how often it was searched. */
export type TermWriter = (siteKey: string, counts: ReadonlyMap<string, number>) => Promise<void>;

/**
 * The searches of each site's terms, tallied in memory and written together every
 * {@link TERM_FLUSH_MS}: a search is a read, and a write of the same hot row on every one of them
 * (thousands a second for a term in the news) would queue the searches behind each other. Each
 * instance adds its own tallies, so the counts stay exact across instances; what a crash loses
 * is at most the last few seconds of a statistic.
 */
export class TermTally {
  private pending = new Map<string, Map<string, number>>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly write: TermWriter,
    private readonly onError: (error: unknown) => void,
    private readonly delayMs = TERM_FLUSH_MS,
  ) {}

  /** Counts one search of `term` on the site. */
  add(siteKey: string, term: string): void {
    this.merge(siteKey, new Map([[term, 1]]));
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
    const batch = this.pending;
    this.pending = new Map();
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

  private merge(siteKey: string, counts: ReadonlyMap<string, number>): void {
    let site = this.pending.get(siteKey);
    if (!site) {
      site = new Map();
      this.pending.set(siteKey, site);
    }
    for (const [term, count] of counts) site.set(term, (site.get(term) ?? 0) + count);
  }
}
