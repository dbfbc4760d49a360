import type { Kysely } from 'kysely';
import type { Engine } from '../database.ts';
import { belongsTo, createIndex, idColumn, required } from './columns.ts';

/** Sites, users, sessions and one-time login tickets. Frozen: never edit, add a new migration. */
export function createCore(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('sites')
        .addColumn('key', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();

      await idColumn(engine, db.schema.createTable('users'))
        .addColumn('username', 'varchar(64)', (c) => c.notNull().unique())
        .$call(required({ password_hash: 'varchar(255)', nickname: 'varchar(50)' }))
        .addColumn('avatar', 'varchar(500)')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();

      await idColumn(engine, db.schema.createTable('sessions'))
        .$call(belongsTo('user_id', 'users.id'))
        .addColumn('token_hash', 'char(64)', (c) => c.notNull().unique())
        .addColumn('fingerprint', 'varchar(128)')
        .$call(
          required({
            site_key: 'varchar(32)',
            created_at: 'bigint',
            expires_at: 'bigint',
            last_seen_at: 'bigint',
          }),
        )
        .addColumn('rotated_at', 'bigint')
        .addColumn('revoked_at', 'bigint')
        .execute();
      await createIndex(db, 'sessions_user_idx', 'sessions', ['user_id']);
      await createIndex(db, 'sessions_expiry_idx', 'sessions', ['expires_at']);

      await idColumn(engine, db.schema.createTable('login_tickets'))
        .addColumn('ticket_hash', 'char(64)', (c) => c.notNull().unique())
        .$call(belongsTo('user_id', 'users.id'))
        .$call(required({ created_at: 'bigint', expires_at: 'bigint' }))
        .addColumn('used_at', 'bigint')
        .execute();
      await createIndex(db, 'login_tickets_expiry_idx', 'login_tickets', ['expires_at']);
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['login_tickets', 'sessions', 'users', 'sites']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
