import type { Kysely, Migration } from 'kysely';
import type { Engine } from '../database.ts';
import { createIndex } from './columns.ts';
import { widenCheck } from './widen-check.ts';

/** The sign-up tables that gain review and a waiting list, with their item and time columns. */
const SIGNUPS = [
  { table: 'class_signups', item: 'classes', parentKey: 'class_id', signedAt: 'signed_up_at' },
  {
    table: 'activity_applications',
    item: 'activities',
    parentKey: 'activity_id',
    signedAt: 'applied_at',
  },
] as const;

/**
 * Review of applicants and waiting lists on classes and activities (issue 31): an item may ask
 * for review (`review_signups`), its sign-ups may then be `pending` (holding the seat) and end
 * `rejected`; a full item keeps a waiting list (`waiting`, no seat) in the order learners joined
 * it. The reviewer's note, who decided and when are kept on the sign-up. The waiting list's
 * order is an index, so the first in line and a learner's place are read without a scan.
 * Frozen: never edit, add a new migration.
 */
export function reviewSignups(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const { table, item, parentKey, signedAt } of SIGNUPS) {
        await widenCheck(
          db,
          engine,
          table,
          `${table}_status_check`,
          "status in ('active', 'pending', 'waiting', 'rejected', 'cancelled')",
        );
        await db.schema
          .alterTable(item)
          .addColumn('review_signups', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema.alterTable(table).addColumn('review_note', 'varchar(200)').execute();
        await db.schema
          .alterTable(table)
          .addColumn('reviewed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
          .execute();
        await db.schema.alterTable(table).addColumn('reviewed_at', 'bigint').execute();
        await createIndex(db, `${table}_line_idx`, table, [parentKey, 'status', signedAt, 'id']);
      }
    },
    async down(db: Kysely<unknown>) {
      for (const { table, item } of SIGNUPS) {
        await db.schema.dropIndex(`${table}_line_idx`).execute();
        for (const column of ['reviewed_at', 'reviewed_by', 'review_note']) {
          await db.schema.alterTable(table).dropColumn(column).execute();
        }
        await db.schema.alterTable(item).dropColumn('review_signups').execute();
      }
    },
  };
}
