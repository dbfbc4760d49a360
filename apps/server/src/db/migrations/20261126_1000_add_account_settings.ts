import { type Kysely, type Migration, sql } from 'kysely';
import type { Engine } from '../database.ts';
import { belongsTo, createIndex, idColumn, required } from './columns.ts';

/**
 * The learner's account settings: sessions learn which device they are (a key kept across token
 * refreshes, the User-Agent, when the device signed in), users a deletion time, and phone
 * verification codes get their table. Frozen: never edit, add a new migration.
 */
export function addAccountSettings(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('sessions').addColumn('device_key', 'varchar(32)').execute();
      await db.schema.alterTable('sessions').addColumn('user_agent', 'varchar(300)').execute();
      await db.schema.alterTable('sessions').addColumn('signed_in_at', 'bigint').execute();
      // Sessions from before: each its own device, signed in when it was opened.
      await sql`UPDATE sessions SET device_key = 's' || CAST(id AS text), signed_in_at = created_at`.execute(
        db,
      );
      await createIndex(db, 'sessions_device_idx', 'sessions', ['user_id', 'device_key']);

      await db.schema.alterTable('users').addColumn('deleted_at', 'bigint').execute();

      await idColumn(engine, db.schema.createTable('phone_codes'))
        .$call(belongsTo('user_id', 'users.id'))
        .$call(
          required({
            phone: 'varchar(20)',
            purpose: 'varchar(16)',
            code_hash: 'char(64)',
            created_at: 'bigint',
            expires_at: 'bigint',
          }),
        )
        .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('used_at', 'bigint')
        // At most 5 tries per code, held by the database as well as by the conditional update.
        .addCheckConstraint('phone_codes_tries_check', sql`tries >= 0 AND tries <= 5`)
        .addCheckConstraint('phone_codes_purpose_check', sql`purpose IN ('bind', 'unbind')`)
        .execute();
      await createIndex(db, 'phone_codes_user_idx', 'phone_codes', ['user_id', 'phone']);
      await createIndex(db, 'phone_codes_expiry_idx', 'phone_codes', ['expires_at']);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('phone_codes').execute();
      await db.schema.alterTable('users').dropColumn('deleted_at').execute();
      await db.schema.dropIndex('sessions_device_idx').execute();
      for (const column of ['signed_in_at', 'user_agent', 'device_key']) {
        await db.schema.alterTable('sessions').dropColumn(column).execute();
      }
    },
  };
}
