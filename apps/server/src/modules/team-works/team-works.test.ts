import fs from 'node:fs';
import path from 'node:path';
import type { Page, TeamWorkComment, TeamWorkDetail, TeamWorkSummary } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { XSS_PAYLOADS } from '../../platform/xss-payloads.ts';
import { type MultipartFile, multipart, sampleFiles } from '../../testing/activity-factory.ts';
import { createLearners, type TestLearner } from '../../testing/class-factory.ts';
import { addTeamMember, createTeam } from '../../testing/team-factory.ts';
import { body, describeEachEngine } from '../../testing/test-app.ts';
import { TeamWorkMessages } from './team-works.service.ts';

const auth = (token: string | null) => (token ? { authorization: `Bearer ${token}` } : {});

/** A real picture of `width` x `height` pixels in `format`. */
function picture(format: 'png' | 'jpeg' | 'webp', width = 64, height = 48) {
  return sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } },
  })
    .toFormat(format)
    .toBuffer();
}

function postWork(
  app: FastifyInstance,
  token: string | null,
  fields: Record<string, string>,
  files: MultipartFile[] = [],
) {
  const { payload, headers } = multipart(fields, files);
  return app.inject({
    method: 'POST',
    url: '/api/team-works',
    headers: { ...headers, ...auth(token) },
    payload,
  });
}

function postJson(app: FastifyInstance, token: string | null, url: string, payload: object) {
  return app.inject({ method: 'POST', url, headers: auth(token), payload });
}

function getJson(app: FastifyInstance, token: string | null, url: string) {
  return app.inject({ url, headers: auth(token) });
}

/** The kept pictures and the received ones still waiting (there should be none). */
function storedFiles(app: FastifyInstance) {
  const list = (folder: string) => (fs.existsSync(folder) ? fs.readdirSync(folder).sort() : []);
  return {
    kept: list(path.join(app.config.dataDir, 'files', 'team-works')),
    incoming: list(path.join(app.config.dataDir, 'uploads', 'team-work-incoming')),
  };
}

