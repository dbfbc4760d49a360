import type { ReadingProgress, ReadingReport } from '@portal/contract';
import { fingerprint } from '@/platform/fingerprint.ts';
import { post } from '@/platform/request.ts';
import { siteConfig } from '@/platform/site-config.ts';
import { local, StorageKey } from '@/platform/storage.ts';

const PROGRESS_PATH = '/ebooks/progress';

/**
 * `POST /api/ebooks/progress` while the reader is shown. Quiet: a lost report is made good by
 * the next one, and a learner reading should not see a toast for it.
 */
export function reportReading(report: ReadingReport): Promise<ReadingProgress> {
  return post<ReadingProgress>(PROGRESS_PATH, report, { quiet: true, loginRequired: true });
}

/**
 * The same report as the reader is hidden or left: a plain `fetch` with `keepalive`, started at
 * once (the request layer would start it a tick later, too late during `pagehide`), with the
 * headers the request layer sends. `sendBeacon` cannot carry the bearer token, so it is not used.
 */
export function reportReadingOnLeave(report: ReadingReport): boolean {
  const token = local.get(StorageKey.token);
  if (!token) return false;
  try {
    void fetch(`/api${PROGRESS_PATH}`, {
      method: 'POST',
      keepalive: true,
      headers: {
        'Content-Type': 'application/json;charset=UTF-8',
        Authorization: `Bearer ${token}`,
        'X-Site': siteConfig.siteKey,
        'X-Finger': fingerprint(),
      },
      body: JSON.stringify(report),
    }).catch(() => {
      // The page is going away; nothing is left to tell.
    });
    return true;
  } catch {
    return false;
  }
}
