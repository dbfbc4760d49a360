import {
  ErrorCode,
  LIVE_VIEWER_WINDOW_MS,
  type LiveChannel,
  type LiveProgress,
  type LiveProgressReport,
  type LiveReservationResult,
  type LiveSessionDetail,
  type LiveSessionListQuery,
  type LiveSessionSummary,
  type LiveViewers,
  liveStateAt,
  type Page,
  type PageQuery,
  sitePrefix,
} from '@portal/contract';
import type { Kysely, Transaction } from 'kysely';
import { readPage } from '../../db/paging.ts';
import type { Database } from '../../db/schema.ts';
import { calendarFile, htmlToText } from '../../platform/calendar-file.ts';
import { AppError, conflict } from '../../platform/errors.ts';
import { type SideEffect, SideEffects } from '../../platform/side-effects.ts';
import { isoTime } from '../../platform/time.ts';
import { learningCredited } from '../study/learning-effects.ts';
import { lockLearnerClock } from '../study/learning-time.ts';
import { clampPosition, effectiveDuration } from '../study/study.rules.ts';
import {
  countSchedule,
  countSessions,
  countSessionsPerChannel,
  deleteReservation,
  findCalendarSession,
  findSessionRow,
  findWatching,
  hasReservation,
  insertReservation,
  type LiveSessionSummaryRow,
  listChannelRows,
  listScheduleRows,
  listSessionRows,
  saveWatching,
} from './live.queries.ts';
import { livePlaylist } from './live-playlist.ts';
import type { LiveSources } from './live-source.ts';
import type { ViewerStore } from './live-viewers.ts';

export const LiveMessages = {
  notFound: '课程直播不存在或已下线',
  notReservable: '直播已开始或已结束，无法预约',
  notStarted: '直播尚未开始，请在开播后观看',
  ended: '直播已结束',
  endedWithReplay: '直播已结束，请观看回放',
  notLive: '直播未在进行中',
  noStream: '直播信号暂不可用，请稍后再试',
  notWatchable: '这场直播现在没有可观看的内容',
} as const;

/**
 * Where the live playlist is served: media beside the other playlists under `/media/`, not an
 * `/api` answer (its failures still answer the envelope, see the route).
 */
export const LIVE_STREAM_PATH = '/media/live/stream.m3u8';

/** The live playlist of a session of a site (players fetch it without headers). */
export const streamUrlOf = (siteKey: string, id: number) =>
  `${LIVE_STREAM_PATH}?site=${encodeURIComponent(siteKey)}&id=${id}`;

/** Positions and watched totals are answered to the tenth of a second. */
const tenth = (seconds: number) => Math.round(seconds * 10) / 10;

