import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { periodKeysAt } from './rankings.periods.ts';

type Db = Kysely<Database>;

/** Points earned by one award, for the rankings. */
export interface EarnedPoints {
  siteKey: string;
  userId: number;
  amount: number;
  at: number;
}

/**
 * Adds an award to the rankings' aggregates inside the ledger row's transaction (called by
 * `points.award.ts` only): the learner's total of each period, the period's histogram (the
 * learner leaves the bucket of the old total for the new one) and the totals of each team the
 * learner is an active member of on the site. Rows are taken in one order (period, then the
 * lower bucket before the higher, teams by id), so concurrent awards wait rather than deadlock.
 */
export async function addEarnedPoints(trx: Db, earned: EarnedPoints): Promise<void> {
  if (earned.amount <= 0) return;
  const teams = await trx
    .selectFrom('team_members as m')
    .innerJoin('teams as t', 't.id', 'm.team_id')
    .select('t.id')
    .where('m.user_id', '=', earned.userId)
    .where('m.status', '=', 'active')
    .where('t.site_key', '=', earned.siteKey)
    .where('t.dissolved_at', 'is', null)
    .orderBy('t.id')
    .execute();
  for (const period of periodKeysAt(earned.at)) {
    const row = await trx
      .insertInto('points_totals')
      .values({
        site_key: earned.siteKey,
        period,
        user_id: earned.userId,
        points: earned.amount,
        updated_at: earned.at,
      })
      .onConflict((oc) =>
        oc.columns(['site_key', 'period', 'user_id']).doUpdateSet({
          points: sql<number>`points_totals.points + ${earned.amount}`,
          updated_at: earned.at,
        }),
      )
      .returning('points')
      .executeTakeFirstOrThrow();
    const now = Number(row.points);
    const before = now - earned.amount;
    if (before > 0) {
      await trx
        .updateTable('points_histogram')
        .set({ learners: sql<number>`learners - 1` })
        .where('site_key', '=', earned.siteKey)
        .where('period', '=', period)
        .where('points', '=', before)
        .execute();
    }
    await trx
      .insertInto('points_histogram')
      .values({ site_key: earned.siteKey, period, points: now, learners: 1 })
      .onConflict((oc) =>
        oc
          .columns(['site_key', 'period', 'points'])
          .doUpdateSet({ learners: sql<number>`points_histogram.learners + 1` }),
      )
      .execute();
    for (const team of teams) {
      await trx
        .insertInto('team_points_totals')
        .values({
          site_key: earned.siteKey,
          period,
          team_id: team.id,
          points: earned.amount,
          updated_at: earned.at,
        })
        .onConflict((oc) =>
          oc.columns(['site_key', 'period', 'team_id']).doUpdateSet({
            points: sql<number>`team_points_totals.points + ${earned.amount}`,
            updated_at: earned.at,
          }),
        )
        .execute();
    }
  }
}
