import { type Kysely, type Migration, sql } from 'kysely';
import { belongsTo, createIndex, required } from './columns.ts';

/**
 * Watching live sessions: who is watching a session now (one row per session and viewer,
 * refreshed by each heartbeat), and each learner's watching of a session (the replay's resume
 * point and the clock that credits learning time). Frozen: never edit, add a new migration.
 */
export function createLivePlay(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // `viewer_key` is `u:<user id>` or `d:<device key>`; the key makes a heartbeat one upsert.
      await db.schema
        .createTable('live_viewers')
        .$call(belongsTo('session_id', 'live_sessions.id'))
        .addColumn('viewer_key', 'varchar(140)', (c) => c.notNull())
        .addColumn('last_seen', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('live_viewers_pk', ['session_id', 'viewer_key'])
        .execute();
      await createIndex(db, 'live_viewers_seen_idx', 'live_viewers', ['session_id', 'last_seen']);

      await db.schema
        .createTable('live_watching')
        .$call(belongsTo('user_id', 'users.id'))
        .$call(belongsTo('session_id', 'live_sessions.id'))
        .addColumn('position_seconds', 'double precision', (c) => c.notNull().defaultTo(0))
        .addColumn('watched_seconds', 'double precision', (c) => c.notNull().defaultTo(0))
        // Server time up to which watching was credited (see study.rules.ts, creditWatch).
        .$call(required({ credited_until: 'bigint', created_at: 'bigint', updated_at: 'bigint' }))
        .addPrimaryKeyConstraint('live_watching_pk', ['user_id', 'session_id'])
        .addCheckConstraint(
          'live_watching_seconds_check',
          sql`position_seconds >= 0 AND watched_seconds >= 0`,
        )
        .execute();
      await createIndex(db, 'live_watching_session_idx', 'live_watching', ['session_id']);
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['live_watching', 'live_viewers']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