/** What a session row tells of its times. */
const timesOf = (row: { starts_at: number | string; ends_at: number | string }) => ({
  startsAt: Number(row.starts_at),
  endsAt: Number(row.ends_at),
});

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
    private readonly watch: { viewers: ViewerStore; sources: LiveSources },
    // Looked up on each call (not bound once), so tests can move the clock.
    private readonly now: () => number = () => Date.now(),
    /** Reservations and their removal are recorded there (reminders hang off them). */
    private readonly effects: SideEffects = new SideEffects(),
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
    const now = this.now();
    const summary = toSummary(row, now);
    const live = summary.state === 'live';
    return {
      ...summary,
      introduction: row.introduction,
      channel: { id: row.channel_id, name: row.channel_name, cover: row.channel_cover },
      streamUrl: live && row.stream_url !== null ? streamUrlOf(siteKey, id) : null,
      replayUrl: summary.state === 'ended' ? (row.replay_hls_url ?? row.replay_url) : null,
      viewers: live ? await this.watch.viewers.count(id, now, LIVE_VIEWER_WINDOW_MS) : 0,
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
    const row = await this.session(siteKey, sessionId);
    const now = this.now();
    const times = { startsAt: Number(row.starts_at), endsAt: Number(row.ends_at) };
    if (liveStateAt(times, now) !== 'upcoming') throw conflict(LiveMessages.notReservable);
    await this.changeReservation(
      { kind: 'live.reserve', siteKey, userId, sessionId, now },
      { sessionId, title: row.title, startAt: times.startsAt },
      (trx) => insertReservation(trx, { user_id: userId, session_id: sessionId, created_at: now }),
    );
    return { sessionId, reserved: true };
  }

  /** Removes the learner's reservation of a session of the site; removing none is a success. */
  async unreserve(
    siteKey: string,
    userId: number,
    sessionId: number,
  ): Promise<LiveReservationResult> {
    await this.session(siteKey, sessionId);
    await this.changeReservation(
      { kind: 'live.unreserve', siteKey, userId, sessionId, now: this.now() },
      { sessionId },
      (trx) => deleteReservation(trx, userId, sessionId),
    );
    return { sessionId, reserved: false };
  }

  /** A published session of the site, or 404. */
  private async session(siteKey: string, sessionId: number) {
    const row = await findSessionRow(this.db, siteKey, sessionId);
    if (!row) throw sessionGone();
    return row;
  }

  /**
   * Writes a change of a reservation and records it as the side effect `kind` (reminders hang
   * off it) in one transaction.
   */
  private changeReservation(
    change: {
      kind: 'live.reserve' | 'live.unreserve';
      siteKey: string;
      userId: number;
      sessionId: number;
      now: number;
    },
    detail: SideEffect['detail'],
    write: (trx: Transaction<Database>) => Promise<unknown>,
  ) {
    const { kind, siteKey, userId, sessionId, now } = change;
    return this.db.transaction().execute(async (trx) => {
      await write(trx);
      await this.effects.record(trx, {
        kind,
        siteKey,
        learnerId: userId,
        key: `${kind}:${sessionId}:${userId}:${now}`,
        detail,
      });
    });
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

  /**
   * The live HLS playlist of a session of the site while it is live: its source's segments in a
   * loop from the start (see `live-playlist.ts`). Upcoming and ended sessions answer 409.
   */
  async stream(siteKey: string, id: number): Promise<string> {
    const row = await this.session(siteKey, id);
    const now = this.now();
    const times = timesOf(row);
    const state = liveStateAt(times, now);
    if (state === 'upcoming') throw conflict(LiveMessages.notStarted);
    if (state === 'ended') {
      throw conflict(row.replay_url ? LiveMessages.endedWithReplay : LiveMessages.ended);
    }
    const segments = row.stream_url ? await this.watch.sources.segments(row.stream_url) : [];
    if (segments.length === 0) throw new AppError(ErrorCode.notFound, LiveMessages.noStream);
    return livePlaylist(segments, now - times.startsAt);
  }

  /**
   * A heartbeat of a viewer (`u:<id>` or `d:<device>`; null counts nobody) of a live session of
   * the site; answers the viewers now. The time is the server's; a session that is not live
   * answers 409 and records nothing.
   */
  async heartbeat(siteKey: string, sessionId: number, viewer: string | null): Promise<LiveViewers> {
    const row = await findSessionRow(this.db, siteKey, sessionId);
    if (!row) throw sessionGone();
    const now = this.now();
    if (liveStateAt(timesOf(row), now) !== 'live') throw conflict(LiveMessages.notLive);
    const { viewers } = this.watch;
    const count =
      viewer === null
        ? await viewers.count(sessionId, now, LIVE_VIEWER_WINDOW_MS)
        : await viewers.beat(sessionId, viewer, now, LIVE_VIEWER_WINDOW_MS);
    return { sessionId, viewers: count };
  }

  /** The learner's watching of a session of the site: where the replay resumes. */
  async watching(siteKey: string, userId: number, sessionId: number): Promise<LiveProgress> {
    const [row, watching] = await Promise.all([
      findSessionRow(this.db, siteKey, sessionId),
      findWatching(this.db, userId, sessionId),
    ]);
    if (!row) throw sessionGone();
    return {
      sessionId,
      positionSeconds: tenth(Number(watching?.position_seconds ?? 0)),
      watchedSeconds: tenth(Number(watching?.watched_seconds ?? 0)),
      countedSeconds: 0,
    };
  }

  /**
   * Records what the player reports of a live session of the site (live, or ended with a
   * replay): learning time credited by the study rules (server clock, per session and per
   * learner, into today's learning day), and the replay's position, clamped to the session's
   * length. One transaction, serialized per learner by their study clock.
   */
  async reportWatching(
    siteKey: string,
    userId: number,
    report: LiveProgressReport,
  ): Promise<LiveProgress> {
    const row = await findSessionRow(this.db, siteKey, report.sessionId);
    if (!row) throw sessionGone();
    const times = timesOf(row);
    return this.db.transaction().execute(async (trx) => {
      const clock = await lockLearnerClock(trx, userId, this.now, 'live');
      const state = liveStateAt(times, clock.now);
      const replay = state === 'ended' && row.replay_url !== null;
      if (state !== 'live' && !replay) throw conflict(LiveMessages.notWatchable);
      const previous = await findWatching(trx, userId, report.sessionId);
      const { item, countedMs } = await clock.credit(
        report.watchedSeconds * 1000,
        previous ? Number(previous.credited_until) : null,
      );
      const length = (times.endsAt - times.startsAt) / 1000;
      const position = replay
        ? clampPosition(report.positionSeconds, effectiveDuration(length, report.durationSeconds))
        : Number(previous?.position_seconds ?? 0);
      const watched = Number(previous?.watched_seconds ?? 0) + item.creditedMs / 1000;
      await saveWatching(trx, {
        user_id: userId,
        session_id: report.sessionId,
        position_seconds: position,
        watched_seconds: watched,
        credited_until: item.creditedUntil,
        now: clock.now,
      });
      // After the save: the award checks count the sessions watched, this one included.
      if (countedMs > 0) {
        await this.effects.record(
          trx,
          learningCredited(siteKey, userId, 'live', report.sessionId, clock.now),
        );
      }
      return {
        sessionId: report.sessionId,
        positionSeconds: tenth(position),
        watchedSeconds: tenth(watched),
        countedSeconds: countedMs / 1000,
      };
    });
  }

  /**
   * The iCalendar file of a published session (any site), or null: `host` names the server in
   * the event's UID, `origin` starts the link to its detail page.
   */
  async calendar(id: number, host: string, origin: string) {
    const row = await findCalendarSession(this.db, id);
    if (!row) return null;
    const speaker = [row.speaker, row.speaker_title].filter(Boolean).join('，');
    const text = calendarFile({
      uid: `live-${row.id}@${host}`,
      kind: '课程直播',
      title: row.title,
      place: `线上直播 · ${row.channel_name}`,
      description: [`主讲：${speaker}`, htmlToText(row.introduction)].join('\n'),
      startAt: Number(row.starts_at),
      endAt: Number(row.ends_at),
      stamp: this.now(),
      url: `${origin}${sitePrefix(row.site_key)}/liveDetails?id=${row.id}`,
      producer: row.site_name,
    });
    return { title: row.title, text };
  }
}
