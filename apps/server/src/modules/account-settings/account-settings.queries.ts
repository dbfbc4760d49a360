import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { updateLiveUser } from '../account/account.queries.ts';

/**
 * The live, current (not rotated) sessions of a learner: one per signed-in device; those on one
 * site with `siteKey`.
 */
export function listDeviceSessions(
  db: Kysely<Database>,
  userId: number,
  now: number,
  siteKey?: string,
) {
  return db
    .selectFrom('sessions')
    .select(['id', 'device_key', 'user_agent', 'signed_in_at', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .$if(siteKey !== undefined, (query) => query.where('site_key', '=', siteKey as string))
    .where('revoked_at', 'is', null)
    .where('rotated_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('last_seen_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** The device key of a session. */
export async function deviceKeyOf(db: Kysely<Database>, sessionId: number) {
  const row = await db
    .selectFrom('sessions')
    .select('device_key')
    .where('id', '=', sessionId)
    .executeTakeFirst();
  return row?.device_key ?? null;
}

/** Revokes every live token of one of the learner's devices; answers how many it revoked. */
export async function revokeDevice(
  db: Kysely<Database>,
  userId: number,
  deviceKey: string,
  now: number,
) {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('device_key', '=', deviceKey)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Revokes every live token of the learner except those of the device `keep` (this one). */
export function revokeOtherDevices(
  db: Kysely<Database>,
  userId: number,
  keep: string | null,
  now: number,
) {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keep !== null) {
    query = query.where((eb) =>
      eb.or([eb('device_key', '!=', keep), eb('device_key', 'is', null)]),
    );
  }
  return query.execute();
}

export function setNickname(db: Kysely<Database>, userId: number, nickname: string) {
  return updateLiveUser(db, userId, { nickname }).execute();
}

/**
 * Swaps the avatar only if it is still `previous` (a conditional update, so two uploads at once
 * cannot both believe they replaced the same file); answers whether it did.
 */
export async function swapAvatar(
  db: Kysely<Database>,
  userId: number,
  previous: string | null,
  next: string,
) {
  const result = await updateLiveUser(db, userId, { avatar: next })
    .where((eb) => (previous === null ? eb('avatar', 'is', null) : eb('avatar', '=', previous)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function setPasswordHash(db: Kysely<Database>, userId: number, passwordHash: string) {
  return updateLiveUser(db, userId, { password_hash: passwordHash }).execute();
}

/**
 * Anonymises the user row once: 已注销用户, the phone (login name) freed, no password, no
 * avatar. Answers false when the account was deleted already (a second, concurrent deletion).
 */
export async function anonymiseUser(db: Kysely<Database>, userId: number, now: number) {
  const result = await updateLiveUser(db, userId, {
    username: `deleted-${userId}`,
    nickname: '已注销用户',
    // Not a scrypt hash: no password ever matches it.
    password_hash: '!deleted',
    avatar: null,
    deleted_at: now,
  }).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Erases what a deleted learner kept for themself (favourites, history, reading places,
 * reservations, staff roles, codes, sessions, tickets, external identities) and blanks the answers of their signups
 * and the contact of their delivery requests;
 * learning records (lesson progress, learning days, course learners, reads) stay, tied to the
 * anonymised row. Answers the storage keys of their activity attachments, removed here.
 */
export async function erasePersonalData(db: Kysely<Database>, userId: number) {
  for (const table of [
    'favourites',
    'history',
    'ebook_reading',
    'live_reservations',
    'organiser_staff',
    'delivery_staff',
    // The console's roles: a deleted account operates nothing.
    'operator_roles',
    'phone_codes',
    'sessions',
    'login_tickets',
    // The external identity: the person may bind it to a new account later.
    'user_identities',
    'messages',
    'message_reads',
    'message_marks',
    'message_reminders',
    'article_reads',
    'article_opens',
    // A certificate names its holder to anyone with its code: it goes with the account.
    'certificates',
  ] as const) {
    await db.deleteFrom(table).where('user_id', '=', userId).execute();
  }
  await db.updateTable('class_signups').set({ form: '{}' }).where('user_id', '=', userId).execute();
  await db
    .updateTable('activity_applications')
    .set({ form: '{}', checkin_code: null })
    .where('user_id', '=', userId)
    .execute();
  // A delivery request stays (staff keep their records) without the contact it named.
  await db
    .updateTable('delivery_requests')
    .set({ contact_name: '', contact_phone: '' })
    .where('user_id', '=', userId)
    .execute();
  const attachments = await db
    .deleteFrom('activity_attachments')
    .where('user_id', '=', userId)
    .returning('storage_key')
    .execute();
  return attachments.map((row) => row.storage_key);
}

/**
 * The learner's live class signups and activity applications (holding a seat, waiting for
 * review or in line), with their sites.
 */
export async function activeSignups(db: Kysely<Database>, userId: number) {
  const [classes, activities] = await Promise.all([
    db
      .selectFrom('class_signups')
      .innerJoin('classes', 'classes.id', 'class_signups.class_id')
      .select(['classes.site_key', 'classes.id'])
      .where('class_signups.user_id', '=', userId)
      .where('class_signups.status', 'in', ['active', 'pending', 'waiting'])
      .execute(),
    db
      .selectFrom('activity_applications')
      .innerJoin('activities', 'activities.id', 'activity_applications.activity_id')
      .select(['activities.site_key', 'activities.id'])
      .where('activity_applications.user_id', '=', userId)
      .where('activity_applications.status', 'in', ['active', 'pending', 'waiting'])
      .execute(),
  ]);
  return { classes, activities };
}
