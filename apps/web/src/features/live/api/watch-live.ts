import type { LiveProgress, LiveProgressReport, LiveViewers } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { get, post, sendOnLeave } from '@/platform/request.ts';

const PROGRESS_PATH = '/study/live-progress';

/**
 * `POST /api/live/heartbeat`: the caller is watching the live session now; answers the viewers
 * now. Quiet: a lost heartbeat only leaves the count as it was.
 */
export function sendHeartbeat(sessionId: number): Promise<LiveViewers> {
  return post<LiveViewers>('/live/heartbeat', { sessionId }, { quiet: true });
}

/** `GET /api/study/live-progress?sessionId=` (login): where the learner's replay resumes. */
export const liveProgressQueryOptions = (sessionId: number) =>
  queryOptions({
    queryKey: ['live', 'progress', sessionId],
    queryFn: ({ signal }) =>
      get<LiveProgress>(PROGRESS_PATH, { sessionId }, { signal, loginRequired: true }),
    // Read once per opening: the player itself moves on from there.
    staleTime: 0,
    gcTime: 0,
  });

/**
 * `POST /api/study/live-progress` (login): watching since the previous report, counted as
 * learning time; the replay's position. Quiet: a lost report is retried with the next one.
 */
export function reportLiveProgress(report: LiveProgressReport): Promise<LiveProgress> {
  return post<LiveProgress>(PROGRESS_PATH, report, { quiet: true, loginRequired: true });
}

/** The same report as the page is hidden or left; false when there is no login to report for. */
export function sendLiveProgressOnLeave(report: LiveProgressReport): boolean {
  return sendOnLeave(PROGRESS_PATH, report);
}

/** The calendar file of a session (public, served beside the API): a plain download link. */
export const liveCalendarUrl = (id: number) => `/ics/live-${id}.ics`;
