import type { LearningKind } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { addLearningTime, addLearningTotals } from '../statistics/statistics.queries.ts';
import { addDays } from '../statistics/statistics.rules.ts';
import { reopenRollups } from '../stats/stats-rollup.queries.ts';
import { addLearningSeconds, lockStudyClock, setStudyClock } from './study.queries.ts';
import { type Credit, creditWatch, dayKey } from './study.rules.ts';

/** What crediting one report of watching gave. */
export interface LearningCredit {
  /** The credit against the watched thing's own clock (a lesson's, a live session's). */
  item: Credit;
  /** Milliseconds added to the learner's day (bounded by the learner's clock too). */
  countedMs: number;
}

/** A learner's clock, locked for the rest of a transaction, and the moment it was read at. */
export interface LearnerClock {
  /**
   * The server's clock, read after the lock (a report that waited is credited at its time), or
   * the moment a report made offline was made (`at`).
   */
  now: number;
  /**
   * Credits `claimedMs` of watching against the item's clock (`itemCreditedUntil`, null before
   * the first report) and the learner's, and adds what counts to today's learning time.
   */
  credit(claimedMs: number, itemCreditedUntil: number | null): Promise<LearningCredit>;
}

/**
 * Locks the learner's study clock in `trx` (one learner's reports are credited one after
 * another; see README.md) and answers how to credit watching of any content: lessons, live
 * sessions and replays all count learning time by the same rules (`study.rules.ts`), filed
 * under their `kind` for the statistics too.
 */
export async function lockLearnerClock(
  trx: Kysely<Database>,
  userId: number,
  clock: () => number,
  kind: LearningKind,
  at?: (now: number) => number,
): Promise<LearnerClock> {
  const learnerUntil = await lockStudyClock(trx, userId);
  const serverNow = clock();
  const now = at ? at(serverNow) : serverNow;
  return {
    now,
    async credit(claimedMs, itemCreditedUntil) {
      const item = creditWatch(claimedMs, itemCreditedUntil, now);
      // The learner's own clock bounds their time across items (two tabs count once).
      const learner = creditWatch(item.creditedMs, learnerUntil, now);
      await setStudyClock(trx, userId, learner.creditedUntil);
      if (learner.creditedMs > 0) {
        const day = dayKey(now);
        // Credited to a day before yesterday (made offline): the dashboard computes it again.
        if (day < addDays(dayKey(serverNow), -1)) await reopenRollups(trx, day);
        const seconds = learner.creditedMs / 1000;
        const newDay = await addLearningSeconds(trx, userId, day, seconds, now);
        await addLearningTime(trx, { userId, day, kind, seconds, now });
        const yesterday = addDays(day, -1);
        await addLearningTotals(trx, { userId, day, yesterday, seconds, newDay, now });
      }
      return { item, countedMs: learner.creditedMs };
    },
  };
}
