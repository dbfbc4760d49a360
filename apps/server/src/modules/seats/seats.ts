import {
  type SignupAnswer,
  type SignupField,
  signupFieldSchema,
  signupPhaseAt,
  validateSignupForm,
} from '@portal/contract';
import { type Insertable, type Kysely, sql, type Transaction } from 'kysely';
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
 *   `cancelled`, so a learner who cancels and comes back revives the same row;
 * - taking a seat is a conditional update (`seats_taken < capacity`) in the same transaction as
 *   the signup row, seat first and signup second (cancel uses the same order, so the two never
 *   deadlock). The row lock (PostgreSQL) or the write lock (SQLite) makes concurrent takers
 *   queue, and each re-checks the condition against the latest count; a failure anywhere rolls
 *   the seat back with the signup.
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

export type SeatClaim =
  | { ok: true; seats: Seats; signupId: number }
  | { ok: false; reason: 'full' | 'duplicate' };

export type SeatRelease =
  | { ok: true; seats: Seats; signupId: number; signedAt: number }
  | { ok: false };

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

/** The status of the learner's signup row (active or cancelled), or undefined. */
export async function signupStatus<S extends SignupTable>(
  db: Db,
  ledger: SeatLedger<S>,
  parentId: number,
  userId: number,
): Promise<'active' | 'cancelled' | undefined> {
  const { rows } = await sql<{ status: 'active' | 'cancelled' }>`select status
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
} as const;

/** What the checks before a seat answer, in the words of the area (班级, 活动). */
export interface AdmissionMessages {
  notOpen: string;
  closed: string;
  duplicate: string;
}

/**
 * The checks before a seat of `parent` (a class, an activity) is taken, the same for every kind
 * of signup: 409 before or after the signup window, 409 when the learner already holds an active
 * signup (a friendly early answer: the unique key is what refuses a duplicate), then 400 naming
 * the first bad form field of its `form_fields`. Answers the validated form.
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
  if (status === 'active') throw conflict(messages.duplicate);
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
 * Takes a seat and signs the learner up, in one transaction: a seat first, then the learner's
 * cancelled row revived or a new row inserted (the unique key refuses a second one), then
 * `within` (e.g. rows that hang off the signup) with the signup's id. Answers the seats after it,
 * or why not: `full` when no seat is left, `duplicate` when the learner holds an active signup
 * (also when a concurrent signup of the same learner won the unique key). Anything `within`
 * throws rolls the whole signup back and is rethrown.
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
    within?: (trx: Transaction<Database>, signupId: number) => Promise<void>;
  },
): Promise<SeatClaim> {
  const { parentId, userId, now } = claim;
  const count = seatCountOf(ledger, claim.count);
  const values: object = ledger.seatCount
    ? { ...claim.values, [ledger.seatCount]: count }
    : claim.values;
  try {
    return await db.transaction().execute(async (trx): Promise<SeatClaim> => {
      const seats = await takeSeat(trx, ledger.parent, parentId, count);
      if (!seats) {
        const status = await signupStatus(trx, ledger, parentId, userId);
        return { ok: false, reason: status === 'active' ? 'duplicate' : 'full' };
      }
      const table = sql.table(ledger.signups);
      const revived = await sql<{ id: number }>`update ${table}
        set status = 'active', ${sql.ref(ledger.signedAt)} = ${now}, updated_at = ${now}
          ${moreAssignments(values)}
        where ${sql.ref(ledger.parentKey)} = ${parentId} and user_id = ${userId}
          and status = 'cancelled'
        returning id`.execute(trx);
      let signupId = revived.rows[0]?.id;
      if (signupId === undefined) {
        const row: Array<[string, unknown]> = [
          [ledger.parentKey, parentId],
          ['user_id', userId],
          ['status', 'active'],
          [ledger.signedAt, now],
          ['created_at', now],
          ['updated_at', now],
          ...definedEntries(values),
        ];
        const inserted = await sql<{ id: number }>`insert into ${table}
          (${sql.join(row.map(([key]) => sql.ref(key)))})
          values (${sql.join(row.map(([, value]) => value))})
          returning id`.execute(trx);
        signupId = inserted.rows[0]?.id;
      }
      if (signupId === undefined) throw new Error(`no signup row written in ${ledger.signups}`);
      await claim.within?.(trx, signupId);
      return { ok: true, seats, signupId };
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
 * Cancels the learner's active signup and frees its seat, in one transaction (seat first, the
 * same order as signing up). `values` are written on the cancelled row; `unlessSet` names
 * columns that must still be null for the signup to be cancelled (e.g. a check-in time);
 * `within` runs last in the same transaction. `ok: false` (with nothing changed) when there is
 * no such active signup.
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
    /** Runs in the cancel's transaction with the signup's id (e.g. side effects). */
    within?: (trx: Transaction<Database>, signupId: number) => Promise<void>;
  },
): Promise<SeatRelease> {
  const { parentId, userId, now, values = {}, unlessSet = [] } = release;
  const count = seatCountOf(ledger, release.count);
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
          and status = 'active' ${unlessSet.length > 0 || ledger.seatCount ? guards : sql``}
        returning id, ${sql.ref(ledger.signedAt)} as signed_at`.execute(trx);
      const cancelled = rows[0];
      // Throwing rolls the released seat back when there was no active signup to cancel.
      if (!cancelled) throw new Rollback();
      await release.within?.(trx, cancelled.id);
      return { ok: true, seats, signupId: cancelled.id, signedAt: Number(cancelled.signed_at) };
    });
  } catch (error) {
    if (error instanceof Rollback) return { ok: false };
    throw error;
  }
}
