import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { forbidden } from '../../platform/errors.ts';

/** What a learner stopped on a site is told when they sign in there. */
export const disabledMessage = (reason: string) =>
  `您的账号已在本站停用（${reason}），如有疑问请联系学习网工作人员`;

/**
 * Records that the learner came to the site now (the first time joins them to its learners),
 * inside the caller's transaction; 403 with the operator's reason when the account is stopped
 * on the site, and the caller's transaction (the sign-in) is then refused as a whole.
 */
export async function enterSite(
  trx: Kysely<Database>,
  siteKey: string,
  userId: number,
  now: number,
): Promise<void> {
  const row = await trx
    .insertInto('site_learners')
    .values({ site_key: siteKey, user_id: userId, joined_at: now, last_seen_at: now })
    .onConflict((oc) =>
      oc.columns(['site_key', 'user_id']).doUpdateSet((eb) => ({
        last_seen_at: eb.ref('excluded.last_seen_at'),
      })),
    )
    .returning(['disabled_reason'])
    .executeTakeFirstOrThrow();
  if (row.disabled_reason !== null) throw forbidden(disabledMessage(row.disabled_reason));
}
