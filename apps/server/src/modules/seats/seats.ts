import {
  type SignupAnswer,
  type SignupField,
  type SignupStatus,
  signupFieldSchema,
  signupPhaseAt,
  validateSignupForm,
} from '@portal/contract';
import { type Insertable, type Kysely, PostgresAdapter, sql, type Transaction } from 'kysely';
import { z } from 'zod';
import { isUniqueViolation } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { conflict, invalid } from '../../platform/errors.ts';
import { type SeatedRow, timesOf } from './seat-status.ts';

/**
 * Seat keeping, shared by everything learners sign up for with a limited number of seats
 * (classes, activities, team memberships). One mechanism, parameterised by table names:
 *
 * - the parent row (a class, an activity) holds `capacity` and `seats_taken`, kept within
 *   `[0, capacity]` by a CHECK;
 * - the signup table holds one row per (parent, learner) under a UNIQUE key, `active` or
 *   `cancelled`, so a learner who cancels and comes back revives the same row; where the item
 *   reviews its signups or keeps a waiting list (classes, activities), a row may also be
 *   `pending` (holding its seat until the reviewer decides), `waiting` (in line, no seat) or
 *   `rejected` (refused, no seat);
 * - taking a seat is a conditional update (`seats_taken < capacity`) in the same transaction as
 *   the signup row, seat first and signup second (cancel uses the same order, so the two never
 *   deadlock). The row lock (PostgreSQL) or the write lock (SQLite) makes concurrent takers
 *   queue, and each re-checks the condition against the latest count; a failure anywhere rolls
 *   the seat back with the signup;
 * - a seat freed (a cancel, a refusal, more seats) goes at once, in the same transaction, to the
 *   first in line of the waiting list (`promoteWaiting`), under the same lock.
 */

/** The signup tables seat keeping works on (a team's memberships are its seats too). */
export type SignupTable =
  | 'class_signups'
  | 'activity_applications'
  | 'team_members'
  | 'base_bookings'
  | 'walk_signups';

/** Where one kind of seat lives: the parent table and its signup table, with their columns. */
export interface SeatLedger<S extends SignupTable> {
  /** The table with `id`, `capacity` and `seats_taken`. */
  parent: 'classes' | 'activities' | 'teams' | 'base_slots' | 'walk_sessions';
  signups: S;
  /** The column of `signups` naming the parent row. */
  parentKey: keyof Database[S] & string;
  /** The column of `signups` holding the latest time the learner signed up. */
  signedAt: keyof Database[S] & string;
  /**
   * The column of `signups` holding how many seats the signup holds (a booking for a party), when
   * a signup may hold more than one; without it every signup holds one seat.
   */
  seatCount?: keyof Database[S] & string;
}

/** The seats of a parent row right after a change. */
export interface Seats {
  capacity: number;
  seats_taken: number;
}

/**
 * Columns a signup row carries beyond the ones seat keeping writes itself (parent, user,
 * status, signup time, created/updated), e.g. `form`; written on insert and on revival.
 */
export type SignupValues<S extends SignupTable> = Partial<Insertable<Database[S]>>;

/** What a signup became: holding a seat (confirmed, or waiting for review) or in line for one. */
export type ClaimStatus = 'active' | 'pending' | 'waiting';

export type SeatClaim =
  | { ok: true; seats: Seats; signupId: number; status: ClaimStatus }
  | { ok: false; reason: 'full' | 'duplicate' };

export type SeatRelease =
  | {
      ok: true;
      seats: Seats;
      signupId: number;
      signedAt: number;
      /** What was cancelled: a seat (`active`, `pending`) or a place in line (`waiting`). */
      was: ClaimStatus;
      /** How many of the waiting list took the freed seats. */
      promoted: number;
    }
  | { ok: false };

/** The statuses that hold a seat. */
const SEATED = sql`('active', 'pending')`;

/** A signup taken from the waiting list into a freed seat. */
export interface Promotion {
  signupId: number;
  userId: number;
  status: 'active' | 'pending';
}

/**
 * How an item's waiting list moves: the status a freed seat is taken in (`pending` when the
 * item reviews its signups), and what each promotion records in the same transaction (the
 * learner's message).
 */
export interface Queue {
  seatStatus: 'active' | 'pending';
  promoted?: (trx: Transaction<Database>, promotion: Promotion) => Promise<void>;
}

