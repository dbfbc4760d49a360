import { type Kysely, sql } from 'kysely';
import { compiledOnce } from '../../db/compiled.ts';
import { hasRow } from '../../db/rows.ts';
import type { Database, NewPointsLedgerRow } from '../../db/schema.ts';

type Db = Kysely<Database>;

/** An active rule by key, or undefined. */
export function findActiveRule(db: Db, key: string) {
  return db
    .selectFrom('points_rules')
    .selectAll()
    .where('key', '=', key)
    .where('active', '=', 1)
    .executeTakeFirst();
}

/** The active rules, in their display order. */
export function listActiveRules(db: Db) {
  return db
    .selectFrom('points_rules')
    .selectAll()
    .where('active', '=', 1)
    .orderBy('sort')
    .orderBy('key')
    .execute();
}

/**
 * Locks the learner's balance row on the site for the rest of the transaction (creating it at
 * 0) and answers the balance. Every award and deduction of a learner takes this lock first, so
 * they run one after another and always in the same lock order (balance, day, ledger key).
 */
export async function lockBalance(trx: Db, userId: number, siteKey: string, now: number) {
  const row = await trx
    .insertInto('points_balances')
    .values({ user_id: userId, site_key: siteKey, balance: 0, updated_at: now })
    .onConflict((oc) =>
      // A no-op update: PostgreSQL holds the row lock to the end, as FOR UPDATE would.
      oc
        .columns(['user_id', 'site_key'])
        .doUpdateSet({ balance: sql<number>`points_balances.balance` }),
    )
    .returning('balance')
    .executeTakeFirstOrThrow();
  return Number(row.balance);
}

export function setBalance(trx: Db, userId: number, siteKey: string, balance: number, now: number) {
  return trx
    .updateTable('points_balances')
    .set({ balance, updated_at: now })
    .where('user_id', '=', userId)
    .where('site_key', '=', siteKey)
    .execute();
}

/** True when a ledger row with the idempotency key exists. */
export function hasLedgerKey(trx: Db, key: string) {
  return hasRow(trx.selectFrom('points_ledger').where('idempotency_key', '=', key));
}

/**
 * Counts one more unit of the rule on the day, only while fewer than `cap` are counted (a
 * conditional upsert: the cap holds in the database). Answers false when the cap is reached.
 */
export async function takeDailyUnit(
  trx: Db,
  day: { userId: number; siteKey: string; ruleKey: string; day: string },
  cap: number,
) {
  const row = await trx
    .insertInto('points_daily')
    .values({
      user_id: day.userId,
      site_key: day.siteKey,
      rule_key: day.ruleKey,
      day: day.day,
      units: 1,
    })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'site_key', 'rule_key', 'day'])
        .doUpdateSet({ units: sql<number>`points_daily.units + 1` })
        .where('points_daily.units', '<', cap),
    )
    .returning('units')
    .executeTakeFirst();
  return row !== undefined;
}

/** Units of each rule the learner earned on the site on `day`. */
export function listDailyUnits(db: Db, userId: number, siteKey: string, day: string) {
  return db
    .selectFrom('points_daily')
    .select(['rule_key', 'units'])
    .where('user_id', '=', userId)
    .where('site_key', '=', siteKey)
    .where('day', '=', day)
    .execute();
}

/** Units of one rule the learner earned on the site on `day`. */
export async function findDailyUnits(
  db: Db,
  day: { userId: number; siteKey: string; ruleKey: string; day: string },
) {
  const row = await db
    .selectFrom('points_daily')
    .select('units')
    .where('user_id', '=', day.userId)
    .where('site_key', '=', day.siteKey)
    .where('rule_key', '=', day.ruleKey)
    .where('day', '=', day.day)
    .executeTakeFirst();
  return Number(row?.units ?? 0);
}

export function insertLedgerRow(trx: Db, row: NewPointsLedgerRow) {
  return trx.insertInto('points_ledger').values(row).execute();
}

/** The learner's balance on the site (0 before any award). */
export async function findBalance(db: Db, userId: number, siteKey: string) {
  const row = await db
    .selectFrom('points_balances')
    .select('balance')
    .where('user_id', '=', userId)
    .where('site_key', '=', siteKey)
    .executeTakeFirst();
  return Number(row?.balance ?? 0);
}

/** Points the learner earned (awards only) on the site on `day`. */
export async function sumEarnedOn(db: Db, userId: number, siteKey: string, day: string) {
  const row = await db
    .selectFrom('points_ledger')
    .select(sql<number | string | null>`sum(amount)`.as('total'))
    .where('user_id', '=', userId)
    .where('site_key', '=', siteKey)
    .where('day', '=', day)
    .where('amount', '>', 0)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

export interface LedgerFilter {
  userId: number;
  siteKey: string;
  type: 'earned' | 'spent' | undefined;
}

/**
 * The learner's ledger rows on the site, of a type ('earned', 'spent', or '' for all) taken as
 * a parameter, so each query below has one shape and is compiled once (the ledger page is read
 * on every visit to 积分).
 */
function ledgerOf(db: Db, userId: number, siteKey: string, type: string) {
  return db
    .selectFrom('points_ledger as l')
    .where('l.user_id', '=', userId)
    .where('l.site_key', '=', siteKey)
    .where((eb) =>
      eb.and([
        eb.or([eb('l.amount', '>', 0), eb(eb.val(type), '<>', 'earned')]),
        eb.or([eb('l.amount', '<', 0), eb(eb.val(type), '<>', 'spent')]),
      ]),
    );
}

const countLedgerQuery = compiledOnce((db, userId: number, siteKey: string, type: string) =>
  ledgerOf(db, userId, siteKey, type).select((eb) => eb.fn.countAll<number | string>().as('total')),
);

export async function countLedgerRows(db: Db, filter: LedgerFilter) {
  const [row] = await countLedgerQuery(db, filter.userId, filter.siteKey, filter.type ?? '');
  return Number(row?.total ?? 0);
}

const ledgerRowsQuery = compiledOnce(
  (db, userId: number, siteKey: string, type: string, limit: number, offset: number) =>
    ledgerOf(db, userId, siteKey, type)
      .leftJoin('points_rules as r', 'r.key', 'l.rule_key')
      .select([
        'l.id',
        'l.rule_key',
        'r.name as rule_name',
        'l.title',
        'l.amount',
        'l.balance_after',
        'l.day',
        'l.created_at',
      ])
      .orderBy('l.id', 'desc')
      .limit(limit)
      .offset(offset),
);

/** One window of the learner's ledger on the site, newest first, with each rule's name. */
export function listLedgerRows(db: Db, filter: LedgerFilter & { limit: number; offset: number }) {
  const { userId, siteKey, type, limit, offset } = filter;
  return ledgerRowsQuery(db, userId, siteKey, type ?? '', limit, offset);
}

/** Every (learner, site) whose balance is not the sum of their ledger rows (should be none). */
export function listUnbalanced(db: Db) {
  return db
    .selectFrom('points_balances as b')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('points_ledger')
          .select(['user_id', 'site_key', sql<number | string>`sum(amount)`.as('total')])
          .groupBy(['user_id', 'site_key'])
          .as('s'),
      (join) => join.onRef('s.user_id', '=', 'b.user_id').onRef('s.site_key', '=', 'b.site_key'),
    )
    .select(['b.user_id', 'b.site_key', 'b.balance', 's.total'])
    .where(sql<boolean>`b.balance <> coalesce(s.total, 0)`)
    .execute();
}
