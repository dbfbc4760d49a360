import type { LiveState } from '@portal/contract';
import { type Kysely, sql } from 'kysely';
import { countRows, hasRow, insertReturningIds } from '../../db/rows.ts';
import type { Database, NewLiveChannelRow, NewLiveSessionRow } from '../../db/schema.ts';
import { publishedOn } from '../content/published.ts';

/** The published channels of a site, in their order. */
export function listChannelRows(db: Kysely<Database>, siteKey: string) {
  return db
    .selectFrom('live_channels as ch')
    .select(['ch.id', 'ch.name', 'ch.cover', 'ch.introduction'])
    .where(publishedOn(siteKey, 'ch'))
    .orderBy('ch.sort')
    .orderBy('ch.id')
    .execute();
}

/** How many published sessions of the site each channel has, by channel id. */
export async function countSessionsPerChannel(db: Kysely<Database>, siteKey: string) {
  const rows = await db
    .selectFrom('live_sessions as s')
    .select(['s.channel_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where(publishedOn(siteKey, 's'))
    .groupBy('s.channel_id')
    .execute();
  return new Map(rows.map((row) => [Number(row.channel_id), Number(row.n)]));
}

export interface LiveSessionFilter {
  siteKey: string;
  now: number;
  state?: LiveState | undefined;
  channelId?: number | undefined;
}

/** The published sessions (`s`) of a site in a published channel (`ch`). */
export function publishedSessions(db: Kysely<Database>, siteKey: string) {
  return db
    .selectFrom('live_sessions as s')
    .innerJoin('live_channels as ch', 'ch.id', 's.channel_id')
    .where(publishedOn(siteKey, 's'))
    .where('ch.published', '=', 1);
}

/**
 * The published sessions of a site (in a published channel) matching the filter, as a query to
 * count or page. The state is the contract's `liveStateAt` written as ranges of the times.
 */
function filteredSessions(db: Kysely<Database>, filter: LiveSessionFilter) {
  let query = publishedSessions(db, filter.siteKey);
  if (filter.channelId !== undefined) query = query.where('s.channel_id', '=', filter.channelId);
  if (filter.state === 'upcoming') query = query.where('s.starts_at', '>', filter.now);
  if (filter.state === 'live') {
    query = query.where('s.starts_at', '<=', filter.now).where('s.ends_at', '>', filter.now);
  }
  if (filter.state === 'ended') query = query.where('s.ends_at', '<=', filter.now);
  return query;
}

/** How many published sessions of the site match the filter. */
export function countSessions(db: Kysely<Database>, filter: LiveSessionFilter) {
  return countRows(filteredSessions(db, filter));
}

/** The columns of a session card (`publishedSessions`' aliases). */
export const SUMMARY_COLUMNS = [
  's.id',
  's.title',
  's.cover',
  's.channel_id',
  'ch.name as channel_name',
  's.speaker',
  's.speaker_title',
  's.starts_at',
  's.ends_at',
  's.replay_url',
] as const;

/**
 * One page of the matching sessions: live ones first, then upcoming by start time, then ended
 * ones, the latest start first (ties by id).
 */
export function listSessionRows(
  db: Kysely<Database>,
  filter: LiveSessionFilter & { limit: number; offset: number },
) {
  const { now } = filter;
  const ended = sql`s.ends_at <= ${now}`;
  return filteredSessions(db, filter)
    .select(SUMMARY_COLUMNS)
    .orderBy(sql`case when ${ended} then 2 when s.starts_at > ${now} then 1 else 0 end`)
    .orderBy(sql`case when ${ended} then -s.starts_at else s.starts_at end`)
    .orderBy('s.id')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
}

export type LiveSessionSummaryRow = Awaited<ReturnType<typeof listSessionRows>>[number];

/** A published session of the site (in a published channel) with its channel, or undefined. */
export function findSessionRow(db: Kysely<Database>, siteKey: string, id: number) {
  return (
    publishedSessions(db, siteKey)
      // An uploaded replay plays its HLS ladder once the whole of it is ready (the media
      // pipeline's, as lesson videos do), the upload as it came until then.
      .leftJoin('video_ladders as v', (join) =>
        join.onRef('v.source_url', '=', 's.replay_url').on('v.state', '=', 'ready'),
      )
      .select([
        ...SUMMARY_COLUMNS,
        'ch.cover as channel_cover',
        's.introduction',
        's.stream_url',
        's.course_id',
        'v.hls_url as replay_hls_url',
      ])
      .where('s.id', '=', id)
      .executeTakeFirst()
  );
}

/** True when the learner holds a reservation of the session. */
export function hasReservation(db: Kysely<Database>, userId: number, sessionId: number) {
  return hasRow(
    db
      .selectFrom('live_reservations')
      .where('user_id', '=', userId)
      .where('session_id', '=', sessionId),
  );
}

/**
 * Reserves a session for the learner; a second reservation (even a concurrent one) finds the
 * `(user_id, session_id)` key taken and changes nothing.
 */
export function insertReservation(
  db: Kysely<Database>,
  row: { user_id: number; session_id: number; created_at: number },
) {
  return db
    .insertInto('live_reservations')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'session_id']).doNothing())
    .execute();
}

