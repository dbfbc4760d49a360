import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import type { Engine } from '../database.ts';
import { belongsTo, createIndex, idColumn, required, siteKeyColumn } from './columns.ts';

/**
 * Live sessions (课程直播): channels per site, their sessions (upcoming, live or ended by their
 * times), and each learner's reservations. Frozen: never edit, add a new migration.
 */
export function createLive(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(engine, db.schema.createTable('live_channels'))
        .$call(siteKeyColumn)
        .$call(required({ name: 'varchar(50)', cover: 'varchar(500)', introduction: 'text' }))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await createIndex(db, 'live_channels_site_idx', 'live_channels', [
        'site_key',
        'published',
        'sort',
        'id',
      ]);

      await idColumn(engine, db.schema.createTable('live_sessions'))
        .$call(siteKeyColumn)
        .addColumn('channel_id', 'integer', (c) =>
          c.notNull().references('live_channels.id').onDelete('cascade'),
        )
        .$call(
          required({
            title: 'varchar(200)',
            cover: 'varchar(500)',
            speaker: 'varchar(50)',
            speaker_title: 'varchar(100)',
            introduction: 'text',
            starts_at: 'bigint',
            ends_at: 'bigint',
          }),
        )
        .addColumn('stream_url', 'varchar(500)')
        .addColumn('replay_url', 'varchar(500)')
        .addColumn('course_id', 'integer', (c) => c.references('courses.id').onDelete('set null'))
        .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('live_sessions_times_check', sql`ends_at > starts_at`)
        .execute();
      // The list and the timetable read a site's (or a channel's) sessions by start time; the
      // state filters are ranges of start and end times within them.
      await createIndex(db, 'live_sessions_site_start_idx', 'live_sessions', [
        'site_key',
        'published',
        'starts_at',
        'id',
      ]);
      await createIndex(db, 'live_sessions_channel_start_idx', 'live_sessions', [
        'channel_id',
        'published',
        'starts_at',
        'id',
      ]);
      await createIndex(db, 'live_sessions_course_idx', 'live_sessions', ['course_id']);

      // One row per learner and session: the key makes reserving idempotent under concurrency.
      await db.schema
        .createTable('live_reservations')
        .$call(belongsTo('user_id', 'users.id'))
        .$call(belongsTo('session_id', 'live_sessions.id'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('live_reservations_user_session_key', ['user_id', 'session_id'])
        .execute();
      await createIndex(db, 'live_reservations_session_idx', 'live_reservations', ['session_id']);
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['live_reservations', 'live_sessions', 'live_channels']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
