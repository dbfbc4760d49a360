import { type Kysely, type Migration, sql } from 'kysely';
import type { Engine } from '../database.ts';
import { createIndex, idColumn, siteKeyColumn } from './columns.ts';

/**
 * The notices the staff write to learners (群发消息): title, body, audience (the whole site, an
 * item's participants, a team, the inactive), when it goes out, where it is, how many it went
 * to, and who wrote it; each learner's copy in `messages` names its notice (`campaign_id`), a
 * notice to the whole site is one row of `messages` (`notice_id`). Frozen: never edit, add a new
 * migration.
 */
export function createMessageCampaigns(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(engine, db.schema.createTable('message_campaigns'))
        .$call(siteKeyColumn)
        .addColumn('title', 'varchar(50)', (c) => c.notNull())
        .addColumn('body', 'varchar(1000)', (c) => c.notNull())
        .addColumn('audience', 'varchar(12)', (c) =>
          c.notNull().check(sql`audience in ('site', 'item', 'team', 'inactive')`),
        )
        .addColumn('item_kind', 'varchar(12)')
        .addColumn('audience_id', 'integer')
        .addColumn('audience_label', 'varchar(200)', (c) => c.notNull())
        .addColumn('send_at', 'bigint', (c) => c.notNull())
        .addColumn('state', 'varchar(12)', (c) =>
          c.notNull().check(sql`state in ('scheduled', 'sending', 'sent', 'cancelled')`),
        )
        .addColumn('recipients', 'integer')
        .addColumn('notice_id', 'integer')
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('author', 'varchar(50)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('sent_at', 'bigint')
        .execute();
      await createIndex(db, 'message_campaigns_site_idx', 'message_campaigns', [
        'site_key',
        'created_at',
      ]);
      await db.schema
        .alterTable('messages')
        .addColumn('campaign_id', 'integer', (c) =>
          c.references('message_campaigns.id').onDelete('set null'),
        )
        .execute();
      await createIndex(db, 'messages_campaign_idx', 'messages', ['campaign_id', 'read_at']);
    },
  };
}
