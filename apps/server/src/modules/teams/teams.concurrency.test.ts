import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { postAs } from '../../testing/account-factory.ts';
import { createLearners } from '../../testing/class-factory.ts';
import { createTeam } from '../../testing/team-factory.ts';
import { describeEachEngine } from '../../testing/test-app.ts';

/** How many answers had each `code message`, e.g. `{ '0 ': 20, '409 团队成员已满': 180 }`. */
function tally(answers: Array<{ code: number; message: string }>) {
  const counts: Record<string, number> = {};
  for (const { code, message } of answers) {
    const key = `${code} ${message}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

async function membersOf(app: FastifyInstance, teamId: number) {
  const { db } = app.database;
  const team = await db
    .selectFrom('teams')
    .select(['seats_taken', 'leader_id'])
    .where('id', '=', teamId)
    .executeTakeFirstOrThrow();
  const active = await db
    .selectFrom('team_members')
    .select('user_id')
    .where('team_id', '=', teamId)
    .where('status', '=', 'active')
    .execute();
  return { seatsTaken: team.seats_taken, active: active.map((row) => row.user_id), team };
}

describeEachEngine('team places under concurrent joins', (ctx) => {
  it('gives 20 places to exactly 20 of 200 learners joining at once', async () => {
    const { app, engine } = ctx();
    const { db } = app.database;
    const [leader, ...others] = await createLearners(db, 201);
    if (!leader) throw new Error('no leader');
    // 20 places, one of them the leader's.
    const teamId = await createTeam(db, leader.id, { capacity: 21 });
    const started = performance.now();
    const answers = await Promise.all(
      others.map((learner) => postAs(app, learner.token, '/api/teams/join', { teamId })),
    );
    console.info(
      `[${engine}] 200 concurrent joins for 20 places in ${Math.round(performance.now() - started)} ms`,
    );
    expect(tally(answers)).toEqual({ '0 ': 20, '409 团队成员已满': 180 });
    const after = await membersOf(app, teamId);
    expect(after.seatsTaken).toBe(21);
    expect(after.active).toHaveLength(21);
  });

  it('gives 20 places to exactly 20 of 200 learners joining by code at once', async () => {
    const { app } = ctx();
    const { db } = app.database;
    const [leader, ...others] = await createLearners(db, 201);
    if (!leader) throw new Error('no leader');
    const teamId = await createTeam(db, leader.id, {
      capacity: 21,
      join_mode: 'code',
      invite_code: 'CONC2026',
    });
    const answers = await Promise.all(
      others.map((learner) =>
        postAs(app, learner.token, '/api/teams/join-by-code', { code: 'CONC2026' }),
      ),
    );
    expect(tally(answers)).toEqual({ '0 ': 20, '409 团队成员已满': 180 });
    expect((await membersOf(app, teamId)).active).toHaveLength(21);
  });

  it('lets one learner sending 10 joins at once hold exactly one membership', async () => {
    const { app } = ctx();
    const { db } = app.database;
    const [leader, learner] = await createLearners(db, 2);
    if (!leader || !learner) throw new Error('no learners');
    const teamId = await createTeam(db, leader.id);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => postAs(app, learner.token, '/api/teams/join', { teamId })),
    );
    expect(tally(answers)).toEqual({ '0 ': 1, '409 您已是该团队成员': 9 });
    const after = await membersOf(app, teamId);
    expect(after).toMatchObject({ seatsTaken: 2 });
    expect(after.active.sort()).toEqual([leader.id, learner.id].sort());
  });

  it('keeps one pending request per learner when 10 are sent at once', async () => {
    const { app } = ctx();
    const { db } = app.database;
    const [leader, learner] = await createLearners(db, 2);
    if (!leader || !learner) throw new Error('no learners');
    const teamId = await createTeam(db, leader.id, { join_mode: 'approval' });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => postAs(app, learner.token, '/api/teams/join', { teamId })),
    );
    expect(tally(answers)).toEqual({ '0 ': 1, '409 您已提交申请，请等待负责人审核': 9 });
    const rows = await db
      .selectFrom('team_requests')
      .select('id')
      .where('team_id', '=', teamId)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('never leaves a team without its leader when a hand-over and the member leaving cross', async () => {
    const { app } = ctx();
    const { db } = app.database;
    for (let round = 0; round < 5; round += 1) {
      const [leader, member] = await createLearners(db, 2);
      if (!leader || !member) throw new Error('no learners');
      const teamId = await createTeam(db, leader.id);
      await postAs(app, member.token, '/api/teams/join', { teamId });
      await Promise.all([
        postAs(app, leader.token, '/api/teams/hand-over', { teamId, userId: member.id }),
        postAs(app, member.token, '/api/teams/leave', { teamId }),
      ]);
      const after = await membersOf(app, teamId);
      // Whoever leads is an active member, and the count matches.
      expect(after.active).toContain(after.team.leader_id);
      expect(after.seatsTaken).toBe(after.active.length);
    }
  });

  it('lets a learner creating 6 teams at once lead exactly 3', async () => {
    const { app } = ctx();
    const { db } = app.database;
    const [learner] = await createLearners(db, 1);
    if (!learner) throw new Error('no learner');
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        postAs(app, learner.token, '/api/teams', {
          name: `并发团队${learner.id}-${i}`,
          joinMode: 'open',
          capacity: 10,
        }),
      ),
    );
    expect(tally(answers)).toEqual({ '0 ': 3, '409 每人最多创建 3 个团队': 3 });
  });

  it('keeps a live name unique when two learners take it at once', async () => {
    const { app } = ctx();
    const { db } = app.database;
    const learners = await createLearners(db, 5);
    const name = `同名${learners[0]?.id}`;
    const answers = await Promise.all(
      learners.map((learner) =>
        postAs(app, learner.token, '/api/teams', { name, joinMode: 'open', capacity: 10 }),
      ),
    );
    expect(tally(answers)).toEqual({ '0 ': 1, '409 团队名称已被使用，请换一个': 4 });
  });
});
