import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { SeatLedger } from '../seats/seats.ts';

type Db = Kysely<Database>;

/** A guided walk's seats: its sessions, one signup row per (session, learner). */
export const WALK_SEATS: SeatLedger<'walk_signups'> = {
  parent: 'walk_sessions',
  signups: 'walk_signups',
  parentKey: 'session_id',
  signedAt: 'signed_at',
};

function walksOf(db: Db, siteKey: string) {
  return db.selectFrom('walks as w').where('w.site_key', '=', siteKey).where('w.published', '=', 1);
}

export async function countWalks(db: Db, siteKey: string): Promise<number> {
  const row = await walksOf(db, siteKey)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One window of the site's published walks, in their order. */
export function listWalkRows(db: Db, siteKey: string, limit: number, offset: number) {
  return walksOf(db, siteKey)
    .selectAll('w')
    .orderBy('w.position')
    .orderBy('w.id')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** A published walk of the site. */
export function findWalk(db: Db, siteKey: string, walkId: number) {
  return walksOf(db, siteKey).selectAll('w').where('w.id', '=', walkId).executeTakeFirst();
}

/** The number of stops of each walk among `walkIds`. */
export async function stopCounts(db: Db, walkIds: readonly number[]) {
  if (walkIds.length === 0) return new Map<number, number>();
  const rows = await db
    .selectFrom('walk_stops')
    .select(['walk_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('walk_id', 'in', walkIds)
    .groupBy('walk_id')
    .execute();
  return new Map(rows.map((row) => [Number(row.walk_id), Number(row.n)]));
}

/** The learner's check-in count on each walk among `walkIds`. */
export async function checkinCounts(db: Db, userId: number, walkIds: readonly number[]) {
  if (walkIds.length === 0) return new Map<number, number>();
  const rows = await db
    .selectFrom('walk_checkins')
    .select(['walk_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('user_id', '=', userId)
    .where('walk_id', 'in', walkIds)
    .groupBy('walk_id')
    .execute();
  return new Map(rows.map((row) => [Number(row.walk_id), Number(row.n)]));
}

/** The stops of a walk in order, with their places. */
export function listStops(db: Db, walkId: number) {
  return db
    .selectFrom('walk_stops as s')
    .innerJoin('map_places as p', 'p.id', 's.place_id')
    .select([
      's.id',
      's.place_id',
      's.position',
      's.story',
      'p.name',
      'p.street',
      'p.address',
      'p.lat',
      'p.lng',
    ])
    .where('s.walk_id', '=', walkId)
    .orderBy('s.position')
    .execute();
}

/** The learner's check-ins on a walk, by stop. */
export async function myCheckins(db: Db, userId: number, walkId: number) {
  const rows = await db
    .selectFrom('walk_checkins')
    .select(['stop_id', 'checked_at'])
    .where('user_id', '=', userId)
    .where('walk_id', '=', walkId)
    .execute();
  return new Map(rows.map((row) => [Number(row.stop_id), Number(row.checked_at)]));
}

/** The sessions of a walk that have not started at `now`, soonest first. */
export function listUpcomingSessions(db: Db, walkId: number, now: number) {
  return db
    .selectFrom('walk_sessions')
    .selectAll()
    .where('walk_id', '=', walkId)
    .where('start_at', '>', now)
    .orderBy('start_at')
    .orderBy('id')
    .execute();
}

/** The sessions among `sessionIds` the learner is actively signed up for. */
export async function mySignups(db: Db, userId: number, sessionIds: readonly number[]) {
  if (sessionIds.length === 0) return new Set<number>();
  const rows = await db
    .selectFrom('walk_signups')
    .select('session_id')
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .where('session_id', 'in', sessionIds)
    .execute();
  return new Set(rows.map((row) => Number(row.session_id)));
}

/** A session with its walk's site and state. */
export function findSession(db: Db, sessionId: number) {
  return db
    .selectFrom('walk_sessions as s')
    .innerJoin('walks as w', 'w.id', 's.walk_id')
    .select(['s.id', 's.walk_id', 's.start_at', 'w.site_key', 'w.published', 'w.title'])
    .where('s.id', '=', sessionId)
    .executeTakeFirst();
}

/** A stop with its place and walk (for a check-in). */
export function findStop(db: Db, stopId: number) {
  return db
    .selectFrom('walk_stops as s')
    .innerJoin('walks as w', 'w.id', 's.walk_id')
    .innerJoin('map_places as p', 'p.id', 's.place_id')
    .select(['s.id', 's.walk_id', 'p.lat', 'p.lng', 'p.name', 'w.site_key', 'w.published'])
    .where('s.id', '=', stopId)
    .executeTakeFirst();
}

/** The learner's latest check-in anywhere (for the speed rule). */
export function latestCheckin(db: Db, userId: number) {
  return db
    .selectFrom('walk_checkins')
    .select(['stop_id', 'lat', 'lng', 'checked_at'])
    .where('user_id', '=', userId)
    .orderBy('checked_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
