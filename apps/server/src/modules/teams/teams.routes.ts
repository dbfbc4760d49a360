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
      new UploadStore(app.files, uploadsDir(app.config)),
      { files: app.files, folder: 'files/team-avatars/' },
      app.clock,
      app.publicCache,
    ),
  routes(api, teams) {
    api.get('/api/teams', {
      operationId: 'listTeams',
      summary: '团队列表',
      description: '本站的学习团队，可按名称搜索，按最活跃或最新排序，分页。',
      login: 'none',
      query: teamListQuerySchema,
      // Figures that learners' own activity moves (members, works, likes) reach visitors within
      // the cache's short life (seconds); a learner's call is never answered from it.
      response: pageOf(teamCardSchema),
      visitorCache: { firstPages: 3, unless: (query) => Boolean(query.q) },
      handle: ({ site, query }) => teams.list(site.key, query),
    });
    api.get('/api/teams/detail', {
      operationId: 'getTeam',
      summary: '团队详情',
      description:
        '一个团队的详情与前几名成员；带有效登录凭证时含我与团队的关系（负责人、成员、申请中），负责人另见邀请码与待审核的申请数。',
      login: 'optional',
      query: teamDetailQuerySchema,
      response: teamDetailSchema,
      visitorCache: {},
      handle: ({ site, learner, query }) => teams.detail(site.key, query.id, learner?.id ?? null),
    });
    api.get('/api/teams/members', {
      operationId: 'listTeamMembers',
      summary: '团队成员',
      description: '一个团队的成员，负责人在前，分页。',
      login: 'none',
      query: teamMembersQuerySchema,
      response: pageOf(teamMemberSchema),
      visitorCache: { firstPages: 3 },
      handle: ({ site, query }) => teams.members(site.key, query.id, query),
    });
    api.get('/api/teams/mine', {
      operationId: 'listMyTeams',
      summary: '我的团队',
      description: '我负责的团队和我加入的团队（需登录）。',
      login: 'required',
      response: myTeamsSchema,
      handle: ({ site, learner }) => teams.mine(site.key, learner.id),
    });
    api.post('/api/teams', {
      operationId: 'createTeam',
      summary: '创建团队',
      description: '创建团队（需登录），创建者成为负责人；每人最多负责若干个团队，超过答复 409。',
      login: 'required',
      limit: RateLimits.teamCreate,
      body: createTeamBodySchema,
      response: teamDetailSchema,
      handle: ({ site, learner, body }) => teams.create(site.key, learner.id, body),
    });
    api.post('/api/teams/avatar', {
      operationId: 'uploadTeamAvatar',
      summary: '上传团队头像',
      description:
        '上传团队头像图片（需登录；multipart，字段 file）：按内容识别 JPG/PNG/WebP，服务器裁成正方形；答复图片地址，供创建或修改团队时使用。',
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
      operationId: 'joinTeam',
      summary: '加入团队',
      description: '加入团队（需登录）：公开团队直接加入，需审核的团队提交入队申请。',
      login: 'required',
      limit: RateLimits.teamMembership,
      body: joinTeamBodySchema,
      response: joinResultSchema,
      handle: ({ site, learner, body }) =>
        teams.join(site.key, learner.id, body.teamId, body.message),
    });
    api.post('/api/teams/join-by-code', {
      operationId: 'joinTeamByCode',
      summary: '凭邀请码加入团队',
      description: '凭负责人分享的邀请码加入团队（需登录），无需审核。',
      login: 'required',
      limit: RateLimits.teamMembership,
      body: joinByCodeBodySchema,
      response: joinResultSchema,
      handle: ({ site, learner, body }) => teams.joinByCode(site.key, learner.id, body.code),
    });
    api.post('/api/teams/leave', {
      operationId: 'leaveTeam',
      summary: '退出团队',
      description: '退出团队（需登录）；负责人须先移交负责人或解散团队。',
      login: 'required',
      limit: RateLimits.teamMembership,
      body: teamIdBodySchema,
      response: z.null(),
      handle: ({ site, learner, body }) => teams.leave(site.key, learner.id, body.teamId),
    });
    api.get('/api/teams/requests', {
      operationId: 'listJoinRequests',
      summary: '入队申请',
      description: '一个团队待审核的入队申请（仅负责人），分页。',
      login: 'required',
      query: teamRequestsQuerySchema,
      response: pageOf(teamRequestSchema),
      handle: ({ site, learner, query }) => teams.requests(site.key, learner.id, query.id, query),
    });
    api.post('/api/teams/requests/decide', {
      operationId: 'decideJoinRequest',
      summary: '审核入队申请',
      description: '通过或拒绝一条入队申请（仅负责人）。',
      login: 'required',
      limit: RateLimits.teamManage,
      body: decideRequestBodySchema,
      response: z.null(),
      handle: ({ site, learner, body }) => teams.decide(site.key, learner.id, body),
    });
    api.post('/api/teams/members/remove', {
      operationId: 'removeTeamMember',
      summary: '移除成员',
      description: '把一名成员移出团队（仅负责人）。',
      login: 'required',
      limit: RateLimits.teamManage,
      body: teamMemberBodySchema,
      response: z.null(),
      handle: ({ site, learner, body }) =>
        teams.remove(site.key, learner.id, body.teamId, body.userId),
    });
    api.post('/api/teams/hand-over', {
      operationId: 'handOverTeam',
      summary: '移交负责人',
      description: '把负责人移交给团队中的另一名成员（仅负责人）。',
      login: 'required',
      limit: RateLimits.teamManage,
      body: teamMemberBodySchema,
      response: z.null(),
      handle: ({ site, learner, body }) =>
        teams.handOver(site.key, learner.id, body.teamId, body.userId),
    });
    api.post('/api/teams/update', {
      operationId: 'updateTeam',
      summary: '修改团队设置',
      description: '修改团队的名称、头像、简介、加入方式与人数上限（仅负责人）。',
      login: 'required',
      limit: RateLimits.teamManage,
      body: updateTeamBodySchema,
      response: teamDetailSchema,
      handle: ({ site, learner, body }) => teams.update(site.key, learner.id, body),
    });
    api.post('/api/teams/invite-code', {
      operationId: 'regenerateInviteCode',
      summary: '重新生成邀请码',
      description: '重新生成团队邀请码（有效期若干天），旧邀请码随之失效（仅负责人）。',
      login: 'required',
      limit: RateLimits.teamManage,
      body: teamIdBodySchema,
      response: inviteCodeSchema,
      handle: ({ site, learner, body }) => teams.regenerateCode(site.key, learner.id, body.teamId),
    });
    api.post('/api/teams/dissolve', {
      operationId: 'dissolveTeam',
      summary: '解散团队',
      description: '解散团队（仅负责人，需输入团队名称确认）。',
      login: 'required',
      limit: RateLimits.teamManage,
      body: dissolveTeamBodySchema,
      response: z.null(),
      handle: ({ site, learner, body }) => teams.dissolve(site.key, learner.id, body),
    });
  },
});
