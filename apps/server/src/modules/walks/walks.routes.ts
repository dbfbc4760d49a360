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
  create: (app) => new WalkService(app.database.db, app.clock),
  routes(api, walks) {
    api.get('/api/walks', {
      summary: '人文行走路线列表；带登录凭证时含我的打卡进度',
      login: 'optional',
      query: walkListQuerySchema,
      response: pageOf(walkCardSchema),
      handle: ({ site, learner, query }) => walks.list(site.key, query, learner?.id ?? null),
    });
    api.get('/api/walks/detail', {
      summary: '路线详情：按顺序的站点、导览场次；带登录凭证时含我的打卡进度',
      login: 'optional',
      query: walkDetailQuerySchema,
      response: walkDetailSchema,
      handle: ({ site, learner, query }) => walks.detail(site.key, query.id, learner?.id ?? null),
    });
    api.post('/api/walks/signup', {
      summary: '报名导览场次（需登录）',
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
      summary: '取消导览报名（需登录；场次开始前）',
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
      summary: '在站点打卡（需登录；按上报位置判断距离和速度）',
      login: 'required',
      limit: RateLimits.checkIn,
      body: walkCheckinBodySchema,
      response: walkCheckinSchema,
      handle: ({ site, learner, body }) => walks.checkin(site.key, learner.id, body),
    });
  },
});
