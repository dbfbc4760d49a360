import type { Insertable, Kysely } from 'kysely';
import type { Database, PushSubscriptionsTable } from '../../db/schema.ts';

type Db = Kysely<Database>;

/** A subscription as kept. */
export interface PushTarget {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Keeps a browser's subscription for the learner: a browser has one subscription, so one that
 * was another learner's (who signed out without unsubscribing) is theirs no more.
 */
export async function upsertSubscription(
  db: Db,
  row: Omit<Insertable<PushSubscriptionsTable>, 'id'>,
): Promise<void> {
  await db
    .insertInto('push_subscriptions')
    .values(row)
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet({
        user_id: row.user_id,
        site_key: row.site_key,
        p256dh: row.p256dh,
        auth: row.auth,
        finger: row.finger,
        created_at: row.created_at,
      }),
    )
    .execute();
}

/** Removes the learner's subscription at `endpoint`; answers whether there was one. */
export async function deleteSubscription(db: Db, userId: number, endpoint: string) {
  const result = await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Removes a subscription the push service says is gone. */
export async function deleteSubscriptionById(db: Db, id: number): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

/** The learner's subscriptions on the site (one per device). */
export function subscriptionsOf(db: Db, userId: number, siteKey: string): Promise<PushTarget[]> {
  return db
    .selectFrom('push_subscriptions')
    .select(['id', 'endpoint', 'p256dh', 'auth'])
    .where('user_id', '=', userId)
    .where('site_key', '=', siteKey)
    .execute();
}
