/** A page change is reported once the learner has stayed on it this long. */
export const REPORT_DELAY_MS = 1000;

export interface ReadingReporterOptions {
  /** The page the server already has (none for a first reading). */
  saved: number | null;
  /** Reports a page while the page is shown (the request layer). */
  send: (page: number) => void;
  /** Reports a page as the page is hidden or left (must start at once: `fetch` keepalive). */
  sendOnLeave: (page: number) => void;
  delayMs?: number;
}

export interface ReadingReporter {
  /** The learner is now on this page: report it after the delay unless it changes again. */
  update(page: number): void;
  /** Report a pending page now (`leaving`: the page is being hidden or closed). */
  flush(leaving: boolean): void;
  /** Forget a pending page without reporting it. */
  cancel(): void;
}

/**
 * Debounces the reader's page reports: while the learner scrolls through pages only the page
 * they stop at is sent, a page the server already has is never sent again, and a pending page
 * goes out at once when the page is hidden or left.
 */
export function createReadingReporter(options: ReadingReporterOptions): ReadingReporter {
  const delay = options.delayMs ?? REPORT_DELAY_MS;
  let sent = options.saved;
  let pending: number | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const clear = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  const deliver = (leaving: boolean) => {
    clear();
    if (pending === null || pending === sent) {
      pending = null;
      return;
    }
    const page = pending;
    pending = null;
    sent = page;
    if (leaving) options.sendOnLeave(page);
    else options.send(page);
  };

  return {
    update(page) {
      pending = page;
      clear();
      if (page === sent) {
        pending = null;
        return;
      }
      timer = setTimeout(() => deliver(false), delay);
    },
    flush: deliver,
    cancel() {
      clear();
      pending = null;
    },
  };
}
