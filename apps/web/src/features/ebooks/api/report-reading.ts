import type { ReadingProgress, ReadingReport } from '@portal/contract';
import { post, sendOnLeave } from '@/platform/request.ts';

/** Reading progress is a learning record: it lives under `/api/study` (server README). */
const PROGRESS_PATH = '/study/ebook-progress';

/**
 * `POST /api/study/ebook-progress` while the reader is shown. Quiet: a lost report is made good
 * by the next one, and a learner reading should not see a toast for it.
 */
export function reportReading(report: ReadingReport): Promise<ReadingProgress> {
  return post<ReadingProgress>(PROGRESS_PATH, report, { quiet: true, loginRequired: true });
}

/** The same report as the reader is hidden or left; false when there is no login. */
export function reportReadingOnLeave(report: ReadingReport): boolean {
  return sendOnLeave(PROGRESS_PATH, report);
}
