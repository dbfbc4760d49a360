import {
  baseBookingSchema,
  baseCardSchema,
  baseDetailQuerySchema,
  baseDetailSchema,
  baseListQuerySchema,
  bookSlotBodySchema,
  cancelBookingBodySchema,
  myBookingsQuerySchema,
  pageOf,
} from '@portal/contract';
import { z } from 'zod';
import { portalModule } from '../../http/portal-module.ts';
import { RateLimits } from '../../platform/rate-limit.ts';
import { BaseService } from './bases.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    bases: BaseService;
  }
}

/** Experience bases (体验基地): browsing is public; booking and my bookings need login. */
export const basesModule = portalModule({
  name: 'bases',
  tag: 'bases',
  create: (app) => new BaseService(app.database.db, app.clock),
  routes(api, bases) {
    api.get('/api/bases', {
      summary: '体验基地列表（含最近可预约场次）',
      login: 'none',
      query: baseListQuerySchema,
      response: pageOf(baseCardSchema),
      handle: ({ site, query }) => bases.list(site.key, query),
    });
    api.get('/api/bases/detail', {
      summary: '体验基地详情：参观项目和近期场次；带登录凭证时标出我的预约',
      login: 'optional',
      query: baseDetailQuerySchema,
      response: baseDetailSchema,
      handle: ({ site, learner, query }) => bases.detail(site.key, query.id, learner?.id ?? null),
    });
    api.post('/api/bases/book', {
      summary: '预约参观场次（需登录；人数占用同等名额）',
      login: 'required',
      limit: RateLimits.baseBooking,
      body: bookSlotBodySchema,
      response: baseBookingSchema,
      handle: ({ site, learner, body }) => bases.book(site.key, learner.id, body),
    });
    api.get('/api/bases/bookings', {
      summary: '我的预约：即将参观或历史预约（需登录）',
      login: 'required',
      query: myBookingsQuerySchema,
      response: pageOf(baseBookingSchema),
      handle: ({ site, learner, query }) => bases.mine(site.key, learner.id, query),
    });
    api.post('/api/bases/cancel', {
      summary: '取消预约（需登录；参观开始前），名额退回',
      login: 'required',
      limit: RateLimits.baseBooking,
      body: cancelBookingBodySchema,
      response: z.null(),
      handle: async ({ learner, body }) => {
        await bases.cancel(learner.id, body.bookingId);
        return null;
      },
    });
  },
});
