import {
  type Page,
  POINTS_TASK_PAGES,
  type PointsLedgerEntry,
  type PointsLedgerQuery,
  type PointsSummary,
  type PointsTasks,
} from '@portal/contract';
import { ADJUSTMENT_RULE_KEY } from '@portal/contract/constants';
import type { Kysely } from 'kysely';
import { readPage } from '../../db/paging.ts';
import type { Database } from '../../db/schema.ts';
import { isoTime } from '../../platform/time.ts';
import { dayKey } from '../study/study.rules.ts';
import {
  countLedgerRows,
  findBalance,
  listActiveRules,
  listDailyUnits,
  listLedgerRows,
  sumEarnedOn,
} from './points.queries.ts';

/**
 * A learner's points on a site: balance, today's tasks and the ledger. Read-only: points are
 * awarded only by the server where a deed happens (`points.awards.ts`), never by a request.
 */
export class PointsService {
  constructor(
    private readonly db: Kysely<Database>,
    // Looked up on each call (not bound once), so tests can move the clock.
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** The balance on the site and the points earned today (Asia/Shanghai). */
  async summary(siteKey: string, userId: number): Promise<PointsSummary> {
    const day = dayKey(this.now());
    const [balance, todayEarned] = await Promise.all([
      findBalance(this.db, userId, siteKey),
      sumEarnedOn(this.db, userId, siteKey, day),
    ]);
    return { balance, todayEarned, day };
  }

  /** Each active rule as today's task: units earned against the cap, and where it is done. */
  async tasks(siteKey: string, userId: number): Promise<PointsTasks> {
    const day = dayKey(this.now());
    const [rules, units] = await Promise.all([
      listActiveRules(this.db),
      listDailyUnits(this.db, userId, siteKey, day),
    ]);
    const unitsOf = new Map(units.map((row) => [row.rule_key, Number(row.units)]));
    return {
      day,
      tasks: rules.map((rule) => {
        const cap = Number(rule.daily_cap);
        const doneUnits = Math.min(unitsOf.get(rule.key) ?? 0, cap);
        const pointsPerUnit = Number(rule.points_per_unit);
        return {
          key: rule.key,
          name: rule.name,
          unit: rule.unit,
          pointsPerUnit,
          dailyCap: cap,
          doneUnits,
          // Today's units were awarded at the points of their time; this is today's rule.
          pointsToday: doneUnits * pointsPerUnit,
          done: doneUnits >= cap,
          page: POINTS_TASK_PAGES[rule.key] ?? 'home',
        };
      }),
    };
  }

  /** One page of the ledger, newest first, each row with the balance right after it. */
  ledger(
    siteKey: string,
    userId: number,
    query: PointsLedgerQuery,
  ): Promise<Page<PointsLedgerEntry>> {
    const filter = { userId, siteKey, type: query.type };
    return readPage(
      query,
      {
        count: () => countLedgerRows(this.db, filter),
        rows: (window) => listLedgerRows(this.db, { ...filter, ...window }),
      },
      (rows) =>
        rows.map((row) => ({
          id: row.id,
          ruleKey: row.rule_key,
          ruleName: row.rule_name ?? ruleNameOf(row.rule_key, Number(row.amount)),
          title: row.title,
          amount: Number(row.amount),
          balanceAfter: Number(row.balance_after),
          day: row.day,
          createdAt: isoTime(row.created_at),
        })),
    );
  }
}

/** The name of a ledger row that no rule of the table made: a correction, a spend, an award. */
function ruleNameOf(ruleKey: string, amount: number): string {
  if (ruleKey === ADJUSTMENT_RULE_KEY) return '积分调整';
  return amount < 0 ? '积分消费' : '积分奖励';
}