type Db = Kysely<Database>;

const definedEntries = (values: object) =>
  Object.entries(values).filter(([, value]) => value !== undefined);

/** `, col = value, ...` to append to an UPDATE's SET (nothing when there are no values). */
function moreAssignments(values: object) {
  const entries = definedEntries(values);
  if (entries.length === 0) return sql``;
  return sql`, ${sql.join(entries.map(([key, value]) => sql`${sql.ref(key)} = ${value}`))}`;
}

/**
 * Takes `count` seats if that many are left (a single conditional update); undefined when the
 * parent has fewer left (or is unknown).
 */
async function takeSeat(db: Db, parent: string, parentId: number, count: number) {
  const { rows } = await sql<Seats>`update ${sql.table(parent)}
    set seats_taken = seats_taken + ${count}
    where id = ${parentId} and seats_taken + ${count} <= capacity
    returning capacity, seats_taken`.execute(db);
  return rows[0];
}

/** Gives `count` seats back (never below zero); undefined when there were not as many taken. */
async function releaseSeat(db: Db, parent: string, parentId: number, count: number) {
  const { rows } = await sql<Seats>`update ${sql.table(parent)}
    set seats_taken = seats_taken - ${count}
    where id = ${parentId} and seats_taken >= ${count}
    returning capacity, seats_taken`.execute(db);
  return rows[0];
}

/** The number of seats one signup takes: a whole number from 1 (1 unless the ledger counts). */
function seatCountOf(ledger: { signups: string; seatCount?: string }, count: number | undefined) {
  const seats = count ?? 1;
  if (!Number.isInteger(seats) || seats < 1) throw new Error(`bad seat count ${seats}`);
  if (seats !== 1 && !ledger.seatCount) throw new Error(`${ledger.signups} holds one seat each`);
  return seats;
}

/** The status of the learner's signup row, or undefined. */
export async function signupStatus<S extends SignupTable>(
  db: Db,
  ledger: SeatLedger<S>,
  parentId: number,
  userId: number,
): Promise<SignupStatus | undefined> {
  const { rows } = await sql<{ status: SignupStatus }>`select status
    from ${sql.table(ledger.signups)}
    where ${sql.ref(ledger.parentKey)} = ${parentId} and user_id = ${userId}`.execute(db);
  return rows[0]?.status;
}

const fieldsSchema = z.array(signupFieldSchema);

/** The signup form fields stored as JSON on a class or activity; a malformed value is a data error. */
export function parseFormFields(json: string): SignupField[] {
  return fieldsSchema.parse(JSON.parse(json));
}

/**
 * The answers of a signup window the same in every area with one (classes, activities); each
 * area adds its own `duplicate` and "not signed up" words.
 */
export const WindowMessages = {
  notOpen: '报名尚未开始',
  closed: '报名已截止',
  full: '名额已满',
  cancelClosed: '报名已截止，无法取消',
  waiting: '您已在候补名单中，请耐心等待',
  rejected: '您的报名未通过审核，不能再次报名',
} as const;

/** What the checks before a seat answer, in the words of the area (班级, 活动). */
export interface AdmissionMessages {
  notOpen: string;
  closed: string;
  duplicate: string;
  waiting: string;
  rejected: string;
}

/**
 * The checks before a seat of `parent` (a class, an activity) is taken, the same for every kind
 * of signup: 409 before or after the signup window, 409 when the learner already holds an active
 * signup (a friendly early answer: the unique key is what refuses a duplicate), then 400 naming
 * the first bad form field of its `form_fields`. Answers the validated form. A learner in line is
 * told so, and one the reviewer refused cannot come back.
 */
export async function admit<S extends SignupTable>(
  db: Db,
  ledger: SeatLedger<S>,
  parent: SeatedRow & { id: number; form_fields: string },
  request: {
    userId: number;
    now: number;
    form: Readonly<Record<string, unknown>>;
    messages: AdmissionMessages;
  },
): Promise<Record<string, SignupAnswer>> {
  const { messages } = request;
  const phase = signupPhaseAt(timesOf(parent), request.now);
  if (phase === 'notOpen') throw conflict(messages.notOpen);
  if (phase === 'closed') throw conflict(messages.closed);
  const status = await signupStatus(db, ledger, parent.id, request.userId);
  if (status === 'active' || status === 'pending') throw conflict(messages.duplicate);
  if (status === 'waiting') throw conflict(messages.waiting);
  if (status === 'rejected') throw conflict(messages.rejected);
  const checked = validateSignupForm(parseFormFields(parent.form_fields), request.form);
  if (!checked.ok) throw invalid(Object.values(checked.errors)[0] ?? '报名信息不正确');
  return checked.form;
}

