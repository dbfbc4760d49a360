import {
  pageOf,
  walkCardSchema,
  walkCheckinBodySchema,
  walkCheckinSchema,
  walkDetailQuerySchema,
  walkDetailSchema,
  walkListQuerySchema,
  walkSessionBodySchema,
} from '@portal/contract';
import { z } from 'zod';
import { portalModule } from '../../http/portal-module.ts';
import { RateLimits } from '../../platform/rate-limit.ts';
import { WalkService } from './walks.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    walks: WalkService;
  }
}

/** Humanities walks (人文行走): browsing is public; signup and check-in need login. */
export const walksModule = portalModule({
  name: 'walks',
  tag: 'walks',
  create: (app) => new WalkService(app.database.db, app.clock, app.publicCache),
  routes(api, walks) {
    api.get('/api/walks', {
      operationId: 'listWalks',
      summary: '人文行走路线',
      description: '本站的人文行走路线，分页；带有效登录凭证时含我的打卡进度。',
      login: 'optional',
      query: walkListQuerySchema,
      response: pageOf(walkCardSchema),
      visitorCache: { firstPages: 3 },
      handle: ({ site, learner, query }) => walks.list(site.key, query, learner?.id ?? null),
    });
    api.get('/api/walks/detail', {
      operationId: 'getWalk',
      summary: '路线详情',
      description: '一条路线的详情：按顺序的站点与导览场次；带有效登录凭证时含我的打卡进度。',
      login: 'optional',
      query: walkDetailQuerySchema,
      response: walkDetailSchema,
      visitorCache: {},
      handle: ({ site, learner, query }) => walks.detail(site.key, query.id, learner?.id ?? null),
    });
    api.post('/api/walks/signup', {
      operationId: 'signUpForWalk',
      summary: '报名导览',
      description: '报名一个导览场次（需登录）；名额已满或已报名答复 409。',
      login: 'required',
      limit: RateLimits.walkSignup,
      body: walkSessionBodySchema,
      response: z.null(),
      handle: async ({ site, learner, body }) => {
        await walks.signup(site.key, learner.id, body.sessionId);
        return null;
      },
    });
    api.post('/api/walks/cancel', {
      operationId: 'cancelWalkSignup',
      summary: '取消导览报名',
      description: '取消我的导览报名（需登录），仅在场次开始前。',
      login: 'required',
      limit: RateLimits.walkSignup,
      body: walkSessionBodySchema,
      response: z.null(),
      handle: async ({ site, learner, body }) => {
        await walks.cancel(site.key, learner.id, body.sessionId);
        return null;
      },
    });
    api.post('/api/walks/checkin', {
      operationId: 'checkInAtWalkStop',
      summary: '站点打卡',
      description:
        '在路线的站点打卡（需登录）：按上报的位置判断与站点的距离，以及与上次打卡相比的移动速度；太远、太快或已打卡答复 409。',
      login: 'required',
      idempotent: true,
      limit: RateLimits.checkIn,
      body: walkCheckinBodySchema,
      response: walkCheckinSchema,
      handle: ({ site, learner, body }) => walks.checkin(site.key, learner.id, body),
    });
  },
});
