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
 * Inserts a refresh's successor session unless its token is stored already: two refreshes of
 * one token at once derive the same successor, and the second finds the first one's.
 */
export function insertSuccessorSession(db: Kysely<Database>, row: NewSessionRow) {
  return db
    .insertInto('sessions')
    .values(row)
    .onConflict((oc) => oc.column('token_hash').doNothing())
    .execute();
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
      'sessions.successor_key',
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

/** A live session with its learner and device, as {@link findLiveSession} reads it. */
export type LiveSession = NonNullable<Awaited<ReturnType<typeof findLiveSession>>>;

/**
 * Marks the session rotated, shortens it to its grace period (never lengthens it) and keeps the
 * successor key it was given first: answers the session's key (`freshKey` unless a concurrent
 * refresh of the token drew one before), or null when the session was revoked meanwhile.
 */
export async function retireSession(
  db: Kysely<Database>,
  sessionId: number,
  now: number,
  graceUntil: number,
  freshKey: string,
): Promise<string | null> {
  const row = await db
    .updateTable('sessions')
    .set((eb) => ({
      rotated_at: eb.fn.coalesce('rotated_at', eb.val(now)),
      successor_key: eb.fn.coalesce('successor_key', eb.val(freshKey)),
      expires_at: eb
        .case()
        .when('expires_at', '>', graceUntil)
        // A parameter, not a literal: one prepared statement serves every refresh.
        .then(eb.val(graceUntil))
        .else(eb.ref('expires_at'))
        .end(),
    }))
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .returning('successor_key')
    .executeTakeFirst();
  // Revoked since it was read (a logout): no successor.
  return row ? (row.successor_key ?? freshKey) : null;
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

/** Deletes sessions, tickets and phone codes that can no longer be used. */
export async function deleteExpired(db: Kysely<Database>, now: number) {
  await db.deleteFrom('sessions').where('expires_at', '<', now).execute();
  await db.deleteFrom('login_tickets').where('expires_at', '<', now).execute();
  await db.deleteFrom('phone_codes').where('expires_at', '<', now).execute();
}