/**
 * 409 unless a signup of `row` may be cancelled at `now`: only while its signup window is open
 * (before it opens nobody can have signed up).
 */
export function ensureCancellable(
  row: SeatedRow,
  now: number,
  messages: { cancelClosed: string; notSignedUp: string },
): void {
  const phase = signupPhaseAt(timesOf(row), now);
  if (phase === 'closed') throw conflict(messages.cancelClosed);
  if (phase === 'notOpen') throw conflict(messages.notSignedUp);
}

/** Thrown inside a transaction only to roll it back; never leaves this module. */
class Rollback extends Error {}

/**
 * Holds the parent row for the rest of the transaction (PostgreSQL; SQLite has one writer, which
 * the transaction already is), so a seat freed meanwhile waits for it: a learner joining the
 * waiting list is then in line before that seat's promotion looks for one. Answers its seats.
 */
async function holdParent(db: Db, parent: string, parentId: number) {
  const lock = db.getExecutor().adapter instanceof PostgresAdapter ? sql`for update` : sql``;
  const { rows } = await sql<Seats>`select capacity, seats_taken from ${sql.table(parent)}
    where id = ${parentId} ${lock}`.execute(db);
  return rows[0];
}

/** The learner's row revived (when cancelled) or inserted with `status`; its id. */
async function writeSignup<S extends SignupTable>(
  trx: Db,
  ledger: SeatLedger<S>,
  claim: { parentId: number; userId: number; now: number },
  status: ClaimStatus,
  values: object,
): Promise<number> {
  const { parentId, userId, now } = claim;
  const table = sql.table(ledger.signups);
  const revived = await sql<{ id: number }>`update ${table}
    set status = ${status}, ${sql.ref(ledger.signedAt)} = ${now}, updated_at = ${now}
      ${moreAssignments(values)}
    where ${sql.ref(ledger.parentKey)} = ${parentId} and user_id = ${userId}
      and status = 'cancelled'
    returning id`.execute(trx);
  const id = revived.rows[0]?.id;
  if (id !== undefined) return id;
  const row: Array<[string, unknown]> = [
    [ledger.parentKey, parentId],
    ['user_id', userId],
    ['status', status],
    [ledger.signedAt, now],
    ['created_at', now],
    ['updated_at', now],
    ...definedEntries(values),
  ];
  const inserted = await sql<{ id: number }>`insert into ${table}
    (${sql.join(row.map(([key]) => sql.ref(key)))})
    values (${sql.join(row.map(([, value]) => value))})
    returning id`.execute(trx);
  const insertedId = inserted.rows[0]?.id;
  if (insertedId === undefined) throw new Error(`no signup row written in ${ledger.signups}`);
  return insertedId;
}

/**
 * Takes a seat and signs the learner up, in one transaction: a seat first, then the learner's
 * cancelled row revived or a new row inserted (the unique key refuses a second one) in `status`
 * (`active`, or `pending` when the item reviews its signups), then `within` (e.g. rows that hang
 * off the signup) with the signup's id and status. With `waitlist`, a learner who finds no seat
 * left joins the waiting list (`waiting`, no seat) instead. Answers the seats after it, or why
 * not: `full` when no seat is left, `duplicate` when the learner holds a live signup (also when
 * a concurrent signup of the same learner won the unique key). Anything `within` throws rolls
 * the whole signup back and is rethrown.
 */
