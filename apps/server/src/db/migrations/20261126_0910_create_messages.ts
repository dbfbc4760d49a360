import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import type { Engine } from '../database.ts';
import { belongsTo, createIndex, idColumn, required, siteKeyColumn } from './columns.ts';

/**
 * Learners' messages (我的消息): one table for a learner's own messages (`user_id` set) and the
 * network's notices to everyone on a site (`user_id` null, one row however many learners), the
 * read state of notices per learner, a per-learner "all read up to" mark, and the reminders a
 * due-time job turns into messages. Frozen: never edit, add a new migration.
 */
export function createMessages(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(engine, db.schema.createTable('messages'))
        .$call(siteKeyColumn)
        // Null for a notice to everyone on the site.
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .$call(
          required({
            kind: 'varchar(16)',
            title: 'varchar(200)',
            body: 'text',
            dedupe_key: 'varchar(200)',
          }),
        )
        .addColumn('link_type', 'varchar(16)')
        .addColumn('link_id', 'integer')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('read_at', 'bigint')
        // A producer writing the same occurrence twice (a retry, two job runners) writes once.
        .addUniqueConstraint('messages_user_dedupe_key', ['user_id', 'dedupe_key'])
        .addCheckConstraint(
          'messages_kind_check',
          sql`kind in ('signup', 'checkin', 'reminder', 'notice')`,
        )
        .execute();
      // A learner's list and unread count, and (user_id null) a site's notices by time.
      await createIndex(db, 'messages_user_site_time_idx', 'messages', [
        'user_id',
        'site_key',
        'created_at',
        'id',
      ]);

      await db.schema
        .createTable('message_reads')
        .$call(belongsTo('user_id', 'users.id'))
        .$call(belongsTo('message_id', 'messages.id'))
        .addColumn('read_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('message_reads_user_message_key', ['user_id', 'message_id'])
        .execute();

      await db.schema
        .createTable('message_marks')
        .$call(belongsTo('user_id', 'users.id'))
        .$call(siteKeyColumn)
        .addColumn('read_all_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('message_marks_user_site_key', ['user_id', 'site_key'])
        .execute();

      await idColumn(engine, db.schema.createTable('message_reminders'))
        .$call(siteKeyColumn)
        .$call(belongsTo('user_id', 'users.id'))
        .$call(
          required({
            subject_type: 'varchar(16)',
            subject_id: 'integer',
            subject_title: 'varchar(200)',
            lead_minutes: 'integer',
            event_at: 'bigint',
            due_at: 'bigint',
            created_at: 'bigint',
          }),
        )
        .addColumn('claimed_by', 'varchar(64)')
        .addColumn('claim_expires_at', 'bigint')
        .addColumn('done_at', 'bigint')
        .addColumn('outcome', 'varchar(16)')
        .addUniqueConstraint('message_reminders_subject_lead_key', [
          'user_id',
          'subject_type',
          'subject_id',
          'lead_minutes',
        ])
        .addCheckConstraint(
          'message_reminders_outcome_check',
          sql`outcome in ('sent', 'missed', 'cancelled')`,
        )
        .execute();
      // The job's scan: pending (done_at null) reminders by due time.
      await createIndex(db, 'message_reminders_due_idx', 'message_reminders', [
        'done_at',
        'due_at',
      ]);
      await createIndex(db, 'message_reminders_subject_idx', 'message_reminders', [
        'subject_type',
        'subject_id',
      ]);
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['message_reminders', 'message_marks', 'message_reads', 'messages']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
