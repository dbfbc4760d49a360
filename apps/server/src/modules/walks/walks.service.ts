import {
  distanceMeters,
  formatDistance,
  type Page,
  type PageQuery,
  WALK_CHECKIN_RADIUS_M,
  WALK_MAX_SPEED_KMH,
  type WalkCard,
  type WalkCheckin,
  type WalkCheckinBody,
  type WalkDetail,
  type WalkProgress,
} from '@portal/contract';
import { type Kysely, sql } from 'kysely';
import { isUniqueViolation } from '../../db/database.ts';
import { readPage } from '../../db/paging.ts';
import type { Database } from '../../db/schema.ts';
import { conflict, invalid, notFound } from '../../platform/errors.ts';
import type { PublicCache } from '../../platform/public-cache.ts';
import { reportMoment } from '../../platform/recorded-at.ts';
import { sanitizeArticleHtml } from '../../platform/sanitize-html.ts';
import { isoTime } from '../../platform/time.ts';
import { releaseSeatAndCancel, signUpOrRefuse } from '../seats/seats.ts';
import {
  checkinCounts,
  countWalks,
  findSession,
  findStop,
  findWalk,
  latestCheckin,
  listStops,
  listUpcomingSessions,
  listWalkRows,
  myCheckins,
  mySignups,
  stopCounts,
  WALK_SEATS,
} from './walks.queries.ts';

/** The Chinese answers of the walk rules. */
export const WalkTexts = {
  walk: '行走路线',
  session: '导览场次',
  stop: '站点',
  full: '名额已满',
  started: '该场次已开始或已结束',
  duplicate: '您已报名该场次',
  notSignedUp: '您未报名该场次',
  tooFar: (meters: number, name: string) =>
    `距离「${name}」还有约${formatDistance(meters)}，请走到 ${WALK_CHECKIN_RADIUS_M} 米以内再打卡`,
  tooFast: '与上次打卡的位置相距太远、时间太短，请步行到达后再打卡',
  tooOld: '这次离线打卡已超过 7 天，不再计入',
  already: '您已在该站点打过卡',
} as const;

function progressOf(done: number, total: number): WalkProgress {
  return { done, total, completed: total > 0 && done >= total };
}