export async function takeSeatAndSignUp<S extends SignupTable>(
  db: Db,
  ledger: SeatLedger<S>,
  claim: {
    parentId: number;
    userId: number;
    now: number;
    values: SignupValues<S>;
    /** Seats the signup takes (a party), written to the ledger's `seatCount`; default 1. */
    count?: number;
    /** The status of a signup holding a seat; `active` unless it waits for review. */
    status?: 'active' | 'pending';
    /** When no seat is left, join the waiting list rather than be refused. */
    waitlist?: boolean;
    within?: (trx: Transaction<Database>, signupId: number, status: ClaimStatus) => Promise<void>;
  },
): Promise<SeatClaim> {
  const { parentId, userId } = claim;
  const count = seatCountOf(ledger, claim.count);
  const values: object = ledger.seatCount
    ? { ...claim.values, [ledger.seatCount]: count }
    : claim.values;
  try {
    return await db.transaction().execute(async (trx): Promise<SeatClaim> => {
      let seats = await takeSeat(trx, ledger.parent, parentId, count);
      let status: ClaimStatus = claim.status ?? 'active';
      if (!seats) {
        const held = await signupStatus(trx, ledger, parentId, userId);
        const live = held !== undefined && held !== 'cancelled';
        if (live || !claim.waitlist) return { ok: false, reason: live ? 'duplicate' : 'full' };
        // In line under the parent's lock: a seat freed meanwhile is taken here, or waits
        // for this learner to be in line before it looks for one.
        const now = await holdParent(trx, ledger.parent, parentId);
        if (!now) return { ok: false, reason: 'full' };
        seats = await takeSeat(trx, ledger.parent, parentId, count);
        if (!seats) {
          seats = now;
          status = 'waiting';
        }
      }
      const signupId = await writeSignup(trx, ledger, claim, status, values);
      await claim.within?.(trx, signupId, status);
      return { ok: true, seats, signupId, status };
    });
  } catch (error) {
    // A concurrent signup of the same learner won the unique key; this one rolled back.
    if (isUniqueViolation(error)) return { ok: false, reason: 'duplicate' };
    throw error;
  }
}

/**
 * {@link takeSeatAndSignUp}, answering 409 in the area's words when it is refused: `duplicate`
 * when the learner holds an active signup, `full` when no seat is left.
 */
export async function signUpOrRefuse<S extends SignupTable>(
  db: Db,
  ledger: SeatLedger<S>,
  claim: Parameters<typeof takeSeatAndSignUp<S>>[2],
  messages: { duplicate: string; full: string },
): Promise<Extract<SeatClaim, { ok: true }>> {
  const result = await takeSeatAndSignUp(db, ledger, claim);
  if (!result.ok) {
    throw conflict(result.reason === 'duplicate' ? messages.duplicate : messages.full);
  }
  return result;
}

/**
 * Cancels the learner's signup, in one transaction: one holding a seat (`active`, `pending`)
 * frees it (seat first, the same order as signing up) and, with a `queue`, the first in line
 * takes it at once; one in line (`waiting`) just leaves the line. `values` are written on the
 * cancelled row; `unlessSet` names columns that must still be null for the signup to be
 * cancelled (e.g. a check-in time); `within` runs last in the same transaction. `ok: false`
 * (with nothing changed) when there is no such live signup.
 */
export async function releaseSeatAndCancel<S extends SignupTable>(
  db: Db,
  ledger: SeatLedger<S>,
  release: {
    parentId: number;
    userId: number;
    now: number;
    values?: SignupValues<S>;
    unlessSet?: ReadonlyArray<keyof Database[S] & string>;
    /**
     * Seats the signup holds (its party), for a ledger with `seatCount`; default 1. The signup is
     * cancelled only when it holds exactly that many, so the seats given back are its own.
     */
    count?: number;
    /** The item's waiting list: a freed seat goes to its first in line. */
    queue?: Queue;
    /** Runs in the cancel's transaction with the signup's id (e.g. side effects). */
    within?: (trx: Transaction<Database>, signupId: number) => Promise<void>;
  },
): Promise<SeatRelease> {
  const { parentId, userId, now, values = {}, unlessSet = [] } = release;
  const count = seatCountOf(ledger, release.count);
  const before = await signupStatus(db, ledger, parentId, userId);
  if (before === 'waiting') {
    const left = await leaveLine(db, ledger, release);
    // Promoted a moment ago: cancel the seat it took instead.
    if (left.ok) return left;
  }
  try {
    return await db.transaction().execute(async (trx): Promise<SeatRelease> => {
      const seats = await releaseSeat(trx, ledger.parent, parentId, count);
      if (!seats) throw new Rollback();
      const guards = sql.join(
        [
          ...unlessSet.map((column) => sql`and ${sql.ref(column)} is null`),
          ...(ledger.seatCount ? [sql`and ${sql.ref(ledger.seatCount)} = ${count}`] : []),
        ],
        sql` `,
      );
      const { rows } = await sql<{
        id: number;
        signed_at: number;
      }>`update ${sql.table(ledger.signups)}
        set status = 'cancelled', updated_at = ${now} ${moreAssignments(values)}
        where ${sql.ref(ledger.parentKey)} = ${parentId} and user_id = ${userId}
          and status in ${SEATED} ${unlessSet.length > 0 || ledger.seatCount ? guards : sql``}
        returning id, ${sql.ref(ledger.signedAt)} as signed_at`.execute(trx);
      const cancelled = rows[0];
      // Throwing rolls the released seat back when there was no live signup to cancel.
      if (!cancelled) throw new Rollback();
      await release.within?.(trx, cancelled.id);
      const promoted = release.queue
        ? await promoteWaiting(trx, ledger, parentId, now, release.queue)
        : { count: 0, seats };
      return {
        ok: true,
        seats: promoted.seats,
        signupId: cancelled.id,
        signedAt: Number(cancelled.signed_at),
        was: before === 'pending' ? 'pending' : 'active',
        promoted: promoted.count,
      };
    });
  } catch (error) {
    if (error instanceof Rollback) return { ok: false };
    throw error;
  }
}