async function workCount(app: FastifyInstance, teamId: number) {
  const row = await app.database.db
    .selectFrom('team_works')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('team_id', '=', teamId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describeEachEngine('team works', (ctx) => {
  let leader: TestLearner;
  let member: TestLearner;
  let other: TestLearner;
  let outsider: TestLearner;
  let teamId: number;
  let png: Buffer;
  let jpeg: Buffer;

  beforeAll(async () => {
    const { db } = ctx().app.database;
    [leader, member, other, outsider] = (await createLearners(db, 4)) as [
      TestLearner,
      TestLearner,
      TestLearner,
      TestLearner,
    ];
    teamId = await createTeam(db, leader.id);
    await addTeamMember(db, teamId, member.id);
    await addTeamMember(db, teamId, other.id);
    png = await picture('png', 2000, 1000);
    jpeg = await picture('jpeg');
  });

  // The team's three post in many tests; each test starts with a fresh posting allowance.
  beforeEach(async () => {
    for (const learner of [leader, member, other]) {
      await ctx().app.counters.reset(`team-work:post:${learner.id}`);
    }
  });

  describe('POST /api/team-works', () => {
    it('posts a member’s text with pictures, resized to WebP with thumbnails', async () => {
      const { app } = ctx();
      const before = storedFiles(app).kept;
      const response = await postWork(
        app,
        member.token,
        {
          teamId: String(teamId),
          content: '  周末练字的作品\n<script>alert(1)</script>请大家指教  ',
        },
        [
          { name: '书法.png', content: png, type: 'image/png' },
          { name: '照片.jpg', content: jpeg, type: 'image/jpeg' },
        ],
      );
      const { code, data } = body<TeamWorkDetail>(response);
      expect(code).toBe(0);
      expect(data.text).toBe('周末练字的作品\n请大家指教');
      expect(data.author.id).toBe(member.id);
      expect(data.images).toHaveLength(2);
      expect(data.images[0]).toMatchObject({ width: 1600, height: 800 });
      expect(data.images[0]?.url).toMatch(/^\/files\/team-works\/[A-Za-z0-9_-]{22}\.webp$/);
      expect(data.permissions).toEqual({ canDelete: true, canFeature: false });
      const files = storedFiles(app);
      // Two pictures and their thumbnails, beside the demo's.
      expect(files.kept.filter((file) => !before.includes(file))).toHaveLength(4);
      expect(files.incoming).toEqual([]);
      const served = await app.inject({ url: data.images[1]?.thumbUrl ?? '' });
      expect(served.statusCode).toBe(200);
      expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
    });

    it('answers 301 to a visitor and 403 to a learner outside the team, writing nothing', async () => {
      const { app } = ctx();
      const before = await workCount(app, teamId);
      const visitor = await postWork(app, null, { teamId: String(teamId), content: '你好' });
      expect(body(visitor).code).toBe(301);
      const stranger = await postWork(
        app,
        outsider.token,
        { teamId: String(teamId), content: '你好' },
        [{ name: 'a.png', content: png }],
      );
      expect(body(stranger)).toEqual({
        code: 403,
        message: '只有团队成员可以进行此操作',
        data: null,
      });
      expect(await workCount(app, teamId)).toBe(before);
      expect(storedFiles(app).incoming).toEqual([]);
    });

    it('refuses 10 pictures, a file that is not a picture and a broken picture, keeping nothing', async () => {
      const { app } = ctx();
      const before = await workCount(app, teamId);
      const kept = storedFiles(app).kept;
      const ten = await postWork(
        app,
        member.token,
        { teamId: String(teamId), content: '十张' },
        Array.from({ length: 10 }, (_, i) => ({ name: `${i}.jpg`, content: jpeg })),
      );
      expect(body(ten)).toEqual({ code: 400, message: '图片最多上传 9 张', data: null });
      const exe = await postWork(app, member.token, { teamId: String(teamId), content: '程序' }, [
        { name: '好图.jpg', content: jpeg },
        { name: '风景.jpg', content: sampleFiles.exe(), type: 'image/jpeg' },
      ]);
      expect(body(exe)).toEqual({
        code: 400,
        message: TeamWorkMessages.notImage('风景.jpg'),
        data: null,
      });
      const pdf = await postWork(app, member.token, { teamId: String(teamId) }, [
        { name: '文档.png', content: sampleFiles.pdf() },
      ]);
      expect(body(pdf).message).toBe(TeamWorkMessages.notImage('文档.png'));
      const broken = await postWork(app, member.token, { teamId: String(teamId) }, [
        { name: '好图.jpg', content: jpeg },
        { name: '坏图.png', content: sampleFiles.png() },
      ]);
      expect(body(broken)).toEqual({
        code: 400,
        message: TeamWorkMessages.broken('坏图.png'),
        data: null,
      });
      const empty = await postWork(app, member.token, {
        teamId: String(teamId),
        content: ' <b></b> ',
      });
      expect(body(empty)).toEqual({ code: 400, message: TeamWorkMessages.empty, data: null });
      const long = await postWork(app, member.token, {
        teamId: String(teamId),
        content: '字'.repeat(1001),
      });
      expect(body(long).message).toBe(TeamWorkMessages.textTooLong);
      const noTeam = await postWork(app, member.token, { content: '没有团队' });
      expect(body(noTeam).code).toBe(400);
      expect(await workCount(app, teamId)).toBe(before);
      expect(storedFiles(app)).toEqual({ kept, incoming: [] });
    });

    it('answers 404 for a team of another site and 409 for a dissolved team', async () => {
      const { app } = ctx();
      const { db } = app.database;
      const gone = await createTeam(db, leader.id, { dissolved_at: Date.now() });
      const response = await postWork(app, leader.token, { teamId: String(gone), content: '你好' });
      expect(body(response)).toMatchObject({ code: 409, message: '该团队已解散' });
      const missing = await postWork(app, leader.token, { teamId: '99999999', content: '你好' });
      expect(body(missing)).toMatchObject({ code: 404, message: '团队不存在' });
    });

    it('awards points within the daily cap, the first-work medal, and limits how often a learner posts', async () => {
      const { app } = ctx();
      const { db } = app.database;
      const [poster] = (await createLearners(db, 1)) as [TestLearner];
      const ownTeam = await createTeam(db, poster.id);
      const codes: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        const response = await postWork(app, poster.token, {
          teamId: String(ownTeam),
          content: `第 ${i + 1} 篇`,
        });
        codes.push(body(response).code);
      }
      expect(codes).toEqual([0, 0, 0, 0, 0, 429]);
      const ledger = await db
        .selectFrom('points_ledger')
        .select(['rule_key', 'amount'])
        .where('user_id', '=', poster.id)
        .execute();
      expect(ledger).toHaveLength(3);
      expect(ledger.every((row) => row.rule_key === 'team_work' && Number(row.amount) === 5)).toBe(
        true,
      );
      const medals = await db
        .selectFrom('learner_medals')
        .select('medal_key')
        .where('user_id', '=', poster.id)
        .execute();
      expect(medals.map((row) => row.medal_key)).toEqual(['team-work-1']);
    });
  });

  describe('GET /api/team-works and detail', () => {
    it('lists works publicly, featured first, and answers the detail to a visitor', async () => {
      const { app } = ctx();
      const first = body<TeamWorkDetail>(
        await postWork(app, other.token, { teamId: String(teamId), content: '较早的作品' }),
      ).data;
      await postWork(app, member.token, { teamId: String(teamId), content: '较新的作品' });
      const featured = await postJson(app, leader.token, '/api/team-works/feature', {
        workId: first.id,
        featured: true,
      });
      expect(body<TeamWorkDetail>(featured).data.featured).toBe(true);
      const page = body<Page<TeamWorkSummary>>(
        await getJson(app, null, `/api/team-works?teamId=${teamId}&size=3`),
      ).data;
      expect(page.list[0]?.id).toBe(first.id);
      expect(page.list[1]?.text).toBe('较新的作品');
      expect(page.total).toBeGreaterThanOrEqual(3);
      const detail = body<TeamWorkDetail>(
        await getJson(app, null, `/api/team-works/detail?id=${first.id}`),
      );
      expect(detail.code).toBe(0);
      expect(detail.data).toMatchObject({
        liked: false,
        viewerIsMember: false,
        permissions: { canDelete: false, canFeature: false },
      });
      const asLeader = body<TeamWorkDetail>(
        await getJson(app, leader.token, `/api/team-works/detail?id=${first.id}`),
      ).data;
      expect(asLeader.permissions).toEqual({ canDelete: true, canFeature: true });
      const missing = await getJson(app, null, '/api/team-works/detail?id=99999999');
      expect(body(missing)).toMatchObject({ code: 404, message: '作品不存在' });
      const badQuery = await getJson(app, null, '/api/team-works?teamId=abc');
      expect(body(badQuery).code).toBe(400);
    });

    it('refuses featuring to a member who is not the leader', async () => {
      const { app } = ctx();
      const work = body<TeamWorkDetail>(
        await postWork(app, member.token, { teamId: String(teamId), content: '想上精选' }),
      ).data;
      const response = await postJson(app, member.token, '/api/team-works/feature', {
        workId: work.id,
        featured: true,
      });
      expect(body(response)).toEqual({
        code: 403,
        message: '只有团队负责人可以进行此操作',
        data: null,
      });
      const row = await app.database.db
        .selectFrom('team_works')
        .select('featured')
        .where('id', '=', work.id)
        .executeTakeFirstOrThrow();
      expect(Number(row.featured)).toBe(0);
    });
  });

  describe('POST /api/team-works/delete', () => {
    it('lets the author and the leader delete, and answers 403 to another learner', async () => {
      const { app } = ctx();
      const work = body<TeamWorkDetail>(
        await postWork(app, member.token, { teamId: String(teamId), content: '要删除的' }, [
          { name: 'a.jpg', content: jpeg },
        ]),
      ).data;
      const before = storedFiles(app).kept;
      const refused = await postJson(app, other.token, '/api/team-works/delete', {
        workId: work.id,
      });
      expect(body(refused)).toEqual({
        code: 403,
        message: TeamWorkMessages.deleteWork,
        data: null,
      });
      expect(body(await getJson(app, null, `/api/team-works/detail?id=${work.id}`)).code).toBe(0);
      expect(storedFiles(app).kept).toEqual(before);
      const done = await postJson(app, member.token, '/api/team-works/delete', { workId: work.id });
      expect(body(done)).toMatchObject({ code: 0, data: null });
      expect(body(await getJson(app, null, `/api/team-works/detail?id=${work.id}`)).code).toBe(404);
      expect(storedFiles(app).kept).toHaveLength(before.length - 2);
      const again = await postJson(app, member.token, '/api/team-works/delete', {
        workId: work.id,
      });
      expect(body(again).code).toBe(404);

      const second = body<TeamWorkDetail>(
        await postWork(app, other.token, { teamId: String(teamId), content: '负责人删除' }),
      ).data;
      const byLeader = await postJson(app, leader.token, '/api/team-works/delete', {
        workId: second.id,
      });
      expect(body(byLeader).code).toBe(0);
    });
  });

  describe('likes', () => {
    it('keeps the count equal to the likes under concurrent likes and unlikes', async () => {
      const { app } = ctx();
      const { db } = app.database;
      const work = body<TeamWorkDetail>(
        await postWork(app, member.token, { teamId: String(teamId), content: '点赞测试' }),
      ).data;
      const fans = await createLearners(db, 30);
      const like = (token: string) =>
        postJson(app, token, '/api/team-works/like', { workId: work.id });
      const unlike = (token: string) =>
        postJson(app, token, '/api/team-works/unlike', { workId: work.id });
      // Every fan likes three times at once; the first ten also take it back at once.
      const answers = await Promise.all([
        ...fans.flatMap((fan) => [like(fan.token), like(fan.token), like(fan.token)]),
      ]);
      expect(answers.every((answer) => body(answer).code === 0)).toBe(true);
      await Promise.all(fans.slice(0, 10).flatMap((fan) => [unlike(fan.token), unlike(fan.token)]));
      const stored = await db
        .selectFrom('team_works')
        .select('like_count')
        .where('id', '=', work.id)
        .executeTakeFirstOrThrow();
      const likes = await db
        .selectFrom('team_work_likes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('work_id', '=', work.id)
        .executeTakeFirstOrThrow();
      expect(Number(stored.like_count)).toBe(20);
      expect(Number(likes.n)).toBe(20);
      const seen = body<TeamWorkDetail>(
        await getJson(app, fans[20]?.token ?? null, `/api/team-works/detail?id=${work.id}`),
      ).data;
      expect(seen).toMatchObject({ liked: true, likeCount: 20 });
      expect(body(await unlike(outsider.token)).data).toEqual({ liked: false, likeCount: 20 });
      expect(body(await like(outsider.token)).data).toEqual({ liked: true, likeCount: 21 });
      expect(
        body(await postJson(app, null, '/api/team-works/like', { workId: work.id })).code,
      ).toBe(301);
    });
  });

  describe('comments', () => {
    it('takes plain, length-limited comments from any learner; the author or leader deletes', async () => {
      const { app } = ctx();
      const work = body<TeamWorkDetail>(
        await postWork(app, member.token, { teamId: String(teamId), content: '评论测试' }),
      ).data;
      const comment = (token: string | null, content: string) =>
        postJson(app, token, '/api/team-works/comment', { workId: work.id, content });
      const fromOutsider = body<TeamWorkComment>(await comment(outsider.token, '拍得真好！'));
      expect(fromOutsider.code).toBe(0);
      expect(fromOutsider.data).toMatchObject({ text: '拍得真好！', canDelete: true });
      for (const payload of XSS_PAYLOADS.slice(0, 8)) {
        const answer = body<TeamWorkComment>(await comment(other.token, `好${payload}`));
        if (answer.code === 0) expect(answer.data.text).not.toMatch(/<[a-z!/]/i);
        else expect(answer).toMatchObject({ code: 400, message: TeamWorkMessages.commentEmpty });
      }
      expect(body(await comment(other.token, '长'.repeat(201)))).toMatchObject({ code: 400 });
      expect(body(await comment(other.token, '   '))).toMatchObject({ code: 400 });
      expect(body(await comment(null, '访客'))).toMatchObject({ code: 301 });

      const refused = await postJson(app, other.token, '/api/team-works/comment/delete', {
        commentId: fromOutsider.data.id,
      });
      expect(body(refused)).toEqual({
        code: 403,
        message: TeamWorkMessages.deleteComment,
        data: null,
      });
      const list = body<Page<TeamWorkComment>>(
        await getJson(app, leader.token, `/api/team-works/comments?workId=${work.id}&size=50`),
      ).data;
      expect(list.list[0]).toMatchObject({ id: fromOutsider.data.id, canDelete: true });
      expect(list.total).toBe(list.list.length);
      const byLeader = await postJson(app, leader.token, '/api/team-works/comment/delete', {
        commentId: fromOutsider.data.id,
      });
      expect(body(byLeader).code).toBe(0);
      const after = body<TeamWorkDetail>(
        await getJson(app, null, `/api/team-works/detail?id=${work.id}`),
      ).data;
      expect(after.commentCount).toBe(list.total - 1);
    });

    it('limits how often a learner comments', async () => {
      const { app } = ctx();
      const [chatty] = (await createLearners(app.database.db, 1)) as [TestLearner];
      const work = body<TeamWorkDetail>(
        await postWork(app, leader.token, { teamId: String(teamId), content: '热门' }),
      ).data;
      const codes: number[] = [];
      for (let i = 0; i < 11; i += 1) {
        const answer = await postJson(app, chatty.token, '/api/team-works/comment', {
          workId: work.id,
          content: `第${i}条`,
        });
        codes.push(body(answer).code);
      }
      expect(codes.slice(0, 10).every((code) => code === 0)).toBe(true);
      expect(codes[10]).toBe(429);
    });
  });
});
