import { type Kysely, type Migration, sql } from 'kysely';

/**
 * `messages_unread_idx (user_id, site_key) WHERE read_at IS NULL`: the unread badge, asked on
 * every page, counts a learner's own unread messages; through the learner's index it read every
 * message they ever had (a thousand rows for a year's learner), through this one only the unread.
 * Notices (no user, never a read time of their own) are in it too, a few hundred rows a site.
 * Frozen: never edit, add a new migration.
 */
export function indexUnreadMessages(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`CREATE INDEX messages_unread_idx ON messages (user_id, site_key)
        WHERE read_at IS NULL`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('messages_unread_idx').execute();
    },
  };
}