/** Takes the learner off the waiting list (no seat to free). */
async function leaveLine<S extends SignupTable>(
  db: Db,
  ledger: SeatLedger<S>,
  release: {
    parentId: number;
    userId: number;
    now: number;
    values?: SignupValues<S>;
    within?: (trx: Transaction<Database>, signupId: number) => Promise<void>;
  },
): Promise<SeatRelease> {
  const { parentId, userId, now, values = {} } = release;
  return db.transaction().execute(async (trx): Promise<SeatRelease> => {
    const { rows } = await sql<{ id: number; signed_at: number }>`update
      ${sql.table(ledger.signups)}
      set status = 'cancelled', updated_at = ${now} ${moreAssignments(values)}
      where ${sql.ref(ledger.parentKey)} = ${parentId} and user_id = ${userId}
        and status = 'waiting'
      returning id, ${sql.ref(ledger.signedAt)} as signed_at`.execute(trx);
    const left = rows[0];
    if (!left) return { ok: false };
    await release.within?.(trx, left.id);
    const seats = await holdParent(trx, ledger.parent, parentId);
    if (!seats) throw new Error(`no ${ledger.parent} ${parentId}`);
    return {
      ok: true,
      seats,
      signupId: left.id,
      signedAt: Number(left.signed_at),
      was: 'waiting',
      promoted: 0,
    };
  });
}

/**
 * Gives the item's free seats to its waiting list, first in line first (by the time they joined,
 * then id), each in `queue.seatStatus`, inside the caller's transaction (which holds the parent's
 * lock after freeing a seat or raising the capacity). Answers how many it promoted and the seats
 * after it.
 */
export async function promoteWaiting<S extends SignupTable>(
  trx: Transaction<Database>,
  ledger: SeatLedger<S>,
  parentId: number,
  now: number,
  queue: Queue,
): Promise<{ count: number; seats: Seats }> {
  let count = 0;
  for (;;) {
    const { rows } = await sql<{ id: number; user_id: number }>`select id, user_id
      from ${sql.table(ledger.signups)}
      where ${sql.ref(ledger.parentKey)} = ${parentId} and status = 'waiting'
      order by ${sql.ref(ledger.signedAt)}, id
      limit 1`.execute(trx);
    const next = rows[0];
    if (!next) break;
    const seats = await takeSeat(trx, ledger.parent, parentId, 1);
    if (!seats) break;
    const moved = await sql`update ${sql.table(ledger.signups)}
      set status = ${queue.seatStatus}, updated_at = ${now}
      where id = ${next.id} and status = 'waiting'
      returning id`.execute(trx);
    if (moved.rows.length !== 1) {
      // They left the line a moment ago: the seat is free again for the next.
      await releaseSeat(trx, ledger.parent, parentId, 1);
      continue;
    }
    await queue.promoted?.(trx, {
      signupId: next.id,
      userId: Number(next.user_id),
      status: queue.seatStatus,
    });
    count += 1;
  }
  const seats = await holdParent(trx, ledger.parent, parentId);
  if (!seats) throw new Error(`no ${ledger.parent} ${parentId}`);
  return { count, seats };
}
