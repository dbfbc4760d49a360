import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

const HOUR = 3_600_000;

/** Inserts a published map place of `jingan` in `category`; answers its id. */
export async function createPlace(
  db: Kysely<Database>,
  category: 'base' | 'walk',
  at: { lat: number; lng: number },
  name = `测试地点${randomBytes(3).toString('hex')}`,
): Promise<number> {
  const now = Date.now();
  const row = await db
    .insertInto('map_places')
    .values({
      site_key: 'jingan',
      category,
      kind: category === 'base' ? '体验基地' : '人文行走点',
      parent_id: null,
      name,
      street: '静安寺街道',
      address: `静安区${name}`,
      lat: at.lat,
      lng: at.lng,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * An experience base with one programme (parties of up to `maxParty`) and one slot of
 * `capacity` starting `startsIn` ms from now; answers their ids.
 */
export async function createBaseSlot(
  db: Kysely<Database>,
  options: { capacity?: number; maxParty?: number; startsIn?: number; seatsTaken?: number } = {},
) {
  const { capacity = 20, maxParty = 5, startsIn = 48 * HOUR, seatsTaken = 0 } = options;
  const now = Date.now();
  const placeId = await createPlace(db, 'base', { lat: 31.2235, lng: 121.4455 });
  const programme = await db
    .insertInto('base_programmes')
    .values({
      place_id: placeId,
      site_key: 'jingan',
      title: '非遗剪纸体验',
      intro: '<p>跟着老师学剪纸</p>',
      duration_minutes: 90,
      audience: '老年学员',
      max_party: maxParty,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const slot = await db
    .insertInto('base_slots')
    .values({
      programme_id: programme.id,
      start_at: now + startsIn,
      end_at: now + startsIn + 2 * HOUR,
      capacity,
      seats_taken: seatsTaken,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { placeId, programmeId: programme.id, slotId: slot.id };
}

/** The stops of the test walk: about 300 m apart along 愚园路. */
export const TEST_STOPS = [
  { lat: 31.2235, lng: 121.4385 },
  { lat: 31.2245, lng: 121.4415 },
  { lat: 31.2255, lng: 121.4445 },
  { lat: 31.2265, lng: 121.4475 },
] as const;

/** A published walk of `jingan` with the {@link TEST_STOPS} and one guided session. */
export async function createWalk(
  db: Kysely<Database>,
  options: { capacity?: number; startsIn?: number } = {},
) {
  const { capacity = 20, startsIn = 48 * HOUR } = options;
  const now = Date.now();
  const walk = await db
    .insertInto('walks')
    .values({
      site_key: 'jingan',
      title: `愚园路漫步${randomBytes(2).toString('hex')}`,
      intro: '<p>走一走愚园路</p>',
      cover: null,
      distance_m: 1200,
      duration_minutes: 60,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const stopIds: number[] = [];
  for (const [index, at] of TEST_STOPS.entries()) {
    const placeId = await createPlace(
      db,
      'walk',
      at,
      `站点${index + 1}-${randomBytes(2).toString('hex')}`,
    );
    const stop = await db
      .insertInto('walk_stops')
      .values({
        walk_id: walk.id,
        place_id: placeId,
        position: index + 1,
        story: `第${index + 1}站的故事`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    stopIds.push(stop.id);
  }
  const session = await db
    .insertInto('walk_sessions')
    .values({
      walk_id: walk.id,
      start_at: now + startsIn,
      end_at: now + startsIn + 2 * HOUR,
      meeting_point: '静安寺地铁站1号口',
      guide: '李老师',
      capacity,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { walkId: walk.id, stopIds, sessionId: session.id };
}

/** A slot's seat count and its active bookings' parties. */
export async function slotSeatsOf(db: Kysely<Database>, slotId: number) {
  const slot = await db
    .selectFrom('base_slots')
    .select('seats_taken')
    .where('id', '=', slotId)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('base_bookings')
    .select(['user_id', 'party_size', 'status'])
    .where('slot_id', '=', slotId)
    .execute();
  return {
    seatsTaken: Number(slot.seats_taken),
    active: rows.filter((row) => row.status === 'active'),
    rows,
  };
}
