import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database>;

/** The identity of `provider` bound to `userId`, if any. */
export function findIdentityOfUser(db: Db, userId: number, provider: string) {
  return db
    .selectFrom('user_identities')
    .selectAll()
    .where('user_id', '=', userId)
    .where('provider', '=', provider)
    .executeTakeFirst();
}

/** The live account bound to `subject` at `provider`, if any. */
export function findAccountOfSubject(db: Db, provider: string, subject: string) {
  return db
    .selectFrom('user_identities')
    .innerJoin('users', 'users.id', 'user_identities.user_id')
    .select(['users.id', 'users.deleted_at'])
    .where('user_identities.provider', '=', provider)
    .where('user_identities.subject', '=', subject)
    .executeTakeFirst();
}

/** Drops the identity of `provider` bound to `userId`; answers whether there was one. */
export async function deleteIdentityOfUser(db: Db, userId: number, provider: string) {
  const result = await db
    .deleteFrom('user_identities')
    .where('user_id', '=', userId)
    .where('provider', '=', provider)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Binds `subject` to `userId` (the unique keys refuse a subject bound elsewhere). */
export function insertIdentity(
  db: Db,
  row: {
    user_id: number;
    provider: string;
    subject: string;
    display_name: string | null;
    bound_at: number;
  },
) {
  return db.insertInto('user_identities').values(row).execute();
}
