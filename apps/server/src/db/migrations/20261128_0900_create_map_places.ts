import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import type { Engine } from '../database.ts';
import { createIndex, idColumn, required, siteKeyColumn } from './columns.ts';

/**
 * The places of the learning map (学习地图): learning points, schools and their branches,
 * experience bases and humanities-walk stops, each with its WGS-84 coordinates (the datum of
 * GPS; the web converts to the tiles' datum when it draws them).
 *
 * - `category` is what the map filters by; `kind` is the name shown (社区学校, 老年大学分校...);
 * - `parent_id` links a branch to its school;
 * - `hours` is the weekly opening hours as JSON (`[{ days: [1..7], open: 'HH:mm', close: 'HH:mm' }]`,
 *   Asia/Shanghai), `photos` a JSON array of image paths;
 * - the coordinates are held to the globe's range by CHECKs; the indexes on `lat` serve the
 *   bounding box that the nearest-places query narrows to before it measures distances.
 *
 * Frozen: never edit, add a new migration.
 */
export function createMapPlaces(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(engine, db.schema.createTable('map_places'))
        .$call(siteKeyColumn)
        .$call(required({ category: 'varchar(16)', kind: 'varchar(20)' }))
        .addColumn('parent_id', 'integer', (c) =>
          c.references('map_places.id').onDelete('set null'),
        )
        .$call(
          required({
            name: 'varchar(80)',
            street: 'varchar(40)',
            address: 'varchar(200)',
            lat: 'double precision',
            lng: 'double precision',
          }),
        )
        .addColumn('phone', 'varchar(40)', (c) => c.notNull().defaultTo(''))
        .addColumn('hours', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('intro', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('cover', 'varchar(300)')
        .addColumn('photos', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
        .$call(required({ created_at: 'bigint', updated_at: 'bigint' }))
        .addCheckConstraint(
          'map_places_category_check',
          sql`category in ('point', 'school', 'base', 'walk')`,
        )
        .addCheckConstraint('map_places_lat_check', sql`lat >= -90 AND lat <= 90`)
        .addCheckConstraint('map_places_lng_check', sql`lng >= -180 AND lng <= 180`)
        .execute();
      await createIndex(db, 'map_places_site_category_lat_idx', 'map_places', [
        'site_key',
        'category',
        'lat',
      ]);
      await createIndex(db, 'map_places_site_lat_idx', 'map_places', ['site_key', 'lat']);
      await createIndex(db, 'map_places_parent_idx', 'map_places', ['parent_id']);
    },
  };
}
