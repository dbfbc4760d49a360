import type { ConfirmedVia } from '@portal/contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { conflict } from '../../platform/errors.ts';
import type { SideEffects } from '../../platform/side-effects.ts';
import {
  type ClaimStatus,
  type Promotion,
  promoteWaiting,
  type Queue,
  type SeatLedger,
  type Seats,
} from './seats.ts';

/*
 * What classes and activities share beyond seats: review of applicants (a sign-up `pending`
 * until a reviewer accepts or refuses it) and the waiting list (`waiting`, in the order learners
 * joined it). Each outcome reaches the learner as a message through a side effect recorded in
 * the transaction that decided it.
 */

/** The sign-up tables with review and a waiting list. */
export type ReviewedTable = 'class_signups' | 'activity_applications';

/** A kind of item whose sign-ups are reviewed and queue, as its effects name it. */
export interface ReviewedKind {
  subject: 'class' | 'activity';
  ledger: SeatLedger<'class_signups'> | SeatLedger<'activity_applications'>;
  /** The effect of a confirmed seat (its reminders and 报名成功 message hang off it). */
  confirmed: 'class.signup' | 'activity.apply';
  /** The detail key naming the item in its effects. */
  idKey: 'classId' | 'activityId';
}

/** The facts of an item its learners' messages name. */
export interface ReviewedItem {
  siteKey: string;
  id: number;
  title: string;
  startAt: number;
  place: string;
  /** 0/1 as stored: a seat waits for review. */
  reviewSignups: number;
}

/** What a sign-up became and why, for its message. */
export interface Outcome {
  signupId: number;
  userId: number;
  status: ClaimStatus | 'rejected';
  /** How a seat was reached: by the reviewer's acceptance or from the waiting list. */
  via?: ConfirmedVia;
  /** In line: the place. */
  place?: number;
  /** Refused: the reviewer's reason. */
  reason?: string;
  at: number;
}

/**
 * Records what a learner's sign-up became, in its transaction: a confirmed seat as the kind's own
 * signup effect (reminders, 报名成功 / 审核通过 / 候补成功), the other states as `signup.*`
 * effects whose messages say where the learner stands.
 */
export async function recordOutcome(
  effects: SideEffects,
  trx: Transaction<Database>,
  kind: ReviewedKind,
  item: ReviewedItem,
  outcome: Outcome,
): Promise<void> {
  const base = { siteKey: item.siteKey, learnerId: outcome.userId };
  if (outcome.status === 'active') {
    await effects.record(trx, {
      ...base,
      kind: kind.confirmed,
      // Keyed by the signup row, which a cancel and signup again revives: recorded once.
      key: `${kind.confirmed}:${outcome.signupId}`,
      detail: {
        [kind.idKey]: item.id,
        title: item.title,
        startAt: item.startAt,
        place: item.place,
        via: outcome.via ?? null,
        at: outcome.at,
      },
    });
    return;
  }
  await effects.record(trx, {
    ...base,
    kind: `signup.${outcome.status}`,
    key: `signup.${outcome.status}:${kind.subject}:${outcome.signupId}:${outcome.at}`,
    detail: {
      subject: kind.subject,
      subjectId: item.id,
      title: item.title,
      via: outcome.via ?? null,
      place: outcome.place ?? null,
      reason: outcome.reason ?? null,
      at: outcome.at,
    },
  });
}

/** The waiting list of an item of `kind`: a freed seat's status, and the message it sends. */
export function queueOf(
  effects: SideEffects,
  kind: ReviewedKind,
  item: ReviewedItem,
  now: number,
): Queue {
  const seatStatus = item.reviewSignups === 1 ? 'pending' : 'active';
  return {
    seatStatus,
    promoted: (trx, promotion: Promotion) =>
      recordOutcome(effects, trx, kind, item, {
        signupId: promotion.signupId,
        userId: promotion.userId,
        status: promotion.status,
        via: 'waiting',
        at: now,
      }),
  };
}

/** A learner's place in the item's waiting list (1 first), by the time they joined, then id. */
export async function placeInLine(
  db: Kysely<Database>,
  kind: ReviewedKind,
  parentId: number,
  signup: { id: number; signedAt: number },
): Promise<number> {
  const { ledger } = kind;
  const { rows } = await sql<{ ahead: number | string }>`select count(*) as ahead
    from ${sql.table(ledger.signups)}
    where ${sql.ref(ledger.parentKey)} = ${parentId} and status = 'waiting'
      and (${sql.ref(ledger.signedAt)} < ${signup.signedAt}
        or (${sql.ref(ledger.signedAt)} = ${signup.signedAt} and id < ${signup.id}))`.execute(db);
  return Number(rows[0]?.ahead ?? 0) + 1;
}

