import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * A spatial index of the map's places, for the nearest-places query at a district's scale: the
 * query reads only the places in a box around the point instead of a band of latitude across
 * the whole district.
 *
 * - SQLite: an R*Tree (`map_places_rtree`, one degenerate box per place: its point), filled from
 *   the places and kept by triggers on their insert, move and delete;
 * - PostgreSQL: a GiST index on the point `(lng, lat)`, which `<@ box(...)` reads.
 *
 * Frozen: never edit, add a new migration.
 */
export function indexPlacesSpatially(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (engine === 'postgres') {
        await sql`CREATE INDEX map_places_point_idx ON map_places USING gist (point(lng, lat))`.execute(
          db,
        );
        return;
      }
      await sql`CREATE VIRTUAL TABLE map_places_rtree
        USING rtree(id, min_lat, max_lat, min_lng, max_lng)`.execute(db);
      await sql`INSERT INTO map_places_rtree (id, min_lat, max_lat, min_lng, max_lng)
        SELECT id, lat, lat, lng, lng FROM map_places`.execute(db);
      await sql`CREATE TRIGGER map_places_rtree_insert AFTER INSERT ON map_places BEGIN
        INSERT INTO map_places_rtree (id, min_lat, max_lat, min_lng, max_lng)
        VALUES (new.id, new.lat, new.lat, new.lng, new.lng);
      END`.execute(db);
      await sql`CREATE TRIGGER map_places_rtree_move AFTER UPDATE OF lat, lng ON map_places BEGIN
        UPDATE map_places_rtree
        SET min_lat = new.lat, max_lat = new.lat, min_lng = new.lng, max_lng = new.lng
        WHERE id = new.id;
      END`.execute(db);
      await sql`CREATE TRIGGER map_places_rtree_delete AFTER DELETE ON map_places BEGIN
        DELETE FROM map_places_rtree WHERE id = old.id;
      END`.execute(db);
    },
  };
}
