import { ADJUSTMENT_RULE_KEY } from '@portal/contract/constants';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { conflict, invalid } from '../../platform/errors.ts';
import { addEarnedPoints } from '../rankings/rankings.aggregate.ts';
import { dayKey } from '../study/study.rules.ts';
import {
  findActiveRule,
  hasLedgerKey,
  insertLedgerRow,
  lockBalance,
  setBalance,
  takeDailyUnit,
} from './points.queries.ts';

/** One occurrence of a deed that a rule rewards. */
export interface Award {
  siteKey: string;
  userId: number;
  ruleKey: string;
  /** Unique per occurrence (`lesson.complete:<lessonId>:<userId>`): a replay awards nothing. */
  key: string;
  /** What was learned: `lesson`, `course`, `activity`, `ebook`, `article`, `login`, `study`. */
  sourceType: string;
  sourceId: number | null;
  title: string;
  /** The server's time of the deed; its Asia/Shanghai date is the day it counts for. */
  at: number;
}

/**
 * Awards one unit of the rule for the occurrence, inside the caller's transaction: the points
 * are the rule's points per unit now (a later rule change changes later awards only), within
 * the rule's daily cap. Answers the points awarded: 0 for an inactive rule, a replayed key or a
 * reached cap. The learner's balance row is locked first, so a learner's awards run one after
 * another; the unique key and the conditional daily count make replays and caps hold anyway.
 */
export async function awardPoints(trx: Kysely<Database>, award: Award): Promise<number> {
  const rule = await findActiveRule(trx, award.ruleKey);
  if (!rule) return 0;
  // An award already made (the day's sign-in, on every later refresh of the day) is known
  // without taking the balance's lock: the ledger is append-only, so a key found stays found.
  if (await hasLedgerKey(trx, award.key)) return 0;
  const balance = await lockBalance(trx, award.userId, award.siteKey, award.at);
  // Checked again under the lock: a concurrent award of the same key may have just been made.
  if (await hasLedgerKey(trx, award.key)) return 0;
  const day = dayKey(award.at);
  const counted = await takeDailyUnit(
    trx,
    { userId: award.userId, siteKey: award.siteKey, ruleKey: rule.key, day },
    Number(rule.daily_cap),
  );
  if (!counted) return 0;
  const amount = Number(rule.points_per_unit);
  await writeLedger(trx, award, { amount, balanceAfter: balance + amount, day });
  return amount;
}

/** A deduction (an exchange of points for something): never below a zero balance. */
export interface Deduction {
  siteKey: string;
  userId: number;
  /** Unique per deduction: a retried exchange deducts once. */
  key: string;
  points: number;
  title: string;
  at: number;
}

/** The ledger's rule key of deductions (not a rule of the table: nothing is earned by it). */
export const SPEND_RULE_KEY = 'spend';

/**
 * Deducts points inside the caller's transaction; answers false for a replayed key. Points
 * beyond the balance answer 409 积分不足 and write nothing (the balance CHECK backs it).
 */
export async function deductPoints(trx: Kysely<Database>, deduction: Deduction): Promise<boolean> {
  if (!Number.isInteger(deduction.points) || deduction.points <= 0) {
    throw invalid('扣减积分必须是正整数');
  }
  const balance = await lockBalance(trx, deduction.userId, deduction.siteKey, deduction.at);
  if (await hasLedgerKey(trx, deduction.key)) return false;
  if (balance < deduction.points) throw conflict('积分不足');
  const award: Award = {
    ...deduction,
    ruleKey: SPEND_RULE_KEY,
    sourceType: 'spend',
    sourceId: null,
  };
  await writeLedger(trx, award, {
    amount: -deduction.points,
    balanceAfter: balance - deduction.points,
    day: dayKey(deduction.at),
  });
  return true;
}

/** An operator's correction of a learner's points (积分调整), with the reason they see. */
export interface Adjustment {
  siteKey: string;
  userId: number;
  /** Unique per adjustment: a retried submission adjusts once. */
  key: string;
  /** Positive adds, negative takes away. */
  amount: number;
  reason: string;
  at: number;
}

/**
 * Adjusts the learner's points inside the caller's transaction, as a ledger row of its own kind
 * ({@link ADJUSTMENT_RULE_KEY}) whose title is the reason; answers the balance after it, or null
 * for a replayed key (nothing written). A take-away beyond the balance answers 409 and writes
 * nothing (the balance CHECK backs it).
 */
export async function adjustPoints(
  trx: Kysely<Database>,
  adjustment: Adjustment,
): Promise<number | null> {
  if (!Number.isInteger(adjustment.amount) || adjustment.amount === 0) {
    throw invalid('调整的积分必须是非零整数');
  }
  const balance = await lockBalance(trx, adjustment.userId, adjustment.siteKey, adjustment.at);
  if (await hasLedgerKey(trx, adjustment.key)) return null;
  const after = balance + adjustment.amount;
  if (after < 0) {
    throw conflict(`积分不足：该学员现有 ${balance} 积分，最多可扣减 ${balance} 积分`);
  }
  await writeLedger(
    trx,
    {
      siteKey: adjustment.siteKey,
      userId: adjustment.userId,
      ruleKey: ADJUSTMENT_RULE_KEY,
      key: adjustment.key,
      sourceType: 'adjustment',
      sourceId: null,
      title: adjustment.reason,
      at: adjustment.at,
    },
    { amount: adjustment.amount, balanceAfter: after, day: dayKey(adjustment.at) },
  );
  return after;
}

/**
 * Appends the ledger row, sets the locked balance to what it says and, for an award, adds it to
 * the rankings' aggregates: all in the caller's transaction, so a ranking never disagrees with
 * the ledger.
 */
async function writeLedger(
  trx: Kysely<Database>,
  award: Award,
  row: { amount: number; balanceAfter: number; day: string },
) {
  await insertLedgerRow(trx, {
    site_key: award.siteKey,
    user_id: award.userId,
    rule_key: award.ruleKey,
    amount: row.amount,
    balance_after: row.balanceAfter,
    source_type: award.sourceType,
    source_id: award.sourceId,
    title: award.title.slice(0, 200),
    day: row.day,
    idempotency_key: award.key,
    created_at: award.at,
  });
  await setBalance(trx, award.userId, award.siteKey, row.balanceAfter, award.at);
  await addEarnedPoints(trx, {
    siteKey: award.siteKey,
    userId: award.userId,
    amount: row.amount,
    at: award.at,
  });
}
