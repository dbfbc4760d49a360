import type { Kysely, Migration } from 'kysely';
import { belongsTo, createIndex, required } from './columns.ts';

/**
 * The idempotency keys of a learner's writes (issue 32, the outbox): a write sent again with the
 * same `Idempotency-Key` (a replay from the phone's outbox, a retry after a lost answer) is
 * answered with the first one's answer and never done twice. The key is claimed before the write
 * (`pending`) and its answer kept after (`done`); the primary key makes two replays at once claim
 * it once. Frozen: never edit, add a new migration.
 */
export function createRequestKeys(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('request_keys')
        .$call(belongsTo('user_id', 'users.id'))
        .$call(required({ key: 'varchar(64)', route: 'varchar(120)', created_at: 'bigint' }))
        .addColumn('answer', 'text')
        .addPrimaryKeyConstraint('request_keys_pk', ['user_id', 'key'])
        .execute();
      await createIndex(db, 'request_keys_created_idx', 'request_keys', ['created_at']);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('request_keys').execute();
    },
  };
}
