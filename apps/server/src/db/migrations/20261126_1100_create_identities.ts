import type { Kysely, Migration } from 'kysely';
import type { Engine } from '../database.ts';
import { belongsTo, idColumn, required } from './columns.ts';

/**
 * External identities bound to accounts (an account at the network's identity provider, 统一身份
 * 认证): one per account and provider, and an identity belongs to one account only (two UNIQUE
 * keys). Frozen: never edit, add a new migration.
 */
export function createIdentities(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(engine, db.schema.createTable('user_identities'))
        .$call(belongsTo('user_id', 'users.id'))
        .$call(required({ provider: 'varchar(32)', subject: 'varchar(200)' }))
        .addColumn('display_name', 'varchar(100)')
        .$call(required({ bound_at: 'bigint' }))
        .addUniqueConstraint('user_identities_subject_key', ['provider', 'subject'])
        .addUniqueConstraint('user_identities_user_key', ['user_id', 'provider'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('user_identities').execute();
    },
  };
}
