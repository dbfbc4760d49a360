import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import type { Engine } from '../database.ts';
import { belongsTo, createIndex, idColumn, required, siteKeyColumn } from './columns.ts';

/**
 * Humanities walks (人文行走): routes of ordered stops (each stop a `map_places` row of
 * category `walk`), guided sessions with seats, and learners' check-ins at stops.
 *
 * - a stop's position is unique within its walk, and a place is a stop of a walk once;
 * - a session's seats are the shared seat keeping's (`modules/seats`), held by a CHECK;
 * - a learner has at most one signup row per session and one check-in per stop (UNIQUE keys);
 * - a check-in keeps the reported WGS-84 position (held to the globe's range) and its measured
 *   distance to the stop, so later readers (points) and the speed rule can use them.
 *
 * Frozen: never edit, add a new migration.
 */
export function createWalks(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(engine, db.schema.createTable('walks'))
        .$call(siteKeyColumn)
        .$call(required({ title: 'varchar(80)' }))
        .addColumn('intro', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('cover', 'varchar(300)')
        .$call(required({ distance_m: 'integer', duration_minutes: 'integer' }))
        .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .$call(required({ created_at: 'bigint', updated_at: 'bigint' }))
        .addCheckConstraint('walks_distance_check', sql`distance_m > 0`)
        .addCheckConstraint('walks_duration_check', sql`duration_minutes > 0`)
        .execute();
      await createIndex(db, 'walks_site_idx', 'walks', ['site_key', 'published', 'position']);

      await idColumn(engine, db.schema.createTable('walk_stops'))
        .$call(belongsTo('walk_id', 'walks.id'))
        .$call(belongsTo('place_id', 'map_places.id'))
        .$call(required({ position: 'integer' }))
        .addColumn('story', 'text', (c) => c.notNull().defaultTo(''))
        .addUniqueConstraint('walk_stops_walk_position_key', ['walk_id', 'position'])
        .addUniqueConstraint('walk_stops_walk_place_key', ['walk_id', 'place_id'])
        .execute();

      await idColumn(engine, db.schema.createTable('walk_sessions'))
        .$call(belongsTo('walk_id', 'walks.id'))
        .$call(
          required({
            start_at: 'bigint',
            end_at: 'bigint',
            meeting_point: 'varchar(200)',
            guide: 'varchar(40)',
            capacity: 'integer',
          }),
        )
        .addColumn('seats_taken', 'integer', (c) => c.notNull().defaultTo(0))
        .$call(required({ created_at: 'bigint', updated_at: 'bigint' }))
        .addCheckConstraint('walk_sessions_capacity_check', sql`capacity >= 1`)
        .addCheckConstraint(
          'walk_sessions_seats_check',
          sql`seats_taken >= 0 AND seats_taken <= capacity`,
        )
        .addCheckConstraint('walk_sessions_times_check', sql`end_at > start_at`)
        .execute();
      await createIndex(db, 'walk_sessions_walk_start_idx', 'walk_sessions', [
        'walk_id',
        'start_at',
      ]);

      await idColumn(engine, db.schema.createTable('walk_signups'))
        .$call(belongsTo('session_id', 'walk_sessions.id'))
        .$call(belongsTo('user_id', 'users.id'))
        .$call(
          required({
            status: 'varchar(16)',
            signed_at: 'bigint',
            created_at: 'bigint',
            updated_at: 'bigint',
          }),
        )
        .addUniqueConstraint('walk_signups_session_user_key', ['session_id', 'user_id'])
        .addCheckConstraint('walk_signups_status_check', sql`status in ('active', 'cancelled')`)
        .execute();
      await createIndex(db, 'walk_signups_user_idx', 'walk_signups', ['user_id', 'status']);

      await idColumn(engine, db.schema.createTable('walk_checkins'))
        .$call(belongsTo('walk_id', 'walks.id'))
        .$call(belongsTo('stop_id', 'walk_stops.id'))
        .$call(belongsTo('user_id', 'users.id'))
        .$call(
          required({
            lat: 'double precision',
            lng: 'double precision',
            distance_m: 'integer',
            checked_at: 'bigint',
          }),
        )
        .addUniqueConstraint('walk_checkins_stop_user_key', ['stop_id', 'user_id'])
        .addCheckConstraint('walk_checkins_lat_check', sql`lat >= -90 AND lat <= 90`)
        .addCheckConstraint('walk_checkins_lng_check', sql`lng >= -180 AND lng <= 180`)
        .execute();
      await createIndex(db, 'walk_checkins_user_time_idx', 'walk_checkins', [
        'user_id',
        'checked_at',
      ]);
      await createIndex(db, 'walk_checkins_user_walk_idx', 'walk_checkins', ['user_id', 'walk_id']);
    },
  };
}
