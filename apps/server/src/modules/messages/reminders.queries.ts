import { type Kysely, sql } from 'kysely';
import { countRows } from '../../db/rows.ts';
import type { Database, MessageReminderRow } from '../../db/schema.ts';

type Db = Kysely<Database>;

/** What a reminder is about. */
export type ReminderSubject = 'live' | 'class' | 'activity';

/** A learner's event to be reminded of. */
export interface ReminderTarget {
  siteKey: string;
  userId: number;
  subjectType: ReminderSubject;
  subjectId: number;
  title: string;
  eventAt: number;
}

/** How long before an event reminders are due: a day, and an hour. */
export const REMINDER_LEADS_MINUTES = [1440, 60] as const;

/**
 * Schedules the target's reminders (one per lead whose due time is still ahead of `now`). Again
 * for the same target (a double tap) changes nothing; after a cancel it revives the cancelled
 * reminders with the event's current time. A reminder once sent is never revived.
 */
export async function scheduleReminders(db: Db, target: ReminderTarget, now: number) {
  const rows = REMINDER_LEADS_MINUTES.map((lead) => ({
    site_key: target.siteKey,
    user_id: target.userId,
    subject_type: target.subjectType,
    subject_id: target.subjectId,
    subject_title: target.title.slice(0, 200),
    lead_minutes: lead,
    event_at: target.eventAt,
    due_at: target.eventAt - lead * 60_000,
    created_at: now,
  })).filter((row) => row.due_at > now);
  if (rows.length === 0) return;
  await db
    .insertInto('message_reminders')
    .values(rows)
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'subject_type', 'subject_id', 'lead_minutes'])
        .doUpdateSet((eb) => ({
          event_at: eb.ref('excluded.event_at'),
          due_at: eb.ref('excluded.due_at'),
          subject_title: eb.ref('excluded.subject_title'),
          done_at: null,
          outcome: null,
          claimed_by: null,
          claim_expires_at: null,
        }))
        .where('message_reminders.outcome', '=', 'cancelled'),
    )
    .execute();
}

/** Cancels the learner's pending reminders of a subject (a cancelled signup or reservation). */
export function cancelReminders(
  db: Db,
  userId: number,
  subjectType: ReminderSubject,
  subjectId: number,
  now: number,
) {
  return db
    .updateTable('message_reminders')
    .set({ done_at: now, outcome: 'cancelled', claimed_by: null, claim_expires_at: null })
    .where('user_id', '=', userId)
    .where('subject_type', '=', subjectType)
    .where('subject_id', '=', subjectId)
    .where('done_at', 'is', null)
    .execute();
}

/** How many reminders are due by `now` and not yet sent: the job's backlog (the metrics). */
export function countDueReminders(db: Db, now: number): Promise<number> {
  return countRows(
    db.selectFrom('message_reminders').where('done_at', 'is', null).where('due_at', '<=', now),
  );
}

/** Ids of pending reminders due by `now` that nobody holds (or whose holder's lease ran out). */
export async function listDueReminderIds(db: Db, now: number, limit: number) {
  const rows = await db
    .selectFrom('message_reminders')
    .select('id')
    .where('done_at', 'is', null)
    .where('due_at', '<=', now)
    .where((eb) => eb.or([eb('claim_expires_at', 'is', null), eb('claim_expires_at', '<=', now)]))
    .orderBy('due_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => Number(row.id));
}

/**
 * Claims a reminder for `runner` until `leaseUntil` with one conditional update: it must be
 * pending and free (or its lease over). Of several runners, exactly one gets `true`.
 */
export async function claimReminder(
  db: Db,
  id: number,
  runner: string,
  now: number,
  leaseUntil: number,
): Promise<boolean> {
  const result = await db
    .updateTable('message_reminders')
    .set({ claimed_by: runner, claim_expires_at: leaseUntil })
    .where('id', '=', id)
    .where('done_at', 'is', null)
    .where((eb) => eb.or([eb('claim_expires_at', 'is', null), eb('claim_expires_at', '<=', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The reminder while `runner` still holds it, else undefined; locks its row for the caller's
 * transaction. A write (an update that changes nothing), so that on SQLite the transaction takes
 * the write lock first, waiting its turn, instead of reading and then failing to upgrade when
 * another instance wrote meanwhile; on PostgreSQL it holds the row against a concurrent cancel.
 */
export function lockClaimedReminder(
  db: Db,
  id: number,
  runner: string,
): Promise<MessageReminderRow | undefined> {
  return db
    .updateTable('message_reminders')
    .set((eb) => ({ claimed_by: eb.ref('claimed_by') }))
    .where('id', '=', id)
    .where('claimed_by', '=', runner)
    .where('done_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Closes a reminder `runner` holds; false when it no longer holds it (nothing changed). */
export async function finishReminder(
  db: Db,
  id: number,
  runner: string,
  now: number,
  outcome: 'sent' | 'missed',
): Promise<boolean> {
  const result = await db
    .updateTable('message_reminders')
    .set({ done_at: now, outcome })
    .where('id', '=', id)
    .where('claimed_by', '=', runner)
    .where('done_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Whether the learner still holds the reservation or active signup the reminder is about. */
export async function subjectStillHeld(db: Db, row: MessageReminderRow): Promise<boolean> {
  const { user_id: userId, subject_id: id } = row;
  const query =
    row.subject_type === 'live'
      ? sql`select 1 from live_reservations where user_id = ${userId} and session_id = ${id}`
      : row.subject_type === 'class'
        ? sql`select 1 from class_signups
            where user_id = ${userId} and class_id = ${id} and status = 'active'`
        : sql`select 1 from activity_applications
            where user_id = ${userId} and activity_id = ${id} and status = 'active'`;
  const { rows } = await query.execute(db);
  return rows.length > 0;
}
