import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import type { Engine } from '../database.ts';
import { belongsTo, createIndex, idColumn, required } from './columns.ts';

/**
 * Visits to experience bases (体验基地): a base is a `map_places` row of category `base`; it
 * offers visit programmes (参观项目), each with visit slots, and learners book a slot for a party.
 *
 * - a slot's seats are the shared seat keeping's (`modules/seats`): `seats_taken` within
 *   `[0, capacity]` by a CHECK, so a slot is never overbooked; a booking of a party of N holds N;
 * - a learner has at most one booking row per slot (a UNIQUE key; cancelling keeps the row);
 * - a party is at least one person and at most the programme's `max_party` (checked by the
 *   service against the programme; the CHECKs hold the plain ranges).
 *
 * Frozen: never edit, add a new migration.
 */
export function createBaseVisits(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(engine, db.schema.createTable('base_programmes'))
        .$call(belongsTo('place_id', 'map_places.id'))
        .$call(required({ title: 'varchar(80)' }))
        .addColumn('intro', 'text', (c) => c.notNull().defaultTo(''))
        .$call(
          required({ duration_minutes: 'integer', audience: 'varchar(80)', max_party: 'integer' }),
        )
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .$call(required({ created_at: 'bigint', updated_at: 'bigint' }))
        .addCheckConstraint(
          'base_programmes_max_party_check',
          sql`max_party >= 1 AND max_party <= 50`,
        )
        .addCheckConstraint('base_programmes_duration_check', sql`duration_minutes > 0`)
        .execute();
      await createIndex(db, 'base_programmes_place_idx', 'base_programmes', [
        'place_id',
        'position',
      ]);

      await idColumn(engine, db.schema.createTable('base_slots'))
        .$call(belongsTo('programme_id', 'base_programmes.id'))
        .$call(required({ start_at: 'bigint', end_at: 'bigint', capacity: 'integer' }))
        .addColumn('seats_taken', 'integer', (c) => c.notNull().defaultTo(0))
        .$call(required({ created_at: 'bigint', updated_at: 'bigint' }))
        .addCheckConstraint('base_slots_capacity_check', sql`capacity >= 1`)
        .addCheckConstraint(
          'base_slots_seats_check',
          sql`seats_taken >= 0 AND seats_taken <= capacity`,
        )
        .addCheckConstraint('base_slots_times_check', sql`end_at > start_at`)
        .execute();
      await createIndex(db, 'base_slots_programme_start_idx', 'base_slots', [
        'programme_id',
        'start_at',
      ]);

      await idColumn(engine, db.schema.createTable('base_bookings'))
        .$call(belongsTo('slot_id', 'base_slots.id'))
        .$call(belongsTo('user_id', 'users.id'))
        .$call(
          required({
            party_size: 'integer',
            contact_name: 'varchar(40)',
            contact_phone: 'varchar(20)',
            status: 'varchar(16)',
            booked_at: 'bigint',
            created_at: 'bigint',
            updated_at: 'bigint',
          }),
        )
        .addUniqueConstraint('base_bookings_slot_user_key', ['slot_id', 'user_id'])
        .addCheckConstraint('base_bookings_status_check', sql`status in ('active', 'cancelled')`)
        .addCheckConstraint('base_bookings_party_check', sql`party_size >= 1`)
        .execute();
      await createIndex(db, 'base_bookings_user_idx', 'base_bookings', ['user_id', 'status']);
    },
  };
}
