import type { OperatorRole } from '@portal/contract/constants';
import type { Kysely } from 'kysely';
import { compiledExists } from '../../db/compiled.ts';
import type { Database } from '../../db/schema.ts';

/**
 * True when the account holds `role` on the site as an operator: granted it there, or being the
 * site's 站点管理员, or a 超级管理员. The staff checks of the portal (check-in, delivery) accept it
 * beside their own staff lists.
 */
export const holdsSiteRole = compiledExists(
  (db, siteKey: string, userId: number, role: 'checkin' | 'delivery') =>
    db
      .selectFrom('operator_roles')
      .where('user_id', '=', userId)
      .where((eb) =>
        eb.or([
          eb.and([eb('site_key', '=', siteKey), eb('role', 'in', [role, 'site_admin'])]),
          eb('role', '=', 'super_admin'),
        ]),
      ),
);

/** Every role the account holds: on a site, or on every site (`site_key` null). */
export function listRolesOf(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('operator_roles')
    .select(['site_key', 'role'])
    .where('user_id', '=', userId)
    .execute();
}

/** The operators of a site (and the 超级管理员 of every site), with their roles, by account. */
export function listOperatorRows(db: Kysely<Database>, siteKey: string) {
  return db
    .selectFrom('operator_roles as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['u.id as user_id', 'u.username', 'u.nickname', 'r.role'])
    .where((eb) => eb.or([eb('r.site_key', '=', siteKey), eb('r.site_key', 'is', null)]))
    .orderBy('u.id')
    .orderBy('r.role')
    .execute();
}

export function findAccountByUsername(db: Kysely<Database>, username: string) {
  return db
    .selectFrom('users')
    .select(['id', 'nickname'])
    .where('username', '=', username)
    .executeTakeFirst();
}

/** Grants a role of a site; false when the account held it already. */
export async function insertRole(
  db: Kysely<Database>,
  row: { userId: number; siteKey: string; role: OperatorRole; by: number; at: number },
): Promise<boolean> {
  const result = await db
    .insertInto('operator_roles')
    .values({
      user_id: row.userId,
      site_key: row.siteKey,
      role: row.role,
      granted_by: row.by,
      granted_at: row.at,
    })
    .onConflict((oc) => oc.columns(['user_id', 'site_key', 'role']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Takes a role of a site back; false when the account did not hold it. */
export async function deleteRole(
  db: Kysely<Database>,
  row: { userId: number; siteKey: string; role: OperatorRole },
): Promise<boolean> {
  const result = await db
    .deleteFrom('operator_roles')
    .where('user_id', '=', row.userId)
    .where('site_key', '=', row.siteKey)
    .where('role', '=', row.role)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