/** How many learners are in the item's waiting list. */
export async function waitingCount(
  db: Kysely<Database>,
  kind: ReviewedKind,
  parentId: number,
): Promise<number> {
  const { ledger } = kind;
  const { rows } = await sql<{ n: number | string }>`select count(*) as n
    from ${sql.table(ledger.signups)}
    where ${sql.ref(ledger.parentKey)} = ${parentId} and status = 'waiting'`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** The Chinese answers of a review decision. */
export const ReviewMessages = {
  notPending: (names: string) => `${names} 的报名不在待审核状态，无法通过`,
  notRefusable: (names: string) => `${names} 的报名不在待审核或候补状态，无法不通过`,
  waitingAccept: (names: string) =>
    `${names} 在候补名单中，名额已满，无法通过；有名额空出时会按顺序自动递补`,
  unknown: '所选学员没有报名该项目',
} as const;

/** A review decision on some of an item's sign-ups, by an operator. */
export interface ReviewDecision {
  userIds: readonly number[];
  decision: 'accept' | 'refuse';
  reason?: string | undefined;
  reviewerId: number;
  now: number;
}

/**
 * Accepts or refuses sign-ups of an item, all or none, in one transaction: accepting confirms
 * `pending` sign-ups (their seats are already held); refusing takes `pending` ones (their seats
 * freed) and `waiting` ones off the list, and the freed seats go to the first in line at once.
 * Each learner is told. Refused (409, naming the learners, nothing written) when any chosen
 * sign-up is not in a state the decision takes. `within` runs in the same transaction (audit).
 */
export async function decide(
  db: Kysely<Database>,
  effects: SideEffects,
  kind: ReviewedKind,
  item: ReviewedItem,
  decision: ReviewDecision,
  within: (
    trx: Transaction<Database>,
    decided: ReadonlyArray<{ id: number; userId: number; status: string; nickname: string }>,
  ) => Promise<void>,
): Promise<{ reviewed: number; promoted: number; seats: Seats }> {
  const { ledger } = kind;
  const { now, reviewerId } = decision;
  const userIds = [...new Set(decision.userIds)];
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom(`${ledger.signups} as s` as 'class_signups as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['s.id', 's.user_id', 's.status', 'u.nickname'])
      .where(sql.ref(`s.${ledger.parentKey}`), '=', item.id)
      .where('s.user_id', 'in', userIds)
      .execute();
    if (rows.length !== userIds.length) throw conflict(ReviewMessages.unknown);
    const names = (list: typeof rows) =>
      list
        .slice(0, 3)
        .map((row) => `“${row.nickname}”`)
        .join('、') + (list.length > 3 ? ` 等 ${list.length} 人` : '');
    const accepting = decision.decision === 'accept';
    const waiting = rows.filter((row) => row.status === 'waiting');
    if (accepting && waiting.length > 0)
      throw conflict(ReviewMessages.waitingAccept(names(waiting)));
    const takes = accepting ? ['pending'] : ['pending', 'waiting'];
    const wrong = rows.filter((row) => !takes.includes(row.status));
    if (wrong.length > 0) {
      throw conflict(
        accepting
          ? ReviewMessages.notPending(names(wrong))
          : ReviewMessages.notRefusable(names(wrong)),
      );
    }
    const freed = rows.filter((row) => row.status === 'pending').length;
    if (!accepting && freed > 0) {
      const released = await sql`update ${sql.table(ledger.parent)}
        set seats_taken = seats_taken - ${freed}
        where id = ${item.id} and seats_taken >= ${freed}
        returning id`.execute(trx);
      if (released.rows.length !== 1)
        throw new Error(`${ledger.parent} ${item.id} holds fewer seats`);
    }
    const status = accepting ? 'active' : 'rejected';
    const reason = accepting ? null : (decision.reason ?? null);
    const changed = await sql<{ id: number }>`update ${sql.table(ledger.signups)}
      set status = ${status}, review_note = ${reason}, reviewed_by = ${reviewerId},
        reviewed_at = ${now}, updated_at = ${now}
      where id in (${sql.join(rows.map((row) => row.id))})
        and status in (${sql.join(takes)})
      returning id`.execute(trx);
    // A learner cancelled or was promoted a moment ago: decide again on what is there now.
    if (changed.rows.length !== rows.length) throw conflict('名单刚刚有变化，请刷新后重试');
    if (!accepting && ledger.signups === 'activity_applications') {
      // A refused application shows no QR at the door, as a cancelled one.
      await trx
        .updateTable('activity_applications')
        .set({ checkin_code: null })
        .where(
          'id',
          'in',
          rows.map((row) => row.id),
        )
        .execute();
    }
    for (const row of rows) {
      await recordOutcome(effects, trx, kind, item, {
        signupId: row.id,
        userId: Number(row.user_id),
        status,
        via: 'review',
        ...(reason ? { reason } : {}),
        at: now,
      });
    }
    await within(
      trx,
      rows.map((row) => ({
        id: row.id,
        userId: Number(row.user_id),
        status: row.status,
        nickname: row.nickname,
      })),
    );
    const queue = queueOf(effects, kind, item, now);
    const promoted = await promoteWaiting(
      trx,
      ledger as SeatLedger<ReviewedTable>,
      item.id,
      now,
      queue,
    );
    return { reviewed: rows.length, promoted: promoted.count, seats: promoted.seats };
  });
}

/**
 * Gives an item's free seats (after an operator's change gave it more) to its waiting list,
 * inside the change's transaction, each promoted learner told.
 */
export async function fillFromLine(
  trx: Kysely<Database>,
  effects: SideEffects,
  kind: ReviewedKind,
  siteKey: string,
  id: number,
  now: number,
): Promise<number> {
  const { ledger } = kind;
  const row = await trx
    .selectFrom(ledger.parent as 'classes')
    .select(['id', 'title', 'start_at', 'place', 'review_signups'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const item: ReviewedItem = {
    siteKey,
    id,
    title: row.title,
    startAt: Number(row.start_at),
    place: row.place,
    reviewSignups: Number(row.review_signups),
  };
  const promoted = await promoteWaiting(
    trx as Transaction<Database>,
    ledger as SeatLedger<ReviewedTable>,
    id,
    now,
    queueOf(effects, kind, item, now),
  );
  return promoted.count;
}
