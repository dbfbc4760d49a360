import type {
  JoinResult,
  MyTeams,
  Page,
  TeamCard,
  TeamDetail,
  TeamRequest,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { getAs, postAs } from '../../testing/account-factory.ts';
import { multipart, sampleFiles } from '../../testing/activity-factory.ts';
import { createLearners, type TestLearner } from '../../testing/class-factory.ts';
import { body, describeEachEngine } from '../../testing/test-app.ts';

type App = FastifyInstance;

const create = (app: App, token: string | null, payload: Record<string, unknown>) =>
  postAs<TeamDetail>(app, token, '/api/teams', {
    intro: '一起学习',
    joinMode: 'open',
    capacity: 10,
    ...payload,
  });

const detailOf = (app: App, id: number, token: string | null = null) =>
  getAs<TeamDetail>(app, token, `/api/teams/detail?id=${id}`);

async function messagesOf(app: App, userId: number) {
  return app.database.db
    .selectFrom('messages')
    .select(['kind', 'title', 'link_type', 'link_id'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'team')
    .orderBy('id')
    .execute();
}

let names = 0;
const uniqueName = (prefix = '团队') => {
  names += 1;
  return `${prefix}${names}${Math.random().toString(36).slice(2, 6)}`;
};

describeEachEngine('teams API', (ctx) => {
  let learners: TestLearner[];
  const learner = (n: number) => learners[n] as TestLearner;

  beforeAll(async () => {
    learners = await createLearners(ctx().app.database.db, 16);
  });

  describe('POST /api/teams', () => {
    it('creates a team led by the caller, its first member, with an invitation code', async () => {
      const { app } = ctx();
      const name = uniqueName('读书会');
      const answer = await create(app, learner(0).token, { name, joinMode: 'approval' });
      expect(answer.code).toBe(0);
      expect(answer.data).toMatchObject({
        name,
        joinMode: 'approval',
        capacity: 10,
        memberCount: 1,
        myState: 'leader',
        leaderId: learner(0).id,
      });
      expect(answer.data.inviteCode).toMatch(/^[A-Z0-9]{8}$/);
      expect(answer.data.members).toEqual([
        expect.objectContaining({ userId: learner(0).id, isLeader: true }),
      ]);
      // A visitor sees the team but not its code.
      const seen = await detailOf(app, answer.data.id);
      expect(seen.data).toMatchObject({ myState: 'none', inviteCode: null, memberCount: 1 });
    });

    it('asks a visitor to log in and writes nothing', async () => {
      const { app } = ctx();
      const answer = await create(app, null, { name: uniqueName() });
      expect(answer.code).toBe(301);
    });

    it('refuses a taken name, a bad capacity and a missing name with Chinese messages', async () => {
      const { app } = ctx();
      const name = uniqueName();
      expect((await create(app, learner(1).token, { name })).code).toBe(0);
      expect(await create(app, learner(2).token, { name })).toMatchObject({
        code: 409,
        message: '团队名称已被使用，请换一个',
      });
      expect(
        await create(app, learner(2).token, { name: uniqueName(), capacity: 1 }),
      ).toMatchObject({ code: 400, message: '成员上限：不能少于 2 人' });
      expect(await create(app, learner(2).token, { name: '' })).toMatchObject({
        code: 400,
        message: '团队名称：至少 2 个字',
      });
      expect(
        await create(app, learner(2).token, { name: uniqueName(), avatar: 'http://evil/x.png' }),
      ).toMatchObject({ code: 400, message: '团队头像：请重新上传' });
      const count = await app.database.db
        .selectFrom('teams')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('leader_id', '=', learner(2).id)
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(0);
    });

    it('lets a learner lead at most 3 teams', async () => {
      const { app } = ctx();
      for (let i = 0; i < 3; i += 1) {
        expect((await create(app, learner(3).token, { name: uniqueName() })).code).toBe(0);
      }
      expect(await create(app, learner(3).token, { name: uniqueName() })).toMatchObject({
        code: 409,
        message: '每人最多创建 3 个团队',
      });
    });
  });

  describe('GET /api/teams', () => {
    it('searches by name and sorts newest or most active', async () => {
      const { app } = ctx();
      const tag = `检索${Math.random().toString(36).slice(2, 6)}`;
      const first = await create(app, learner(4).token, { name: `${tag}甲` });
      const second = await create(app, learner(5).token, { name: `${tag}乙` });
      const newest = await getAs<Page<TeamCard>>(
        app,
        null,
        `/api/teams?q=${encodeURIComponent(tag)}&sort=newest`,
      );
      expect(newest.data.total).toBe(2);
      expect(newest.data.list.map((team) => team.id)).toEqual([second.data.id, first.data.id]);
      // Someone joins the first: it becomes the most active.
      await postAs(app, learner(6).token, '/api/teams/join', { teamId: first.data.id });
      const active = await getAs<Page<TeamCard>>(
        app,
        null,
        `/api/teams?q=${encodeURIComponent(tag)}&sort=active`,
      );
      expect(active.data.list.map((team) => [team.id, team.memberCount])).toEqual([
        [first.data.id, 2],
        [second.data.id, 1],
      ]);
      const none = await getAs<Page<TeamCard>>(app, null, '/api/teams?q=%25%25_');
      expect(none.data.total).toBe(0);
      expect((await getAs(app, null, '/api/teams?sort=hot')).code).toBe(400);
    });
  });

  describe('joining', () => {
    it('joins an open team at once and refuses a second join', async () => {
      const { app } = ctx();
      const team = await create(app, learner(0).token, { name: uniqueName() });
      const joined = await postAs<JoinResult>(app, learner(7).token, '/api/teams/join', {
        teamId: team.data.id,
      });
      expect(joined.data).toEqual({ teamId: team.data.id, state: 'member' });
      expect(
        await postAs(app, learner(7).token, '/api/teams/join', { teamId: team.data.id }),
      ).toMatchObject({ code: 409, message: '您已是该团队成员' });
      expect((await detailOf(app, team.data.id, learner(7).token)).data.myState).toBe('member');
      const mine = await getAs<MyTeams>(app, learner(7).token, '/api/teams/mine');
      expect(mine.data.joined.map((t) => t.id)).toContain(team.data.id);
    });

    it('refuses a full team and a dissolved one', async () => {
      const { app } = ctx();
      const team = await create(app, learner(1).token, { name: uniqueName(), capacity: 2 });
      expect(
        (await postAs(app, learner(8).token, '/api/teams/join', { teamId: team.data.id })).code,
      ).toBe(0);
      expect(
        await postAs(app, learner(9).token, '/api/teams/join', { teamId: team.data.id }),
      ).toMatchObject({ code: 409, message: '团队成员已满' });
      const other = await create(app, learner(1).token, { name: uniqueName() });
      const dissolved = await postAs(app, learner(1).token, '/api/teams/dissolve', {
        teamId: other.data.id,
        confirmName: other.data.name,
      });
      expect(dissolved.code).toBe(0);
      expect(
        await postAs(app, learner(9).token, '/api/teams/join', { teamId: other.data.id }),
      ).toMatchObject({ code: 409, message: '该团队已解散' });
      expect((await getAs(app, null, '/api/teams/detail?id=999999')).code).toBe(404);
    });

    it('joins by code, refuses a wrong or expired code, and a code team without one', async () => {
      const { app } = ctx();
      const team = await create(app, learner(2).token, { name: uniqueName(), joinMode: 'code' });
      const code = team.data.inviteCode as string;
      expect(
        await postAs(app, learner(10).token, '/api/teams/join', { teamId: team.data.id }),
      ).toMatchObject({ code: 409, message: '该团队需凭邀请码加入' });
      expect(
        await postAs(app, learner(10).token, '/api/teams/join-by-code', { code: 'WRONG123' }),
      ).toMatchObject({ code: 400, message: '邀请码不正确，请核对后再试' });
      expect(
        await postAs(app, learner(10).token, '/api/teams/join-by-code', { code: '好' }),
      ).toMatchObject({ code: 400, message: '邀请码：应为 6 到 12 位字母或数字' });
      const joined = await postAs<JoinResult>(app, learner(10).token, '/api/teams/join-by-code', {
        code: code.toLowerCase(),
      });
      expect(joined.data).toEqual({ teamId: team.data.id, state: 'member' });

      const renewed = await postAs<{ code: string }>(
        app,
        learner(2).token,
        '/api/teams/invite-code',
        {
          teamId: team.data.id,
        },
      );
      expect(renewed.data.code).not.toBe(code);
      expect(
        await postAs(app, learner(11).token, '/api/teams/join-by-code', { code }),
      ).toMatchObject({ code: 400, message: '邀请码不正确，请核对后再试' });
      await app.database.db
        .updateTable('teams')
        .set({ invite_expires_at: Date.now() - 1000 })
        .where('id', '=', team.data.id)
        .execute();
      expect(
        await postAs(app, learner(11).token, '/api/teams/join-by-code', {
          code: renewed.data.code,
        }),
      ).toMatchObject({ code: 409, message: '邀请码已过期，请向团队负责人索取新的邀请码' });
    });

    it('takes requests for an approval team; the leader approves or refuses, and both are told', async () => {
      const { app } = ctx();
      const leader = learner(4);
      const team = await create(app, leader.token, { name: uniqueName(), joinMode: 'approval' });
      const teamId = team.data.id;
      const asked = await postAs<JoinResult>(app, learner(12).token, '/api/teams/join', {
        teamId,
        message: '我想加入',
      });
      expect(asked.data.state).toBe('pending');
      expect(await postAs(app, learner(12).token, '/api/teams/join', { teamId })).toMatchObject({
        code: 409,
        message: '您已提交申请，请等待负责人审核',
      });
      await postAs(app, learner(13).token, '/api/teams/join', { teamId });
      expect((await detailOf(app, teamId, learner(12).token)).data.myState).toBe('pending');
      expect((await detailOf(app, teamId, leader.token)).data.pendingRequests).toBe(2);
      expect((await messagesOf(app, leader.id)).filter((m) => m.link_id === teamId)).toHaveLength(
        2,
      );

      // A member may not act as the leader.
      const requests = await getAs<Page<TeamRequest>>(
        app,
        leader.token,
        `/api/teams/requests?id=${teamId}`,
      );
      expect(requests.data.list.map((r) => [r.userId, r.message])).toEqual([
        [learner(12).id, '我想加入'],
        [learner(13).id, ''],
      ]);
      const [first, second] = requests.data.list as [TeamRequest, TeamRequest];
      expect(await getAs(app, learner(12).token, `/api/teams/requests?id=${teamId}`)).toMatchObject(
        { code: 403, message: '只有团队负责人可以进行此操作' },
      );
      expect(
        await postAs(app, learner(13).token, '/api/teams/requests/decide', {
          requestId: first.id,
          approve: true,
        }),
      ).toMatchObject({ code: 403 });

      expect(
        (
          await postAs(app, leader.token, '/api/teams/requests/decide', {
            requestId: first.id,
            approve: true,
          })
        ).code,
      ).toBe(0);
      expect(
        (
          await postAs(app, leader.token, '/api/teams/requests/decide', {
            requestId: second.id,
            approve: false,
          })
        ).code,
      ).toBe(0);
      expect(
        await postAs(app, leader.token, '/api/teams/requests/decide', {
          requestId: second.id,
          approve: true,
        }),
      ).toMatchObject({ code: 409, message: '该申请已处理' });
      expect((await detailOf(app, teamId, learner(12).token)).data.myState).toBe('member');
      expect((await detailOf(app, teamId, learner(13).token)).data.myState).toBe('none');
      expect(await messagesOf(app, learner(12).id)).toContainEqual(
        expect.objectContaining({ title: `申请已通过：「${team.data.name}」`, link_type: 'team' }),
      );
      expect(await messagesOf(app, learner(13).id)).toContainEqual(
        expect.objectContaining({ title: `申请未通过：「${team.data.name}」`, link_id: teamId }),
      );
      // The message opens the team from 我的消息.
      const listed = await getAs<Page<{ link: unknown }>>(app, learner(12).token, '/api/messages');
      expect(listed.data.list[0]?.link).toEqual({ type: 'team', id: teamId });
    });
  });

  describe('leaving and management', () => {
    it('lets a member leave, never the leader, and removes, hands over and dissolves', async () => {
      const { app } = ctx();
      const leader = learner(5);
      const team = await create(app, leader.token, { name: uniqueName() });
      const teamId = team.data.id;
      for (const n of [14, 15, 6]) {
        await postAs(app, learner(n).token, '/api/teams/join', { teamId });
      }
      expect(await postAs(app, leader.token, '/api/teams/leave', { teamId })).toMatchObject({
        code: 409,
        message: '负责人不能直接退出团队，请先移交负责人或解散团队',
      });
      expect((await postAs(app, learner(6).token, '/api/teams/leave', { teamId })).code).toBe(0);
      expect(await postAs(app, learner(6).token, '/api/teams/leave', { teamId })).toMatchObject({
        code: 409,
        message: '您不是该团队成员',
      });

      // Members may not manage.
      const asMember = { teamId, userId: learner(15).id };
      expect(
        await postAs(app, learner(14).token, '/api/teams/members/remove', asMember),
      ).toMatchObject({ code: 403, message: '只有团队负责人可以进行此操作' });
      expect(
        await postAs(app, learner(14).token, '/api/teams/update', { teamId, name: uniqueName() }),
      ).toMatchObject({ code: 403 });
      expect(
        await postAs(app, learner(14).token, '/api/teams/dissolve', {
          teamId,
          confirmName: team.data.name,
        }),
      ).toMatchObject({ code: 403 });

      expect(
        await postAs(app, leader.token, '/api/teams/members/remove', { teamId, userId: leader.id }),
      ).toMatchObject({ code: 409, message: '不能移除负责人' });
      expect((await postAs(app, leader.token, '/api/teams/members/remove', asMember)).code).toBe(0);
      expect(await messagesOf(app, learner(15).id)).toContainEqual(
        expect.objectContaining({ title: `您已被移出团队：「${team.data.name}」` }),
      );
      expect(await postAs(app, leader.token, '/api/teams/members/remove', asMember)).toMatchObject({
        code: 409,
        message: '该学员不是团队成员',
      });

      // Hand over to learner 14: the old leader stays a member and may now leave.
      expect(
        await postAs(app, leader.token, '/api/teams/hand-over', {
          teamId,
          userId: learner(15).id,
        }),
      ).toMatchObject({ code: 409, message: '该学员不是团队成员' });
      expect(
        (
          await postAs(app, leader.token, '/api/teams/hand-over', {
            teamId,
            userId: learner(14).id,
          })
        ).code,
      ).toBe(0);
      const after = await detailOf(app, teamId, learner(14).token);
      expect(after.data).toMatchObject({ leaderId: learner(14).id, myState: 'leader' });
      expect((await detailOf(app, teamId, leader.token)).data.myState).toBe('member');
      expect((await postAs(app, leader.token, '/api/teams/leave', { teamId })).code).toBe(0);

      // Dissolve: the typed name must match; the members are told; the team leaves the lists.
      await postAs(app, learner(7).token, '/api/teams/join', { teamId });
      expect(
        await postAs(app, learner(14).token, '/api/teams/dissolve', {
          teamId,
          confirmName: '别的',
        }),
      ).toMatchObject({ code: 400, message: '确认的团队名称与团队名称不一致，未解散' });
      expect(
        (
          await postAs(app, learner(14).token, '/api/teams/dissolve', {
            teamId,
            confirmName: team.data.name,
          })
        ).code,
      ).toBe(0);
      expect(await messagesOf(app, learner(7).id)).toContainEqual(
        expect.objectContaining({ title: `团队已解散：「${team.data.name}」` }),
      );
      expect(await detailOf(app, teamId)).toMatchObject({ code: 404, message: '该团队已解散' });
      const mine = await getAs<MyTeams>(app, learner(7).token, '/api/teams/mine');
      expect(mine.data.joined.map((t) => t.id)).not.toContain(teamId);
      // The name is free again.
      expect((await create(app, learner(7).token, { name: team.data.name })).code).toBe(0);
    });

    it('edits settings but never puts the limit below the members', async () => {
      const { app } = ctx();
      const leader = learner(8);
      const team = await create(app, leader.token, { name: uniqueName(), capacity: 5 });
      const teamId = team.data.id;
      await postAs(app, learner(9).token, '/api/teams/join', { teamId });
      await postAs(app, learner(10).token, '/api/teams/join', { teamId });
      expect(
        await postAs(app, leader.token, '/api/teams/update', { teamId, capacity: 2 }),
      ).toMatchObject({ code: 400, message: '成员上限：不能少于当前成员数 3 人' });
      const taken = await create(app, learner(9).token, { name: uniqueName() });
      expect(
        await postAs(app, leader.token, '/api/teams/update', { teamId, name: taken.data.name }),
      ).toMatchObject({ code: 409, message: '团队名称已被使用，请换一个' });
      const changed = await postAs<TeamDetail>(app, leader.token, '/api/teams/update', {
        teamId,
        capacity: 3,
        intro: '新的简介',
        joinMode: 'approval',
      });
      expect(changed.data).toMatchObject({ capacity: 3, intro: '新的简介', joinMode: 'approval' });
      expect(changed.data.name).toBe(team.data.name);
    });
  });

  describe('POST /api/teams/avatar', () => {
    it('keeps a real picture as a square WebP and refuses what is not an image', async () => {
      const { app } = ctx();
      const png = await sharp({
        create: { width: 400, height: 300, channels: 3, background: '#3a7' },
      })
        .png()
        .toBuffer();
      const form = multipart({}, [{ name: 'a.png', content: png, field: 'file' }]);
      const kept = body<{ url: string }>(
        await app.inject({
          method: 'POST',
          url: '/api/teams/avatar',
          headers: { ...form.headers, authorization: `Bearer ${learner(11).token}` },
          payload: form.payload,
        }),
      );
      expect(kept.data.url).toMatch(/^\/files\/team-avatars\/[A-Za-z0-9_-]{22}\.webp$/);
      const created = await create(app, learner(11).token, {
        name: uniqueName(),
        avatar: kept.data.url,
      });
      expect(created.data.avatar).toBe(kept.data.url);

      const fake = multipart({}, [
        { name: 'a.png', content: sampleFiles.exe(), type: 'image/png', field: 'file' },
      ]);
      const refused = body(
        await app.inject({
          method: 'POST',
          url: '/api/teams/avatar',
          headers: { ...fake.headers, authorization: `Bearer ${learner(11).token}` },
          payload: fake.payload,
        }),
      );
      expect(refused).toMatchObject({
        code: 400,
        message: '团队头像：只能上传 JPG、PNG 或 WebP 图片',
      });
    });
  });
});
