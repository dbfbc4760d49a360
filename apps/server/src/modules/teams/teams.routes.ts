import path from 'node:path';
import {
  AVATAR_MAX_BYTES,
  createTeamBodySchema,
  decideRequestBodySchema,
  dissolveTeamBodySchema,
  inviteCodeSchema,
  joinByCodeBodySchema,
  joinResultSchema,
  joinTeamBodySchema,
  myTeamsSchema,
  pageOf,
  teamAvatarSchema,
  teamCardSchema,
  teamDetailQuerySchema,
  teamDetailSchema,
  teamIdBodySchema,
  teamListQuerySchema,
  teamMemberBodySchema,
  teamMemberSchema,
  teamMembersQuerySchema,
  teamRequestSchema,
  teamRequestsQuerySchema,
  updateTeamBodySchema,
} from '@portal/contract';
import { z } from 'zod';
import { filesDir } from '../../http/file-host.ts';
import { withMultipart } from '../../http/multipart.ts';
import { portalModule } from '../../http/portal-module.ts';
import { RateLimits } from '../../platform/rate-limit.ts';
import { UploadStore, uploadsDir } from '../../platform/upload-store.ts';
import { TEAM_AVATAR_INCOMING_AREA, TeamService } from './teams.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    teams: TeamService;
  }
}

/** Learning teams (学习团队): browsing is public; joining and managing need login and the role. */
export const teamsModule = portalModule({
  name: 'teams',
  tag: 'teams',
  create: (app) =>
    new TeamService(
      app.database.db,
      new UploadStore(uploadsDir(app.config)),
      { dir: path.join(filesDir(app.config), 'team-avatars'), urlPrefix: '/files/team-avatars/' },
      app.clock,
    ),
  routes(api, teams) {
    api.get('/api/teams', {
      summary: '团队列表：按名称搜索，最活跃或最新',
      login: 'none',
      query: teamListQuerySchema,
      response: pageOf(teamCardSchema),
      handle: ({ site, query }) => teams.list(site.key, query),
    });
    api.get('/api/teams/detail', {
      summary: '团队详情；带有效登录凭证时含我在团队中的身份',
      login: 'optional',
      query: teamDetailQuerySchema,
      response: teamDetailSchema,
      handle: ({ site, learner, query }) => teams.detail(site.key, query.id, learner?.id ?? null),
    });
    api.get('/api/teams/members', {
      summary: '团队成员（负责人在前）',
      login: 'none',
      query: teamMembersQuerySchema,
      response: pageOf(teamMemberSchema),
      handle: ({ site, query }) => teams.members(site.key, query.id, query),
    });
    api.get('/api/teams/mine', {
      summary: '我负责的团队和我加入的团队（需登录）',
      login: 'required',
      response: myTeamsSchema,
      handle: ({ site, learner }) => teams.mine(site.key, learner.id),
    });
    api.post('/api/teams', {
      summary: `创建团队（需登录；每人最多负责若干个团队）`,
      login: 'required',
      limit: RateLimits.teamCreate,
      body: createTeamBodySchema,
      response: teamDetailSchema,
      handle: ({ site, learner, body }) => teams.create(site.key, learner.id, body),
    });
    api.post('/api/teams/avatar', {
      summary: '上传团队头像（multipart，字段 file；按内容识别 JPG/PNG/WebP，服务器裁成正方形）',
      login: 'required',
      limit: RateLimits.uploads,
      response: teamAvatarSchema,
      handle: ({ request }) =>
        withMultipart(
          request,
          {
            fields: z.object({}),
            notMultipart: '请以 multipart/form-data 上传团队头像',
            fileField: 'file',
            strayFile: '团队头像：请以 file 字段上传',
            maxFiles: 1,
            receive: (stream, name) =>
              teams.uploads.receive(TEAM_AVATAR_INCOMING_AREA, stream, name, AVATAR_MAX_BYTES),
            discard: (files) => teams.uploads.discard(files),
          },
          ({ files }) => teams.saveAvatar(files),
        ),
    });
    api.post('/api/teams/join', {
      summary: '加入团队：公开团队直接加入，审核团队提交申请（需登录）',
      login: 'required',
      limit: RateLimits.teamMembership,
      body: joinTeamBodySchema,
      response: joinResultSchema,
      handle: ({ site, learner, body }) =>
        teams.join(site.key, learner.id, body.teamId, body.message),
    });
    api.post('/api/teams/join-by-code', {
      summary: '凭邀请码加入团队（需登录）',
      login: 'required',
      limit: RateLimits.teamMembership,
      body: joinByCodeBodySchema,
      response: joinResultSchema,
      handle: ({ site, learner, body }) => teams.joinByCode(site.key, learner.id, body.code),
    });
    api.post('/api/teams/leave', {
      summary: '退出团队（需登录；负责人须先移交或解散）',
      login: 'required',
      limit: RateLimits.teamMembership,
      body: teamIdBodySchema,
      response: z.null(),
      handle: ({ site, learner, body }) => teams.leave(site.key, learner.id, body.teamId),
    });
    api.get('/api/teams/requests', {
      summary: '待审核的入队申请（仅负责人）',
      login: 'required',
      query: teamRequestsQuerySchema,
      response: pageOf(teamRequestSchema),
      handle: ({ site, learner, query }) => teams.requests(site.key, learner.id, query.id, query),
    });
    api.post('/api/teams/requests/decide', {
      summary: '通过或拒绝入队申请（仅负责人）',
      login: 'required',
      limit: RateLimits.teamManage,
      body: decideRequestBodySchema,
      response: z.null(),
      handle: ({ site, learner, body }) => teams.decide(site.key, learner.id, body),
    });
    api.post('/api/teams/members/remove', {
      summary: '移除成员（仅负责人）',
      login: 'required',
      limit: RateLimits.teamManage,
      body: teamMemberBodySchema,
      response: z.null(),
      handle: ({ site, learner, body }) =>
        teams.remove(site.key, learner.id, body.teamId, body.userId),
    });
    api.post('/api/teams/hand-over', {
      summary: '移交负责人（仅负责人）',
      login: 'required',
      limit: RateLimits.teamManage,
      body: teamMemberBodySchema,
      response: z.null(),
      handle: ({ site, learner, body }) =>
        teams.handOver(site.key, learner.id, body.teamId, body.userId),
    });
    api.post('/api/teams/update', {
      summary: '修改团队设置（仅负责人）',
      login: 'required',
      limit: RateLimits.teamManage,
      body: updateTeamBodySchema,
      response: teamDetailSchema,
      handle: ({ site, learner, body }) => teams.update(site.key, learner.id, body),
    });
    api.post('/api/teams/invite-code', {
      summary: '重新生成邀请码（仅负责人）',
      login: 'required',
      limit: RateLimits.teamManage,
      body: teamIdBodySchema,
      response: inviteCodeSchema,
      handle: ({ site, learner, body }) => teams.regenerateCode(site.key, learner.id, body.teamId),
    });
    api.post('/api/teams/dissolve', {
      summary: '解散团队（仅负责人，需输入团队名称确认）',
      login: 'required',
      limit: RateLimits.teamManage,
      body: dissolveTeamBodySchema,
      response: z.null(),
      handle: ({ site, learner, body }) => teams.dissolve(site.key, learner.id, body),
    });
  },
});
