import type { Kysely, Updateable } from 'kysely';
import { compiledOnce } from '../../db/compiled.ts';
import type { Database, NewSessionRow, NewUserRow, UsersTable } from '../../db/schema.ts';

export function findUserByUsername(db: Kysely<Database>, username: string) {
  return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
}

export function findUserById(db: Kysely<Database>, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** An update of the user `id` while the account is live (not deleted), to narrow or run. */
export function updateLiveUser(db: Kysely<Database>, id: number, changes: Updateable<UsersTable>) {
  return db.updateTable('users').set(changes).where('id', '=', id).where('deleted_at', 'is', null);
}

export async function insertUser(db: Kysely<Database>, row: NewUserRow): Promise<number> {
  const { id } = await db.insertInto('users').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export function insertTicket(
  db: Kysely<Database>,
  row: { ticket_hash: string; user_id: number; created_at: number; expires_at: number },
) {
  return db.insertInto('login_tickets').values(row).execute();
}

/**
 * Marks a ticket used and answers its user, in one conditional update so that two
 * concurrent exchanges of the same ticket cannot both succeed.
 */
export async function consumeTicket(db: Kysely<Database>, ticketHash: string, now: number) {
  const row = await db
    .updateTable('login_tickets')
    .set({ used_at: now })
    .where('ticket_hash', '=', ticketHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id ?? null;
}

export function insertSession(db: Kysely<Database>, row: NewSessionRow) {
  return db.insertInto('sessions').values(row).execute();
}

/**
 * The live session of a token hash with its user and device, or undefined when expired or
 * revoked. Compiled once: every learner's call runs it.
 */
const liveSessionQuery = compiledOnce((db, tokenHash: string, now: number) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as session_id',
      'sessions.expires_at',
      'sessions.last_seen_at',
      'sessions.rotated_at',
      'sessions.device_key',
      'sessions.signed_in_at',
      'users.id',
      'users.username',
      'users.nickname',
      'users.avatar',
      'users.created_at',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now),
);

export async function findLiveSession(db: Kysely<Database>, tokenHash: string, now: number) {
  return (await liveSessionQuery(db, tokenHash, now))[0];
}

/**
 * Marks the session rotated and shortens it to its grace period (never lengthens it); answers
 * whether it had been rotated before (by another tab, or a replay of its token).
 */
export async function retireSession(
  db: Kysely<Database>,
  sessionId: number,
  now: number,
  graceUntil: number,
): Promise<boolean> {
  const row = await db
    .updateTable('sessions')
    .set((eb) => ({
      rotated_at: eb.fn.coalesce('rotated_at', eb.val(now)),
      expires_at: eb
        .case()
        .when('expires_at', '>', graceUntil)
        // A parameter, not a literal: one prepared statement serves every refresh.
        .then(eb.val(graceUntil))
        .else(eb.ref('expires_at'))
        .end(),
    }))
    .where('id', '=', sessionId)
    .returning('rotated_at')
    .executeTakeFirst();
  return row?.rotated_at != null && Number(row.rotated_at) !== now;
}

export function touchSession(db: Kysely<Database>, sessionId: number, now: number) {
  return db
    .updateTable('sessions')
    .set({ last_seen_at: now })
    .where('id', '=', sessionId)
    .execute();
}

export function revokeSessionByHash(db: Kysely<Database>, tokenHash: string, now: number) {
  return db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Revokes the device's live, unrotated sessions but the newest `keep`: the tokens a refresh of
 * one token hands out more than once (two tabs at start, or a token replayed during its grace
 * period) stay a few, however often it is replayed. Reads the newest `keep + 1` only: each
 * refresh adds one, so at most the oldest of them is surplus.
 */
export async function revokeSurplusSessions(
  db: Kysely<Database>,
  device: { userId: number; deviceKey: string },
  keep: number,
  now: number,
) {
  const live = await db
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', device.userId)
    .where('device_key', '=', device.deviceKey)
    .where('revoked_at', 'is', null)
    .where('rotated_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(keep + 1)
    .execute();
  const surplus = live.slice(keep).map((row) => row.id);
  if (surplus.length === 0) return;
  await db.updateTable('sessions').set({ revoked_at: now }).where('id', 'in', surplus).execute();
}

/** Deletes sessions, tickets and phone codes that can no longer be used. */
export async function deleteExpired(db: Kysely<Database>, now: number) {
  await db.deleteFrom('sessions').where('expires_at', '<', now).execute();
  await db.deleteFrom('login_tickets').where('expires_at', '<', now).execute();
  await db.deleteFrom('phone_codes').where('expires_at', '<', now).execute();
}
