import type { Kysely, Migration } from 'kysely';

/**
 * Drops `sessions_user_idx (user_id)`: `sessions_device_idx (user_id, device_key)` starts with
 * the same column and serves every lookup by learner, and each token refresh (a new session
 * row) paid for keeping both. Frozen: never edit, add a new migration.
 */
export function dropSessionUserIndex(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.dropIndex('sessions_user_idx').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
    },
  };
}
