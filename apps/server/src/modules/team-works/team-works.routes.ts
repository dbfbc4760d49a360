import {
  pageOf,
  TEAM_WORK_IMAGE_MAX_BYTES,
  TEAM_WORK_MAX_IMAGES,
  teamWorkCommentBodySchema,
  teamWorkCommentIdBodySchema,
  teamWorkCommentListQuerySchema,
  teamWorkCommentSchema,
  teamWorkDetailQuerySchema,
  teamWorkDetailSchema,
  teamWorkFeatureBodySchema,
  teamWorkIdBodySchema,
  teamWorkLikeResultSchema,
  teamWorkListQuerySchema,
  teamWorkSummarySchema,
} from '@portal/contract';
import { z } from 'zod';
import { withMultipart } from '../../http/multipart.ts';
import { portalModule } from '../../http/portal-module.ts';
import { RateLimits } from '../../platform/rate-limit.ts';
import { UploadStore, uploadsDir } from '../../platform/upload-store.ts';
import { TEAM_WORK_INCOMING_AREA, TeamWorkService } from './team-works.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    teamWorks: TeamWorkService;
  }
}

/**
 * The text fields of a post: `teamId` and `content` (may be empty when pictures come). One more
 * file than allowed is read, so that 10 pictures are answered with the limit, not a parse error.
 */
const postFields = z.object({
  teamId: z.coerce
    .number({ error: '请选择团队' })
    .int({ error: '团队：格式不正确' })
    .min(1, { error: '团队：格式不正确' }),
  content: z.string().default(''),
});

/** Team works (团队作品): the public list and detail, posting with pictures, likes and comments. */
export const teamWorksModule = portalModule({
  name: 'teamWorks',
  tag: 'teams',
  create: (app) =>
    new TeamWorkService(
      app.database.db,
      app.rateLimiter,
      app.sideEffects,
      new UploadStore(app.files, uploadsDir(app.config)),
      { files: app.files, folder: 'files/team-works/' },
      app.clock,
      app.publicCache,
    ),
  routes(api, works) {
    api.get('/api/team-works', {
      operationId: 'listTeamWorks',
      summary: '团队作品列表',
      description: '团队作品（公开）：精选在前，其余最新在前，分页。',
      login: 'optional',
      query: teamWorkListQuerySchema,
      response: pageOf(teamWorkSummarySchema),
      // As the teams' pages: what learners do reaches visitors within the cache's short life.
      visitorCache: { firstPages: 3 },
      handle: ({ site, learner, query }) => works.list(site.key, query, learner?.id ?? null),
    });
    api.get('/api/team-works/detail', {
      operationId: 'getTeamWork',
      summary: '团队作品详情',
      description: '一件团队作品的详情（公开）；带有效登录凭证时含我是否点赞、能否删除和设为精选。',
      login: 'optional',
      query: teamWorkDetailQuerySchema,
      response: teamWorkDetailSchema,
      visitorCache: {},
      handle: ({ site, learner, query }) => works.detail(site.key, query.id, learner?.id ?? null),
    });
    api.post('/api/team-works', {
      operationId: 'publishTeamWork',
      summary: '发布团队作品',
      description: `发布团队作品（团队成员；multipart：teamId、content、files 最多 ${TEAM_WORK_MAX_IMAGES} 张图片）。图片按内容识别。`,
      login: 'required',
      response: teamWorkDetailSchema,
      handle: ({ site, learner, request }) =>
        withMultipart(
          request,
          {
            fields: postFields,
            notMultipart: '请以 multipart/form-data 发布作品',
            fileField: 'files',
            strayFile: '图片：请以 files 字段上传',
            maxFiles: TEAM_WORK_MAX_IMAGES + 1,
            receive: (stream, name) =>
              works.uploads.receive(
                TEAM_WORK_INCOMING_AREA,
                stream,
                name,
                TEAM_WORK_IMAGE_MAX_BYTES,
              ),
            discard: (files) => works.uploads.discard(files),
          },
          ({ fields, files }) =>
            works.post(site.key, learner.id, {
              teamId: fields.teamId,
              content: fields.content,
              files,
            }),
        ),
    });
    api.post('/api/team-works/delete', {
      operationId: 'deleteTeamWork',
      summary: '删除团队作品',
      description: '删除一件团队作品（作者或团队负责人）。',
      login: 'required',
      limit: RateLimits.teamWorkActions,
      body: teamWorkIdBodySchema,
      response: z.null(),
      handle: async ({ site, learner, body }) => {
        await works.remove(site.key, learner.id, body.workId);
        return null;
      },
    });
    api.post('/api/team-works/feature', {
      operationId: 'featureTeamWork',
      summary: '设为精选',
      description: '把一件团队作品设为精选或取消精选（团队负责人）。',
      login: 'required',
      limit: RateLimits.teamWorkActions,
      body: teamWorkFeatureBodySchema,
      response: teamWorkDetailSchema,
      handle: ({ site, learner, body }) =>
        works.feature(site.key, learner.id, body.workId, body.featured),
    });
    api.post('/api/team-works/like', {
      operationId: 'likeTeamWork',
      summary: '点赞作品',
      description: '为一件团队作品点赞（需登录）；重复点赞只算一次。',
      login: 'required',
      limit: RateLimits.teamWorkActions,
      body: teamWorkIdBodySchema,
      response: teamWorkLikeResultSchema,
      handle: ({ site, learner, body }) => works.like(site.key, learner.id, body.workId),
    });
    api.post('/api/team-works/unlike', {
      operationId: 'unlikeTeamWork',
      summary: '取消点赞',
      description: '取消对一件团队作品的点赞（需登录）；未点赞时不变。',
      login: 'required',
      limit: RateLimits.teamWorkActions,
      body: teamWorkIdBodySchema,
      response: teamWorkLikeResultSchema,
      handle: ({ site, learner, body }) => works.unlike(site.key, learner.id, body.workId),
    });
    api.get('/api/team-works/comments', {
      operationId: 'listTeamWorkComments',
      summary: '作品评论',
      description: '一件团队作品的评论（公开），最早的在前，分页。',
      login: 'optional',
      query: teamWorkCommentListQuerySchema,
      response: pageOf(teamWorkCommentSchema),
      handle: ({ site, learner, query }) => works.comments(site.key, query, learner?.id ?? null),
    });
    api.post('/api/team-works/comment', {
      operationId: 'commentOnTeamWork',
      summary: '评论作品',
      description: '评论一件团队作品（需登录）：纯文本，最多 200 字。',
      login: 'required',
      body: teamWorkCommentBodySchema,
      response: teamWorkCommentSchema,
      handle: ({ site, learner, body }) =>
        works.comment(site.key, learner.id, body.workId, body.content),
    });
    api.post('/api/team-works/comment/delete', {
      operationId: 'deleteTeamWorkComment',
      summary: '删除评论',
      description: '删除一条作品评论（评论者或团队负责人）。',
      login: 'required',
      limit: RateLimits.teamWorkActions,
      body: teamWorkCommentIdBodySchema,
      response: z.null(),
      handle: async ({ site, learner, body }) => {
        await works.removeComment(site.key, learner.id, body.commentId);
        return null;
      },
    });
  },
});