/** Removes the learner's reservation of a session, if any. */
export function deleteReservation(db: Kysely<Database>, userId: number, sessionId: number) {
  return db
    .deleteFrom('live_reservations')
    .where('user_id', '=', userId)
    .where('session_id', '=', sessionId)
    .execute();
}

/** The learner's reservations of the site's published sessions, as a query. */
export function scheduleQuery(db: Kysely<Database>, siteKey: string, userId: number) {
  return db
    .selectFrom('live_reservations as r')
    .innerJoin('live_sessions as s', 's.id', 'r.session_id')
    .innerJoin('live_channels as ch', 'ch.id', 's.channel_id')
    .where('r.user_id', '=', userId)
    .where(publishedOn(siteKey, 's'))
    .where('ch.published', '=', 1);
}

/** How many published sessions of the site the learner reserved. */
export function countSchedule(db: Kysely<Database>, siteKey: string, userId: number) {
  return countRows(scheduleQuery(db, siteKey, userId));
}

/** One page of the learner's reserved sessions of the site, by start time (ties by id). */
export function listScheduleRows(
  db: Kysely<Database>,
  siteKey: string,
  userId: number,
  limit: number,
  offset: number,
) {
  return scheduleQuery(db, siteKey, userId)
    .select(SUMMARY_COLUMNS)
    .orderBy('s.starts_at')
    .orderBy('s.id')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** Inserts channels and answers their ids in order. */
export function insertLiveChannels(db: Kysely<Database>, rows: NewLiveChannelRow[]) {
  return insertReturningIds(db, 'live_channels', rows);
}

/** Inserts sessions (at most a few hundred at once) and answers their ids in order. */
export function insertLiveSessions(db: Kysely<Database>, rows: NewLiveSessionRow[]) {
  return insertReturningIds(db, 'live_sessions', rows);
}

/** Records a viewer's heartbeat: one upsert on the `(session_id, viewer_key)` key. */
export function upsertViewer(
  db: Kysely<Database>,
  row: { session_id: number; viewer_key: string; last_seen: number },
) {
  return db
    .insertInto('live_viewers')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['session_id', 'viewer_key']).doUpdateSet((eb) => ({
        last_seen: eb.ref('excluded.last_seen'),
      })),
    )
    .execute();
}

/** Removes the session's viewers last seen at or before `before`. */
export function deleteStaleViewers(db: Kysely<Database>, sessionId: number, before: number) {
  return db
    .deleteFrom('live_viewers')
    .where('session_id', '=', sessionId)
    .where('last_seen', '<=', before)
    .execute();
}

/** How many viewers of the session were seen after `since`. */
export function countViewers(db: Kysely<Database>, sessionId: number, since: number) {
  return countRows(
    db
      .selectFrom('live_viewers')
      .where('session_id', '=', sessionId)
      .where('last_seen', '>', since),
  );
}

/** The learner's watching of a session, or undefined before the first report. */
export function findWatching(db: Kysely<Database>, userId: number, sessionId: number) {
  return db
    .selectFrom('live_watching')
    .select(['position_seconds', 'watched_seconds', 'credited_until'])
    .where('user_id', '=', userId)
    .where('session_id', '=', sessionId)
    .executeTakeFirst();
}

/** Stores the learner's watching of a session: one upsert on the `(user_id, session_id)` key. */
export function saveWatching(
  db: Kysely<Database>,
  row: {
    user_id: number;
    session_id: number;
    position_seconds: number;
    watched_seconds: number;
    credited_until: number;
    now: number;
  },
) {
  const { now, ...values } = row;
  return db
    .insertInto('live_watching')
    .values({ ...values, created_at: now, updated_at: now })
    .onConflict((oc) =>
      oc.columns(['user_id', 'session_id']).doUpdateSet((eb) => ({
        position_seconds: eb.ref('excluded.position_seconds'),
        watched_seconds: eb.ref('excluded.watched_seconds'),
        credited_until: eb.ref('excluded.credited_until'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}

/** A published session (in a published channel) of any site, for its calendar file. */
export function findCalendarSession(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('live_sessions as s')
    .innerJoin('live_channels as ch', 'ch.id', 's.channel_id')
    .innerJoin('sites', 'sites.key', 's.site_key')
    .select([
      's.id',
      's.site_key',
      's.title',
      's.speaker',
      's.speaker_title',
      's.introduction',
      's.starts_at',
      's.ends_at',
      'ch.name as channel_name',
      'sites.name as site_name',
    ])
    .where('s.id', '=', id)
    .where('s.published', '=', 1)
    .where('ch.published', '=', 1)
    .executeTakeFirst();
}
