import type { ReadingProgress, ReadingReport } from '@portal/contract';
import { sendOrKeep, sendOrKeepOnLeave, warmOutbox } from '@/platform/outbox/outbox-lazy.ts';

// What this page writes may have to wait for the network: the outbox's code comes early.
warmOutbox();

/** Reading progress is a learning record: it lives under `/api/study` (server README). */
const PROGRESS_PATH = '/study/ebook-progress';

const WRITE = { what: '阅读进度' };

/**
 * `POST /api/study/ebook-progress` while the reader is shown; null when the report was kept in
 * the outbox to send once the network returns (issue 32). Quiet: a learner reading should not
 * see a toast for it.
 */
export function reportReading(report: ReadingReport): Promise<ReadingProgress | null> {
  return sendOrKeep<ReadingProgress>(PROGRESS_PATH, report, WRITE);
}

/** The same report as the reader is hidden or left; false when there is no login. */
export function reportReadingOnLeave(report: ReadingReport): boolean {
  return sendOrKeepOnLeave(PROGRESS_PATH, report, WRITE);
}
