import type { Ranking, TeamResources } from '@portal/contract';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { body, describeEachEngine, loginAs } from '../../testing/test-app.ts';

describeEachEngine('demo rankings and team resources', (ctx) => {
  it('ranks the seeded learners from aggregates equal to the ledger, with my place', async () => {
    const { app } = ctx();
    const db = app.database.db;
    const totals = await db
      .selectFrom('points_totals')
      .select(['user_id', 'points'])
      .where('site_key', '=', 'jingan')
      .where('period', '=', 'all')
      .execute();
    const ledger = await db
      .selectFrom('points_ledger')
      .select(['user_id', sql<number | string>`sum(amount)`.as('points')])
      .where('site_key', '=', 'jingan')
      .where('amount', '>', 0)
      .groupBy('user_id')
      .execute();
    expect(totals.length).toBeGreaterThan(100);
    const sums = new Map(ledger.map((row) => [row.user_id, Number(row.points)]));
    for (const row of totals) expect(Number(row.points)).toBe(sums.get(row.user_id));
    expect(totals.length).toBe(sums.size);

    const headers = { authorization: `Bearer ${await loginAs(app)}` };
    const ranking = body<Ranking>(
      await app.inject({ url: '/api/rankings?scope=learner&period=all', headers }),
    ).data;
    expect(ranking.list).toHaveLength(100);
    expect(ranking.mine?.rank).toBeGreaterThan(0);
  });

  it('links resources to every seeded team that is live (none when no team is seeded)', async () => {
    const { app } = ctx();
    const teams = await app.database.db
      .selectFrom('teams')
      .select('id')
      .where('dissolved_at', 'is', null)
      .execute();
    for (const team of teams.slice(0, 5)) {
      const resources = body<TeamResources>(
        await app.inject({ url: `/api/team-resources?teamId=${team.id}` }),
      ).data;
      expect(resources.list.length).toBeGreaterThan(0);
    }
  });
});
