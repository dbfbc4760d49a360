/**
 * The state of a live session (课程直播) by its times: the one rule the server and the web app
 * share, so a session shows the same state everywhere.
 */
export const LIVE_STATES = ['upcoming', 'live', 'ended'] as const;
export type LiveState = (typeof LIVE_STATES)[number];

/** What a learner reads for each state. */
export const LIVE_STATE_LABELS: Readonly<Record<LiveState, string>> = {
  upcoming: '预告',
  live: '直播中',
  ended: '已结束',
};

/** A session's times: epoch milliseconds or ISO 8601 strings. */
export interface LiveTimes {
  startsAt: number | string;
  endsAt: number | string;
}

const ms = (time: number | string) => (typeof time === 'number' ? time : Date.parse(time));

/**
 * The state of a session at `now` (epoch ms): `upcoming` before `startsAt`, `live` from
 * `startsAt` (inclusive) until `endsAt` (exclusive), `ended` from `endsAt` on.
 */
export function liveStateAt(session: LiveTimes, now: number): LiveState {
  if (now >= ms(session.endsAt)) return 'ended';
  if (now >= ms(session.startsAt)) return 'live';
  return 'upcoming';
}

/** A viewer counts as watching for this long after their last heartbeat. */
export const LIVE_VIEWER_WINDOW_MS = 45_000;

/** How often a playing viewer sends a heartbeat (well inside the window). */
export const LIVE_HEARTBEAT_EVERY_MS = 15_000;
