import type { Kysely, Migration } from 'kysely';
import type { Engine } from '../database.ts';
import { createIndex, idColumn, required, siteKeyColumn } from './columns.ts';

/**
 * Scheduled publication (定时发布): a reviewer approves what waits for review at a time to come.
 * One schedule per record (a UNIQUE key); the due-time job deletes the row in the transaction that
 * publishes, so however many instances run the job, a record is published once.
 * Frozen: never edit, add a new migration.
 */
export function createPublishSchedule(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(engine, db.schema.createTable('publish_schedule'))
        .$call(siteKeyColumn)
        .$call(required({ entity: 'varchar(16)', entity_id: 'integer', publish_at: 'bigint' }))
        // The reviewer who decided; the schedule goes with their account.
        .addColumn('reviewer_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('publish_schedule_record_key', ['entity', 'entity_id'])
        .execute();
      await createIndex(db, 'publish_schedule_due_idx', 'publish_schedule', ['publish_at']);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('publish_schedule').execute();
    },
  };
}
