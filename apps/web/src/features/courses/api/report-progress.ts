import type { ProgressReport, ProgressResult } from '@portal/contract';
import { post, sendOnLeave } from '@/platform/request.ts';

const PROGRESS_PATH = '/study/progress';

/**
 * `POST /api/study/progress` while the page is shown: answers the stored state (position,
 * completion, the course's counts). Quiet: a lost report is retried with the next one, and a
 * learner watching a video should not see a toast for it.
 */
export function reportProgress(report: ProgressReport): Promise<ProgressResult> {
  return post<ProgressResult>(PROGRESS_PATH, report, { quiet: true, loginRequired: true });
}

/** The same report as the page is hidden or left; false when there is no login to report for. */
export function sendProgressOnLeave(report: ProgressReport): boolean {
  return sendOnLeave(PROGRESS_PATH, report);
}
