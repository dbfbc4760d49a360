import { type Kysely, sql } from 'kysely';
import { compiledCount, compiledOnce, perShape } from '../../db/compiled.ts';
import type { Database } from '../../db/schema.ts';
import type { SeatLedger } from '../seats/seats.ts';

type Db = Kysely<Database>;

/** A booking's seats: the visit slots, one booking row per (slot, learner), a party per row. */
export const BOOKING_SEATS: SeatLedger<'base_bookings'> = {
  parent: 'base_slots',
  signups: 'base_bookings',
  parentKey: 'slot_id',
  signedAt: 'booked_at',
  seatCount: 'party_size',
};

/** The published bases of the site, as a query (category `base` of the learning map). */
export function basesOf(db: Db, siteKey: string) {
  return db
    .selectFrom('map_places as p')
    .where('p.site_key', '=', siteKey)
    .where('p.category', '=', 'base')
    .where('p.published', '=', 1);
}

/** Counts the site's bases. */
export async function countBases(db: Db, siteKey: string): Promise<number> {
  const row = await basesOf(db, siteKey)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One window of the site's bases, by name order (ids break ties). */
export function listBaseRows(db: Db, siteKey: string, limit: number, offset: number) {
  return basesOf(db, siteKey)
    .select(['p.id', 'p.name', 'p.street', 'p.address', 'p.cover'])
    .orderBy('p.id')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** A published base of the site by its place id. */
export function findBase(db: Db, siteKey: string, placeId: number) {
  return basesOf(db, siteKey).selectAll('p').where('p.id', '=', placeId).executeTakeFirst();
}

/** The published programmes of `placeIds` (learners see no other), in their order. */
export function listProgrammes(db: Db, placeIds: readonly number[]) {
  if (placeIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('base_programmes')
    .selectAll()
    .where('place_id', 'in', placeIds)
    .where('published', '=', 1)
    .orderBy('place_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** The slots of `programmeIds` that have not started at `now`, soonest first. */
export function listUpcomingSlots(db: Db, programmeIds: readonly number[], now: number) {
  if (programmeIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('base_slots')
    .selectAll()
    .where('programme_id', 'in', programmeIds)
    .where('start_at', '>', now)
    .orderBy('start_at')
    .orderBy('id')
    .execute();
}

/** The next slot with seats left of a published programme of each base among `placeIds`. */
export async function nextOpenSlots(db: Db, placeIds: readonly number[], now: number) {
  if (placeIds.length === 0) return [];
  return db
    .selectFrom('base_slots as s')
    .innerJoin('base_programmes as pr', 'pr.id', 's.programme_id')
    .select(['pr.place_id', 'pr.title', 's.start_at', 's.capacity', 's.seats_taken'])
    .where('pr.place_id', 'in', placeIds)
    .where('pr.published', '=', 1)
    .where('s.start_at', '>', now)
    .where(sql<boolean>`s.seats_taken < s.capacity`)
    .orderBy('s.start_at')
    .execute();
}

/** A slot with its programme (and whether learners see it) and base (for booking). */
export function findSlot(db: Db, slotId: number) {
  return db
    .selectFrom('base_slots as s')
    .innerJoin('base_programmes as pr', 'pr.id', 's.programme_id')
    .innerJoin('map_places as p', 'p.id', 'pr.place_id')
    .select([
      's.id',
      's.start_at',
      's.end_at',
      's.capacity',
      's.seats_taken',
      'pr.title',
      'pr.max_party',
      'pr.published as programme_published',
      'p.id as place_id',
      'p.name as place_name',
      'p.address',
      'p.site_key',
      'p.published',
      'p.category',
    ])
    .where('s.id', '=', slotId)
    .executeTakeFirst();
}

/** The learner's active bookings among `slotIds`, by slot. */
export async function myActiveBookings(db: Db, userId: number, slotIds: readonly number[]) {
  if (slotIds.length === 0) return new Map<number, number>();
  const rows = await db
    .selectFrom('base_bookings')
    .select(['id', 'slot_id'])
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .where('slot_id', 'in', slotIds)
    .execute();
  return new Map(rows.map((row) => [Number(row.slot_id), Number(row.id)]));
}

/** The learner's bookings on `siteKey` as a query, with slot, programme and base. */
function bookingsOf(db: Db, siteKey: string, userId: number) {
  return db
    .selectFrom('base_bookings as b')
    .innerJoin('base_slots as s', 's.id', 'b.slot_id')
    .innerJoin('base_programmes as pr', 'pr.id', 's.programme_id')
    .innerJoin('map_places as p', 'p.id', 'pr.place_id')
    .where('b.user_id', '=', userId)
    .where('p.site_key', '=', siteKey);
}

/**
 * Upcoming: active bookings whose slot has not ended. Past: the rest (ended, or cancelled).
 */
function whenFilter(when: 'upcoming' | 'past', now: number) {
  return when === 'upcoming'
    ? sql<boolean>`(b.status = 'active' and s.end_at > ${now})`
    : sql<boolean>`(b.status = 'cancelled' or s.end_at <= ${now})`;
}

// 我的预约 is read on every visit: its two queries are compiled once per tab (upcoming, past).
const countMyBookingsQuery = perShape((when: 'upcoming' | 'past') =>
  compiledCount((db, siteKey: string, userId: number, now: number) =>
    bookingsOf(db, siteKey, userId).where(whenFilter(when, now)),
  ),
);

export function countMyBookings(
  db: Db,
  siteKey: string,
  userId: number,
  when: 'upcoming' | 'past',
  now: number,
) {
  return countMyBookingsQuery(when)(db, siteKey, userId, now);
}

const myBookingsQuery = perShape((when: 'upcoming' | 'past') =>
  compiledOnce((db, siteKey: string, userId: number, now: number, limit: number, offset: number) =>
    bookingsOf(db, siteKey, userId)
      .where(whenFilter(when, now))
      .select([
        'b.id',
        'b.slot_id',
        'b.party_size',
        'b.contact_name',
        'b.contact_phone',
        'b.status',
        's.start_at',
        's.end_at',
        'pr.title',
        'p.id as place_id',
        'p.name as place_name',
        'p.address',
      ])
      .orderBy('s.start_at', when === 'upcoming' ? 'asc' : 'desc')
      .orderBy('b.id', when === 'upcoming' ? 'asc' : 'desc')
      .limit(limit)
      .offset(offset),
  ),
);

/** One window of the learner's bookings: upcoming soonest first, past latest first. */
export function listMyBookings(
  db: Db,
  siteKey: string,
  userId: number,
  when: 'upcoming' | 'past',
  now: number,
  limit: number,
  offset: number,
) {
  return myBookingsQuery(when)(db, siteKey, userId, now, limit, offset);
}

export type MyBookingRow = Awaited<ReturnType<typeof listMyBookings>>[number];

/** A learner's booking by id, with its slot times and the site of its base. */
export function findMyBooking(db: Db, userId: number, bookingId: number) {
  return db
    .selectFrom('base_bookings as b')
    .innerJoin('base_slots as s', 's.id', 'b.slot_id')
    .innerJoin('base_programmes as pr', 'pr.id', 's.programme_id')
    .innerJoin('map_places as p', 'p.id', 'pr.place_id')
    .select(['b.id', 'b.slot_id', 'b.party_size', 'b.status', 's.start_at', 'p.site_key'])
    .where('b.id', '=', bookingId)
    .where('b.user_id', '=', userId)
    .executeTakeFirst();
}
