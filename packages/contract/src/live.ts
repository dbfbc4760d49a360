import { z } from 'zod';
import { pageQuery } from './envelope.ts';
import { LIVE_STATES } from './live-state.ts';
import { cardShape, idParam, idQuery } from './parts.ts';

/** `upcoming` (预告), `live` (直播中) or `ended` (已结束), by `liveStateAt`. */
export const liveStateSchema = z.enum(LIVE_STATES, {
  error: '只能是 upcoming（预告）、live（直播中）或 ended（已结束）',
});

/** `GET /api/live/channels`: a published live channel of the site. */
export const liveChannelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** URL path of a 16:9 cover. */
  cover: z.string(),
  /** Plain text. */
  introduction: z.string(),
  /** Published sessions of the channel. */
  sessionCount: z.number().int(),
});
export type LiveChannel = z.infer<typeof liveChannelSchema>;

/** A live session in a list (card). */
export const liveSessionSummarySchema = z.object({
  /** The cover is a 16:9 image. */
  ...cardShape(),
  channelId: z.number().int(),
  channelName: z.string(),
  speaker: z.string(),
  speakerTitle: z.string(),
  /** ISO 8601. */
  startsAt: z.string(),
  /** ISO 8601. */
  endsAt: z.string(),
  state: liveStateSchema,
  /** An ended session with a replay to watch. */
  hasReplay: z.boolean(),
});
export type LiveSessionSummary = z.infer<typeof liveSessionSummarySchema>;

/** `GET /api/live/sessions/detail?id=`: a published session of the site. */
export const liveSessionDetailSchema = liveSessionSummarySchema.extend({
  /** Rich HTML as stored: sanitize before showing it. */
  introduction: z.string(),
  channel: liveChannelSchema.pick({ id: true, name: true, cover: true }),
  /** The live HLS playlist while live (`/media/live/stream.m3u8?...`), else null. */
  streamUrl: z.string().nullable(),
  /** The replay (MP4 or HLS) once ended, else null. */
  replayUrl: z.string().nullable(),
  /** Viewers watching now (heartbeats in the last `LIVE_VIEWER_WINDOW_MS`); 0 unless live. */
  viewers: z.number().int(),
  courseId: z.number().int().nullable(),
  /** The caller has reserved it; false for a visitor. */
  reserved: z.boolean(),
});
export type LiveSessionDetail = z.infer<typeof liveSessionDetailSchema>;

/**
 * `GET /api/live/sessions`: one page of published sessions. Without `state`: live first, then
 * upcoming by start time, then ended, the latest first.
 */
export const liveSessionListQuerySchema = pageQuery.extend({
  state: liveStateSchema.optional(),
  channelId: idParam.optional(),
});
export type LiveSessionListQuery = z.infer<typeof liveSessionListQuerySchema>;

export const liveSessionDetailQuerySchema = idQuery();

/** `POST /api/live/reservations` and `/api/live/reservations/remove` (login): both idempotent. */
export const liveReservationBodySchema = idQuery('sessionId');
export type LiveReservationBody = z.infer<typeof liveReservationBodySchema>;

/** Answer of reserve and remove: whether the caller now holds a reservation. */
export const liveReservationResultSchema = z.object({
  sessionId: z.number().int(),
  reserved: z.boolean(),
});
export type LiveReservationResult = z.infer<typeof liveReservationResultSchema>;

/** `GET /api/live/schedule` (login): the caller's reserved sessions by start time. */
export const liveScheduleQuerySchema = pageQuery;

/**
 * `GET /media/live/stream.m3u8?site=&id=`: the live HLS playlist of a session of `site` while it
 * is live (media, not an `/api` answer; a player fetches it without headers, so the site is in
 * the URL). Its failures answer the envelope.
 */
export const liveStreamQuerySchema = z.object({
  site: z.string().min(1).max(32),
  id: idParam,
});
export type LiveStreamQuery = z.infer<typeof liveStreamQuerySchema>;

/**
 * `POST /api/live/heartbeat`: the caller is watching a live session now. A learner counts by
 * account; a visitor by the device key (`X-Finger`), or not at all without one. The server
 * keeps the time (other fields are dropped).
 */
export const liveHeartbeatBodySchema = idQuery('sessionId');
export type LiveHeartbeatBody = z.infer<typeof liveHeartbeatBodySchema>;

export const liveViewersSchema = z.object({
  sessionId: z.number().int(),
  /** Distinct viewers with a heartbeat in the last `LIVE_VIEWER_WINDOW_MS`. */
  viewers: z.number().int(),
});
export type LiveViewers = z.infer<typeof liveViewersSchema>;
