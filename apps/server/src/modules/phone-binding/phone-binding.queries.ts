import type { CodePurpose } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { updateLiveUser } from '../account/account.queries.ts';

export function insertPhoneCode(
  db: Kysely<Database>,
  row: {
    user_id: number;
    phone: string;
    purpose: CodePurpose;
    code_hash: string;
    created_at: number;
    expires_at: number;
  },
) {
  return db.insertInto('phone_codes').values(row).execute();
}

/** The latest unused code the learner asked for `phone` and `purpose`. */
export function latestPhoneCode(
  db: Kysely<Database>,
  userId: number,
  phone: string,
  purpose: CodePurpose,
) {
  return db
    .selectFrom('phone_codes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('phone', '=', phone)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Counts one try of a code, only while it has tries left and is unused (a conditional update:
 * concurrent guesses cannot get past the limit); answers whether the try may go on.
 */
export async function spendTry(db: Kysely<Database>, codeId: number, maxTries: number) {
  const result = await db
    .updateTable('phone_codes')
    .set((eb) => ({ tries: eb('tries', '+', 1) }))
    .where('id', '=', codeId)
    .where('tries', '<', maxTries)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks a code used, once; answers whether this call did. */
export async function useCode(db: Kysely<Database>, codeId: number, now: number) {
  const result = await db
    .updateTable('phone_codes')
    .set({ used_at: now })
    .where('id', '=', codeId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The live account whose login name is `phone`, if any. */
export function findAccountByPhone(db: Kysely<Database>, phone: string) {
  return db.selectFrom('users').select('id').where('username', '=', phone).executeTakeFirst();
}

/** Sets the login name (the bound phone, or `u<id>` when none is bound) of a live account. */
export function setLoginName(db: Kysely<Database>, userId: number, username: string) {
  return updateLiveUser(db, userId, { username }).execute();
}
