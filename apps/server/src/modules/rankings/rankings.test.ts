import { RANKING_TOP, type Ranking, type TeamRank } from '@portal/contract';
import { type Kysely, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/schema.ts';
import { createLearners, type TestLearner } from '../../testing/class-factory.ts';
import { createSites } from '../../testing/course-factory.ts';
import { addTeamMember, createTeam } from '../../testing/team-factory.ts';
import { body, describeEachEngine } from '../../testing/test-app.ts';
import { awardPoints, deductPoints } from '../points/points.award.ts';
import { RANKING_CACHE_MS } from './rankings.service.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const DAY = 86_400_000;

/** Rules of these tests: 1, 10 and 100 points a unit, with caps no test reaches. */
const TEST_RULES = [
  ['rank_1', 1],
  ['rank_10', 10],
  ['rank_100', 100],
] as const;

let keys = 0;
/** How far the app's clock runs ahead of the real one: moved on to let a kept snapshot age. */
let ahead = 0;

/** Awards `points` to the learner at `at` through the real award path, in as few awards as fit. */
async function give(db: Kysely<Database>, userId: number, points: number, at = Date.now()) {
  let left = points;
  for (const [rule, unit] of [...TEST_RULES].reverse()) {
    while (left >= unit) {
      keys += 1;
      const key = `rank-test:${keys}:${userId}`;
      await db.transaction().execute((trx) =>
        awardPoints(trx, {
          siteKey: 'jingan',
          userId,
          ruleKey: rule,
          key,
          sourceType: 'study',
          sourceId: null,
          title: '测试积分',
          at,
        }),
      );
      left -= unit;
    }
  }
}

/** Every aggregate row against the ledger it sums (should be no difference). */
async function aggregatesAgreeWithLedger(db: Kysely<Database>) {
  const totals = await db
    .selectFrom('points_totals')
    .select(['user_id', 'points'])
    .where('period', '=', 'all')
    .execute();
  const ledger = await db
    .selectFrom('points_ledger')
    .select(['user_id', sql<number | string>`sum(amount)`.as('points')])
    .where('amount', '>', 0)
    .groupBy('user_id')
    .execute();
  const fromLedger = new Map(ledger.map((row) => [row.user_id, Number(row.points)]));
  for (const row of totals) expect(Number(row.points)).toBe(fromLedger.get(row.user_id));
  expect(totals.length).toBe(fromLedger.size);
  const histogram = await db
    .selectFrom('points_histogram')
    .select(['period', 'points', 'learners'])
    .where('learners', '>', 0)
    .orderBy('period')
    .orderBy('points')
    .execute();
  const grouped = await db
    .selectFrom('points_totals')
    .select(['period', 'points', sql<number | string>`count(*)`.as('learners')])
    .groupBy(['period', 'points'])
    .orderBy('period')
    .orderBy('points')
    .execute();
  expect(histogram.map((row) => [row.period, Number(row.points), Number(row.learners)])).toEqual(
    grouped.map((row) => [row.period, Number(row.points), Number(row.learners)]),
  );
}

describeEachEngine(
  'rankings API',
  (ctx) => {
    const app = () => ctx().app;
    const db = () => app().database.db;
    let learners: TestLearner[];

    async function ranking(query: string, token?: string) {
      const response = await app().inject({
        url: `/api/rankings?${query}`,
        headers: token ? bearer(token) : {},
      });
      return body<Ranking>(response);
    }

    beforeAll(async () => {
      await createSites(db());
      app().sites.invalidate();
      await db()
        .insertInto('points_rules')
        .values(
          TEST_RULES.map(([key, points], index) => ({
            key,
            name: `测试${points}`,
            unit: '次',
            points_per_unit: points,
            daily_cap: 100_000,
            sort: 100 + index,
            active: 1,
          })),
        )
        .execute();
      learners = await createLearners(db(), 130);
      // Learner i earns 200 - i points: all distinct but 121 and 122, which tie on 79.
      for (const [index, learner] of learners.entries()) {
        await give(db(), learner.id, index === 122 ? 79 : 200 - index);
      }
    }, 120_000);

    it('lists the top 100 of the week, best first, with places shared by equal points', async () => {
      const answer = await ranking('scope=learner&period=week', learners[0]?.token);
      expect(answer.code).toBe(0);
      const { list, ranked, mine } = answer.data;
      expect(list).toHaveLength(RANKING_TOP);
      expect(ranked).toBe(130);
      expect(list[0]).toMatchObject({ rank: 1, id: learners[0]?.id, points: 200, name: '学员0' });
      expect(list[99]).toMatchObject({ rank: 100, points: 101 });
      expect(mine).toMatchObject({ id: learners[0]?.id, rank: 1, points: 200 });
    });

    it('gives my place beyond the top 100, equal points sharing it', async () => {
      const tied = await ranking('scope=learner&period=all', learners[120]?.token);
      expect(tied.data.mine).toMatchObject({ rank: 121, points: 80 });
      const a = await ranking('scope=learner&period=all', learners[121]?.token);
      const b = await ranking('scope=learner&period=all', learners[122]?.token);
      // 121 and 122 both have 79: the 121 learners above them, then both at 122; the next is 124.
      expect(a.data.mine).toMatchObject({ rank: 122, points: 79 });
      expect(b.data.mine).toMatchObject({ rank: 122, points: 79 });
      const next = await ranking('scope=learner&period=all', learners[123]?.token);
      expect(next.data.mine).toMatchObject({ rank: 124, points: 77 });
      const last = await ranking('scope=learner&period=all', learners[129]?.token);
      expect(last.data.mine).toMatchObject({ rank: 130, points: 71 });
    });

    it('shows a learner without points in the period as unranked, a visitor without a place', async () => {
      const [fresh] = await createLearners(db(), 1);
      const answer = await ranking('scope=learner&period=week', fresh?.token);
      expect(answer.data.mine).toMatchObject({ points: 0, rank: null });
      expect(answer.data.myTeams).toEqual([]);
      const visitor = await ranking('scope=learner&period=week');
      expect(visitor.code).toBe(0);
      expect(visitor.data.mine).toBeNull();
      expect(visitor.data.list).toHaveLength(RANKING_TOP);
    });

    it('counts an award in its own week and month only', async () => {
      const [late] = await createLearners(db(), 1);
      const learner = late as TestLearner;
      await give(db(), learner.id, 500, Date.now() - 8 * DAY);
      await give(db(), learner.id, 300, Date.now() - 400 * DAY);
      const week = await ranking('scope=learner&period=week', learner.token);
      expect(week.data.mine).toMatchObject({ points: 0, rank: null });
      const all = await ranking('scope=learner&period=all', learner.token);
      expect(all.data.mine).toMatchObject({ points: 800, rank: 1 });
      expect(all.data.list[0]).toMatchObject({ id: learner.id, rank: 1 });
      const month = await ranking('scope=learner&period=month', learner.token);
      expect(month.data.mine?.points).toBeLessThan(800);
      expect(month.data.range).toMatch(/^\d{4}-\d{2}-01 至 \d{4}-\d{2}-\d{2}$/);
      expect(all.data.range).toBe('全部');
    });

    it('never lowers a place for points spent', async () => {
      const learner = learners[5] as TestLearner;
      ahead += RANKING_CACHE_MS; // others' awards of the tests before are in the standings
      const before = await ranking('scope=learner&period=all', learner.token);
      await db()
        .transaction()
        .execute((trx) =>
          deductPoints(trx, {
            siteKey: 'jingan',
            userId: learner.id,
            key: `rank-test-spend:${learner.id}`,
            points: 50,
            title: '兑换',
            at: Date.now(),
          }),
        );
      const after = await ranking('scope=learner&period=all', learner.token);
      expect(after.data.mine).toEqual(before.data.mine);
    });

    it("answers a learner's own new points at once; others' reach the ranking within RANKING_CACHE_MS", async () => {
      ahead += RANKING_CACHE_MS;
      const before = await ranking('scope=learner&period=week');
      const [climber] = await createLearners(db(), 1);
      const learner = climber as TestLearner;
      await give(db(), learner.id, 5000);
      const own = await ranking('scope=learner&period=week', learner.token);
      expect(own.data.mine).toMatchObject({ id: learner.id, points: 5000, rank: 1 });
      expect(own.data.list[0]).toMatchObject({ id: learner.id, points: 5000, rank: 1 });
      expect(own.data.ranked).toBe(before.data.ranked + 1);
      // A visitor is still shown the standings this instance read a moment ago...
      const kept = await ranking('scope=learner&period=week');
      expect(kept.data.list[0]?.id).toBe(before.data.list[0]?.id);
      expect(kept.data.ranked).toBe(before.data.ranked);
      // ...and the new ones once they are RANKING_CACHE_MS old.
      ahead += RANKING_CACHE_MS;
      const renewed = await ranking('scope=learner&period=week');
      expect(renewed.data.list[0]).toMatchObject({ id: learner.id, rank: 1 });
      expect(renewed.data.ranked).toBe(before.data.ranked + 1);
    });

    it("shows a learner's own new name at once; others' within RANKING_CACHE_MS", async () => {
      const [top, other] = await createLearners(db(), 2);
      const learner = top as TestLearner;
      await give(db(), learner.id, 7000);
      ahead += RANKING_CACHE_MS;
      const first = await ranking('scope=learner&period=week');
      expect(first.data.list[0]).toMatchObject({ id: learner.id, rank: 1 });
      const renamed = { nickname: `新昵称${learner.id}`, avatar: '/files/avatars/new.webp' };
      await db().updateTable('users').set(renamed).where('id', '=', learner.id).execute();
      // The learner sees their own new name and avatar in the list at once...
      const own = await ranking('scope=learner&period=week', learner.token);
      expect(own.data.list[0]).toMatchObject({
        id: learner.id,
        name: renamed.nickname,
        avatar: renamed.avatar,
      });
      expect(own.data.mine).toMatchObject({ name: renamed.nickname, avatar: renamed.avatar });
      // ...another learner is shown the names kept with the standings...
      const others = await ranking('scope=learner&period=week', (other as TestLearner).token);
      expect(others.data.list[0]).toMatchObject({ id: learner.id, name: first.data.list[0]?.name });
      // ...and the new one once they are RANKING_CACHE_MS old.
      ahead += RANKING_CACHE_MS;
      const later = await ranking('scope=learner&period=week', (other as TestLearner).token);
      expect(later.data.list[0]).toMatchObject({ id: learner.id, name: renamed.nickname });
    });

    describe('teams', () => {
      it("ranks teams by what members earned while members, with my teams' places", async () => {
        const [leader, member, outsider] = await createLearners(db(), 3);
        const l = leader as TestLearner;
        const m = member as TestLearner;
        await give(db(), m.id, 1000);
        const team = await createTeam(db(), l.id, { name: `积分之队${l.id}` });
        await addTeamMember(db(), team, m.id);
        // Earned before joining: not the team's.
        expect((await ranking('scope=team&period=all', m.token)).data.myTeams).toEqual([
          expect.objectContaining({ id: team, points: 0, rank: null }),
        ]);
        await give(db(), l.id, 30);
        await give(db(), m.id, 12);
        const second = await createTeam(db(), (outsider as TestLearner).id);
        await give(db(), (outsider as TestLearner).id, 50);
        const answer = await ranking('scope=team&period=week', m.token);
        expect(answer.data.list).toEqual([
          expect.objectContaining({ rank: 1, id: second, points: 50 }),
          expect.objectContaining({ rank: 2, id: team, points: 42 }),
        ]);
        expect(answer.data.myTeams).toEqual([
          expect.objectContaining({ id: team, points: 42, rank: 2 }),
        ]);
        // Other teams' points reach a public place once the kept standings are renewed.
        ahead += RANKING_CACHE_MS;
        const badge = body<TeamRank>(
          await app().inject({ url: `/api/rankings/team?teamId=${team}` }),
        );
        expect(badge.data.places).toEqual([
          { period: 'week', points: 42, rank: 2 },
          { period: 'month', points: 42, rank: 2 },
          { period: 'all', points: 42, rank: 2 },
        ]);
      });
    });

    it('shows a renamed team by its new name and leaves a dissolved one out at once', async () => {
      const [leader] = await createLearners(db(), 1);
      const l = leader as TestLearner;
      const team = await createTeam(db(), l.id, { name: `改名之队${l.id}` });
      await give(db(), l.id, 9000);
      ahead += RANKING_CACHE_MS;
      const first = await ranking('scope=team&period=week');
      expect(first.data.list[0]).toMatchObject({ id: team, rank: 1, points: 9000 });
      // As the teams service writes a change: with the time of it (after the team's creation).
      await db()
        .updateTable('teams')
        .set({ name: '新名字之队', updated_at: Date.now() + 1 })
        .where('id', '=', team)
        .execute();
      const renamed = await ranking('scope=team&period=week');
      expect(renamed.data.list[0]).toMatchObject({ id: team, name: '新名字之队' });
      await db()
        .updateTable('teams')
        .set({ dissolved_at: Date.now(), updated_at: Date.now() + 2 })
        .where('id', '=', team)
        .execute();
      const dissolved = await ranking('scope=team&period=week', l.token);
      expect(dissolved.data.list.map((entry) => entry.id)).not.toContain(team);
      expect(dissolved.data.myTeams).toEqual([]);
    });

    it('keeps the aggregates equal to the ledger under concurrent awards', async () => {
      const crowd = await createLearners(db(), 40);
      const team = await createTeam(db(), (crowd[0] as TestLearner).id);
      for (const learner of crowd.slice(1, 10)) await addTeamMember(db(), team, learner.id);
      await Promise.all(
        crowd.flatMap((learner, index) =>
          [1, 2, 3].map((round) => give(db(), learner.id, 10 + ((index * round) % 7))),
        ),
      );
      await aggregatesAgreeWithLedger(db());
      const teamTotal = await db()
        .selectFrom('team_points_totals')
        .select('points')
        .where('team_id', '=', team)
        .where('period', '=', 'all')
        .executeTakeFirstOrThrow();
      const expected = crowd
        .slice(0, 10)
        .reduce(
          (sum, _, index) => sum + [1, 2, 3].reduce((s, r) => s + 10 + ((index * r) % 7), 0),
          0,
        );
      expect(Number(teamTotal.points)).toBe(expected);
    });

    it('answers 400 naming the field for an unknown period or scope', async () => {
      const period = await ranking('period=year');
      expect(period.code).toBe(400);
      expect(period.message).toContain('统计周期');
      const scope = await ranking('scope=city');
      expect(scope.code).toBe(400);
      expect(scope.message).toContain('榜单类型');
    });
  },
  { seedDemo: false },
  () => ({ clock: () => Date.now() + ahead }),
);