/** Humanities walks (人文行走): routes, guided sessions with seats, check-ins at stops. */
export class WalkService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: () => number = Date.now,
    /** Visitors' kept answers (a session's seats left among them), dropped on a change. */
    private readonly publicCache?: PublicCache,
  ) {}

  /** The site's walks with their stop counts and the caller's progress. */
  async list(siteKey: string, query: PageQuery, userId: number | null): Promise<Page<WalkCard>> {
    return readPage(
      query,
      {
        count: () => countWalks(this.db, siteKey),
        rows: ({ limit, offset }) => listWalkRows(this.db, siteKey, limit, offset),
      },
      async (rows) => {
        const ids = rows.map((row) => Number(row.id));
        const [stops, done] = await Promise.all([
          stopCounts(this.db, ids),
          userId === null ? new Map<number, number>() : checkinCounts(this.db, userId, ids),
        ]);
        return rows.map((row) => {
          const id = Number(row.id);
          const total = stops.get(id) ?? 0;
          return {
            id,
            title: row.title,
            cover: row.cover,
            distanceM: Number(row.distance_m),
            durationMinutes: Number(row.duration_minutes),
            stopCount: total,
            progress: progressOf(done.get(id) ?? 0, total),
          };
        });
      },
    );
  }

  /** A walk with its stops in order, its upcoming sessions, and the caller's progress. */
  async detail(siteKey: string, walkId: number, userId: number | null): Promise<WalkDetail> {
    const now = this.clock();
    const walk = await findWalk(this.db, siteKey, walkId);
    if (!walk) throw notFound(WalkTexts.walk);
    const [stops, sessions, checkins] = await Promise.all([
      listStops(this.db, walkId),
      listUpcomingSessions(this.db, walkId, now),
      userId === null ? new Map<number, number>() : myCheckins(this.db, userId, walkId),
    ]);
    const signed =
      userId === null
        ? new Set<number>()
        : await mySignups(
            this.db,
            userId,
            sessions.map((s) => Number(s.id)),
          );
    const done = stops.filter((stop) => checkins.has(Number(stop.id))).length;
    return {
      id: Number(walk.id),
      title: walk.title,
      cover: walk.cover,
      intro: sanitizeArticleHtml(walk.intro),
      distanceM: Number(walk.distance_m),
      durationMinutes: Number(walk.duration_minutes),
      stopCount: stops.length,
      progress: progressOf(done, stops.length),
      stops: stops.map((stop) => {
        const at = checkins.get(Number(stop.id));
        return {
          id: Number(stop.id),
          placeId: Number(stop.place_id),
          position: Number(stop.position),
          name: stop.name,
          street: stop.street,
          address: stop.address,
          lat: Number(stop.lat),
          lng: Number(stop.lng),
          story: stop.story,
          checkedInAt: at === undefined ? null : isoTime(at),
        };
      }),
      sessions: sessions.map((session) => ({
        id: Number(session.id),
        startAt: isoTime(session.start_at),
        endAt: isoTime(session.end_at),
        meetingPoint: session.meeting_point,
        guide: session.guide,
        capacity: Number(session.capacity),
        seatsLeft: Math.max(0, Number(session.capacity) - Number(session.seats_taken)),
        signedUp: signed.has(Number(session.id)),
      })),
    };
  }

  private async openSession(siteKey: string, sessionId: number) {
    const session = await findSession(this.db, sessionId);
    if (!session || session.site_key !== siteKey || Number(session.published) !== 1) {
      throw notFound(WalkTexts.session);
    }
    if (Number(session.start_at) <= this.clock()) throw conflict(WalkTexts.started);
    return session;
  }

  /** Signs the learner up for a guided session (one seat); refused when full, started or twice. */
  async signup(siteKey: string, userId: number, sessionId: number): Promise<void> {
    await this.openSession(siteKey, sessionId);
    await signUpOrRefuse(
      this.db,
      WALK_SEATS,
      { parentId: sessionId, userId, now: this.clock(), values: {} },
      WalkTexts,
    );
    await this.publicCache?.invalidate(siteKey);
  }

  /** Cancels the learner's signup before the session starts and gives the seat back. */
  async cancel(siteKey: string, userId: number, sessionId: number): Promise<void> {
    await this.openSession(siteKey, sessionId);
    const released = await releaseSeatAndCancel(this.db, WALK_SEATS, {
      parentId: sessionId,
      userId,
      now: this.clock(),
    });
    if (!released.ok) throw conflict(WalkTexts.notSignedUp);
    await this.publicCache?.invalidate(siteKey);
  }

  /**
   * Checks the learner in at a stop from the position they report: refused (nothing written)
   * beyond the radius of the stop, when the learner could not have walked from their previous
   * check-in in the time since (faster than the speed limit), and at a stop already checked in
   * (the UNIQUE key decides between concurrent ones). Answers the progress after it.
   */
  async checkin(siteKey: string, userId: number, body: WalkCheckinBody): Promise<WalkCheckin> {
    // A check-in made offline is taken at the moment it was made (issue 32): the speed rule
    // holds between the moments the learner stood at the stops.
    const now = reportMoment(body.recordedAt, this.clock());
    if (now === null) throw invalid(WalkTexts.tooOld);
    const stop = await findStop(this.db, body.stopId);
    if (!stop || stop.site_key !== siteKey || Number(stop.published) !== 1) {
      throw notFound(WalkTexts.stop);
    }
    const done = await myCheckins(this.db, userId, Number(stop.walk_id));
    if (done.has(body.stopId)) throw conflict(WalkTexts.already);
    const here = { lat: body.lat, lng: body.lng };
    const distance = distanceMeters(here, { lat: Number(stop.lat), lng: Number(stop.lng) });
    if (distance > WALK_CHECKIN_RADIUS_M) throw conflict(WalkTexts.tooFar(distance, stop.name));
    try {
      await this.db.transaction().execute(async (trx) => {
        // One learner's check-ins queue here (a row lock on PostgreSQL, the write lock on
        // SQLite), so two sent at once cannot both pass the speed rule against an older one.
        await sql`update users set id = id where id = ${userId}`.execute(trx);
        const previous = await latestCheckin(trx, userId);
        if (previous) {
          const from = { lat: Number(previous.lat), lng: Number(previous.lng) };
          const moved = distanceMeters(from, here);
          const hours = Math.max(0, now - Number(previous.checked_at)) / 3_600_000;
          // A few tens of metres are GPS noise: only a real move is held to the speed limit.
          if (moved > 50 && (hours === 0 || moved / 1000 / hours > WALK_MAX_SPEED_KMH)) {
            throw conflict(WalkTexts.tooFast);
          }
        }
        await trx
          .insertInto('walk_checkins')
          .values({
            walk_id: Number(stop.walk_id),
            stop_id: body.stopId,
            user_id: userId,
            lat: body.lat,
            lng: body.lng,
            distance_m: Math.round(distance),
            checked_at: now,
          })
          .execute();
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(WalkTexts.already);
      throw error;
    }
    const walkId = Number(stop.walk_id);
    const [totals, after] = await Promise.all([
      stopCounts(this.db, [walkId]),
      checkinCounts(this.db, userId, [walkId]),
    ]);
    return {
      stopId: body.stopId,
      distanceM: Math.round(distance),
      progress: progressOf(after.get(walkId) ?? 0, totals.get(walkId) ?? 0),
    };
  }
}
