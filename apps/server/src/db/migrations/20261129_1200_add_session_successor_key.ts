import type { Kysely, Migration } from 'kysely';

/**
 * `sessions.successor_key`: a random key drawn when a token is first refreshed. The token that
 * replaces it is derived from the two (an HMAC of the token under the key), so every refresh of
 * one token during its grace period (two tabs at start, a retried request) answers the same
 * successor: a replay writes nothing, and a device never piles up tokens. Null until the first
 * refresh. Frozen: never edit, add a new migration.
 */
export function addSessionSuccessorKey(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('sessions').addColumn('successor_key', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('sessions').dropColumn('successor_key').execute();
    },
  };
}
