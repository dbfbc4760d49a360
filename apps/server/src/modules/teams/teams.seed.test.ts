import type { MyTeams, Page, TeamCard, TeamDetail, TeamProgress } from '@portal/contract';
import { expect, it } from 'vitest';
import { getAs } from '../../testing/account-factory.ts';
import { describeEachEngine, loginAs } from '../../testing/test-app.ts';

describeEachEngine('demo teams', (ctx) => {
  it('seeds 40 live teams with avatars and members, places matching the members', async () => {
    const { app } = ctx();
    const list = await getAs<Page<TeamCard>>(app, null, '/api/teams?size=50');
    expect(list.data.total).toBe(40);
    expect(new Set(list.data.list.map((team) => team.name)).size).toBe(40);
    expect(list.data.list.filter((team) => team.avatar).length).toBeGreaterThanOrEqual(30);
    const { db } = app.database;
    const teams = await db
      .selectFrom('teams')
      .select(['id', 'seats_taken', 'capacity', 'leader_id'])
      .execute();
    const members = await db
      .selectFrom('team_members')
      .select(['team_id', 'user_id'])
      .where('status', '=', 'active')
      .execute();
    for (const team of teams) {
      const mine = members.filter((m) => m.team_id === team.id);
      expect(team.seats_taken).toBe(mine.length);
      expect(team.seats_taken).toBeLessThanOrEqual(team.capacity);
      expect(mine.map((m) => m.user_id)).toContain(team.leader_id);
    }
  });

  it('has the demo learner lead one team, with requests waiting, and belong to others', async () => {
    const { app } = ctx();
    const token = await loginAs(app);
    const mine = await getAs<MyTeams>(app, token, '/api/teams/mine');
    expect(mine.data.leading).toHaveLength(1);
    expect(mine.data.joined.length).toBeGreaterThanOrEqual(3);
    const led = mine.data.leading[0] as TeamCard;
    const detail = await getAs<TeamDetail>(app, token, `/api/teams/detail?id=${led.id}`);
    expect(detail.data).toMatchObject({ myState: 'leader', pendingRequests: 2 });
    const avatar = await app.inject({ url: led.avatar ?? '' });
    expect(avatar.statusCode).toBe(200);
  });

  it("shows the demo learner's team learning on what it links (团队学习), the demo learner's own slate clean", async () => {
    const { app } = ctx();
    const token = await loginAs(app);
    const mine = await getAs<MyTeams>(app, token, '/api/teams/mine');
    const led = mine.data.leading[0] as TeamCard;
    const progress = await getAs<TeamProgress>(
      app,
      token,
      `/api/team-resources/progress?teamId=${led.id}`,
    );
    expect(progress.data.linked.courses).toBeGreaterThan(0);
    expect(progress.data.totals.lessons).toBeGreaterThan(0);
    expect(progress.data.totals.minutes).toBeGreaterThan(0);
    expect(progress.data.totals.pages).toBeGreaterThan(0);
    const learning = progress.data.members.filter((member) => member.lessons > 0);
    expect(learning.length).toBeGreaterThanOrEqual(2);
    const me = progress.data.members.find((member) => member.leader);
    expect(me).toMatchObject({ lessons: 0, pages: 0 });
  });
});
