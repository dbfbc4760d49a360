import {
  ErrorCode,
  type LiveChannel,
  type LiveReservationResult,
  type LiveSessionDetail,
  type LiveSessionListQuery,
  type LiveSessionSummary,
  liveStateAt,
  type Page,
  type PageQuery,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import { readPage } from '../../db/paging.ts';
import type { Database } from '../../db/schema.ts';
import { AppError, conflict } from '../../platform/errors.ts';
import { isoTime } from '../../platform/time.ts';
import {
  countSchedule,
  countSessions,
  countSessionsPerChannel,
  deleteReservation,
  findSessionRow,
  hasReservation,
  insertReservation,
  type LiveSessionSummaryRow,
  listChannelRows,
  listScheduleRows,
  listSessionRows,
} from './live.queries.ts';

export const LiveMessages = {
  notFound: '课程直播不存在或已下线',
  notReservable: '直播已开始或已结束，无法预约',
} as const;

/** Unknown, unpublished and other-site sessions all answer the same. */
const sessionGone = () => new AppError(ErrorCode.notFound, LiveMessages.notFound);

/** A session row as the contract's card, its state at `now`. */
export function toSummary(row: LiveSessionSummaryRow, now: number): LiveSessionSummary {
  const times = { startsAt: Number(row.starts_at), endsAt: Number(row.ends_at) };
  const state = liveStateAt(times, now);
  return {
    id: row.id,
    title: row.title,
    cover: row.cover,
    channelId: row.channel_id,
    channelName: row.channel_name,
    speaker: row.speaker,
    speakerTitle: row.speaker_title,
    startsAt: isoTime(times.startsAt),
    endsAt: isoTime(times.endsAt),
    state,
    hasReplay: state === 'ended' && row.replay_url !== null,
  };
}

/** The live channels and sessions of a site, and each learner's reservations. */
export class LiveService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  /** The site's published channels, in order, with their published session counts. */
  async channels(siteKey: string): Promise<LiveChannel[]> {
    const [rows, counts] = await Promise.all([
      listChannelRows(this.db, siteKey),
      countSessionsPerChannel(this.db, siteKey),
    ]);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      cover: row.cover,
      introduction: row.introduction,
      sessionCount: counts.get(row.id) ?? 0,
    }));
  }

  /** One page of the site's published sessions: live first, then upcoming, then ended. */
  async list(siteKey: string, query: LiveSessionListQuery): Promise<Page<LiveSessionSummary>> {
    const now = this.now();
    const filter = { siteKey, now, state: query.state, channelId: query.channelId };
    return readPage(
      query,
      {
        count: () => countSessions(this.db, filter),
        rows: (window) => listSessionRows(this.db, { ...filter, ...window }),
      },
      (rows) => rows.map((row) => toSummary(row, now)),
    );
  }

  /** A published session of the site; `reserved` tells whether the calling learner reserved it. */
  async detail(siteKey: string, id: number, userId: number | null): Promise<LiveSessionDetail> {
    const [row, reserved] = await Promise.all([
      findSessionRow(this.db, siteKey, id),
      userId === null ? false : hasReservation(this.db, userId, id),
    ]);
    if (!row) throw sessionGone();
    const summary = toSummary(row, this.now());
    return {
      ...summary,
      introduction: row.introduction,
      channel: { id: row.channel_id, name: row.channel_name, cover: row.channel_cover },
      streamUrl: summary.state === 'live' ? row.stream_url : null,
      replayUrl: summary.state === 'ended' ? row.replay_url : null,
      courseId: row.course_id,
      reserved,
    };
  }

  /**
   * Reserves an upcoming session for the learner. Reserving again answers the same and keeps
   * one row (the table's key, also under concurrent requests); a live or ended session answers
   * 409 and writes nothing.
   */
  async reserve(
    siteKey: string,
    userId: number,
    sessionId: number,
  ): Promise<LiveReservationResult> {
    const row = await findSessionRow(this.db, siteKey, sessionId);
    if (!row) throw sessionGone();
    const now = this.now();
    const times = { startsAt: Number(row.starts_at), endsAt: Number(row.ends_at) };
    if (liveStateAt(times, now) !== 'upcoming') throw conflict(LiveMessages.notReservable);
    await insertReservation(this.db, { user_id: userId, session_id: sessionId, created_at: now });
    return { sessionId, reserved: true };
  }

  /** Removes the learner's reservation of a session of the site; removing none is a success. */
  async unreserve(
    siteKey: string,
    userId: number,
    sessionId: number,
  ): Promise<LiveReservationResult> {
    const row = await findSessionRow(this.db, siteKey, sessionId);
    if (!row) throw sessionGone();
    await deleteReservation(this.db, userId, sessionId);
    return { sessionId, reserved: false };
  }

  /** One page of the learner's reserved sessions of the site, by start time. */
  schedule(siteKey: string, userId: number, query: PageQuery): Promise<Page<LiveSessionSummary>> {
    const now = this.now();
    return readPage(
      query,
      {
        count: () => countSchedule(this.db, siteKey, userId),
        rows: ({ limit, offset }) => listScheduleRows(this.db, siteKey, userId, limit, offset),
      },
      (rows) => rows.map((row) => toSummary(row, now)),
    );
  }
}
