import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * Drops the places' spatial index of `20261129_0900_index_places_spatially` (SQLite's R*Tree with
 * its three triggers, PostgreSQL's GiST index): the nearest-places query now reads a k-d tree
 * of the site's places in memory (`modules/places/near-index.ts`), and nothing else read it,
 * while every write of a place still paid for it.
 * Frozen: never edit, add a new migration.
 */
export function dropPlacesSpatialIndex(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (engine === 'postgres') {
        await sql`DROP INDEX IF EXISTS map_places_point_idx`.execute(db);
        return;
      }
      for (const trigger of ['insert', 'move', 'delete']) {
        await sql`DROP TRIGGER IF EXISTS ${sql.raw(`map_places_rtree_${trigger}`)}`.execute(db);
      }
      await sql`DROP TABLE IF EXISTS map_places_rtree`.execute(db);
    },
  };
}
