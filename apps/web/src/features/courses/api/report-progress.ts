import type { ProgressReport, ProgressResult } from '@portal/contract';
import { fingerprint } from '@/platform/fingerprint.ts';
import { post } from '@/platform/request.ts';
import { siteConfig } from '@/platform/site-config.ts';
import { local, StorageKey } from '@/platform/storage.ts';

const PROGRESS_PATH = '/study/progress';

/**
 * `POST /api/study/progress` while the page is shown: answers the stored state (position,
 * completion, the course's counts). Quiet: a lost report is retried with the next one, and a
 * learner watching a video should not see a toast for it.
 */
export function reportProgress(report: ProgressReport): Promise<ProgressResult> {
  return post<ProgressResult>(PROGRESS_PATH, report, { quiet: true, loginRequired: true });
}

/**
 * The same report as the page is hidden or left: a plain `fetch` with `keepalive`, started at
 * once (the request layer would start it a tick later, too late during `pagehide`), carrying the
 * headers the request layer sends: the bearer token, `X-Site` and `X-Finger`. `sendBeacon`
 * cannot send the token, so it is not used. Answers false when there is no login to report for.
 */
export function sendProgressOnLeave(report: ProgressReport): boolean {
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
