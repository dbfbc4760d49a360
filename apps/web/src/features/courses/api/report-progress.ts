import type { ProgressReport, ProgressResult } from '@portal/contract';
import { sendOrKeep, sendOrKeepOnLeave, warmOutbox } from '@/platform/outbox/outbox-lazy.ts';

// What this page writes may have to wait for the network: the outbox's code comes early.
warmOutbox();

const PROGRESS_PATH = '/study/progress';

/** Progress is learning time: kept offline with the moment it was made (issue 32). */
const WRITE = { what: '学习进度', stamped: true };

/**
 * `POST /api/study/progress` while the page is shown: answers the stored state (position,
 * completion, the course's counts), or null when the report was kept in the outbox to send once
 * the network returns. Quiet: a learner watching a video should not see a toast for it.
 */
export function reportProgress(report: ProgressReport): Promise<ProgressResult | null> {
  return sendOrKeep<ProgressResult>(PROGRESS_PATH, report, WRITE);
}

/** The same report as the page is hidden or left; false when there is no login to report for. */
export function sendProgressOnLeave(report: ProgressReport): boolean {
  return sendOrKeepOnLeave(PROGRESS_PATH, report, WRITE);
}
