import type { Kysely, Migration } from 'kysely';
import type { Engine } from '../database.ts';
import { belongsTo, createIndex, idColumn, required, siteKeyColumn } from './columns.ts';

/**
 * A learner's Web Push subscriptions (issue 32), one per device (browser) they allowed
 * reminders on: the push service's address for that browser (unique: a browser's subscription
 * belongs to whoever subscribed it last) and its keys, the site it was made on and the device's
 * fingerprint. Removed at logout on that device, and when the push service answers 404/410.
 * Frozen: never edit, add a new migration.
 */
export function createPushSubscriptions(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(engine, db.schema.createTable('push_subscriptions'))
        .$call(belongsTo('user_id', 'users.id'))
        .$call(siteKeyColumn)
        .addColumn('endpoint', 'varchar(1000)', (c) => c.notNull().unique())
        .$call(required({ p256dh: 'varchar(200)', auth: 'varchar(100)', created_at: 'bigint' }))
        .addColumn('finger', 'varchar(64)')
        .execute();
      await createIndex(db, 'push_subscriptions_user_idx', 'push_subscriptions', ['user_id']);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('push_subscriptions').execute();
    },
  };
}
