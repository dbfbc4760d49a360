import { type Kysely, type Migration, sql } from 'kysely';
import type { Engine } from '../database.ts';
import { createIndex } from './columns.ts';

/**
 * The media pipeline's work on each uploaded lesson video (`modules/media/video-ladder.ts`): one
 * row per upload (its address as stored, the primary key), its site, whether its HLS ladder is
 * `pending` (queued or transcoding), `ready` or `failed` (with the reason the console shows), the
 * job that makes it, what the probe found (length, size), the rungs made and where the master
 * playlist, the audio-only rendition and the poster are. A lesson plays its ladder only once the
 * row is ready, never half of it. Frozen: never edit, add a new migration.
 */
export function createVideoLadders(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('video_ladders')
        .addColumn('source_url', 'varchar(500)', (c) => c.primaryKey())
        .addColumn('site_key', 'varchar(40)', (c) => c.notNull())
        .addColumn('state', 'varchar(10)', (c) =>
          c.notNull().check(sql`state in ('pending', 'ready', 'failed')`),
        )
        .addColumn('reason', 'varchar(500)')
        .addColumn('job_id', 'varchar(60)')
        .addColumn('duration_seconds', engine === 'postgres' ? 'double precision' : 'real')
        .addColumn('width', 'integer')
        .addColumn('height', 'integer')
        .addColumn('rungs', 'varchar(100)', (c) => c.notNull().defaultTo(''))
        .addColumn('hls_url', 'varchar(500)')
        .addColumn('audio_url', 'varchar(500)')
        .addColumn('poster_url', 'varchar(500)')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await createIndex(db, 'video_ladders_site_idx', 'video_ladders', ['site_key', 'state']);
    },
  };
}
