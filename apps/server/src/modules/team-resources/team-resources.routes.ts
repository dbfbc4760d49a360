import {
  pageOf,
  teamIdQuerySchema,
  teamProgressQuerySchema,
  teamProgressSchema,
  teamResourceCandidateSchema,
  teamResourceCandidatesQuerySchema,
  teamResourceRefSchema,
  teamResourceStateSchema,
  teamResourcesSchema,
} from '@portal/contract';
import { portalModule } from '../../http/portal-module.ts';
import { RateLimits } from '../../platform/rate-limit.ts';
import { TeamResourcesService } from './team-resources.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    teamResources: TeamResourcesService;
  }
}

/** A team's linked resources (关联资源) and its members' progress on them (学习进度). */
export const teamResourcesModule = portalModule({
  name: 'teamResources',
  tag: 'team-resources',
  create: (app) =>
    new TeamResourcesService(
      app.database.db,
      app.searches,
      app.favourites,
      app.clock,
      app.publicCache,
    ),
  routes(api, resources) {
    api.get('/api/team-resources', {
      operationId: 'listTeamResources',
      summary: '团队资源',
      description: '团队关联的课程、班级、活动与电子书（公开）。',
      login: 'none',
      query: teamIdQuerySchema,
      response: teamResourcesSchema,
      visitorCache: {},
      handle: ({ site, query }) => resources.list(site.key, query.teamId),
    });
    api.get('/api/team-resources/candidates', {
      operationId: 'listTeamResourceCandidates',
      summary: '可关联的资源',
      description: '可关联到团队的资源：站内搜索或我的收藏，标出已关联的（仅团队负责人），分页。',
      login: 'required',
      query: teamResourceCandidatesQuerySchema,
      response: pageOf(teamResourceCandidateSchema),
      handle: ({ site, learner, query }) => resources.candidates(site.key, learner.id, query),
    });
    api.post('/api/team-resources/link', {
      operationId: 'linkTeamResource',
      summary: '关联资源',
      description: '把一个资源关联到团队（仅团队负责人）；重复关联或超过上限答复 409。',
      login: 'required',
      limit: RateLimits.teamManage,
      body: teamResourceRefSchema,
      response: teamResourceStateSchema,
      handle: ({ site, learner, body }) => resources.link(site.key, learner.id, body),
    });
    api.post('/api/team-resources/unlink', {
      operationId: 'unlinkTeamResource',
      summary: '取消关联资源',
      description: '取消团队与一个资源的关联（仅团队负责人）。',
      login: 'required',
      limit: RateLimits.teamManage,
      body: teamResourceRefSchema,
      response: teamResourceStateSchema,
      handle: ({ site, learner, body }) => resources.unlink(site.key, learner.id, body),
    });
    api.get('/api/team-resources/progress', {
      operationId: 'getTeamResourceProgress',
      summary: '团队学习进度',
      description: '团队成员在关联资源上的学习进度与团队合计（仅团队成员）。',
      login: 'required',
      query: teamProgressQuerySchema,
      response: teamProgressSchema,
      handle: ({ site, learner, query }) => resources.progress(site.key, learner.id, query),
    });
  },
});
