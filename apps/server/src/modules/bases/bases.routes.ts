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
  create: (app) => new BaseService(app.database.db, app.clock, app.publicCache),
  routes(api, bases) {
    api.get('/api/bases', {
      operationId: 'listBases',
      summary: '体验基地列表',
      description: '本站的体验基地，各带最近可预约的场次，分页。',
      login: 'none',
      query: baseListQuerySchema,
      response: pageOf(baseCardSchema),
      visitorCache: { firstPages: 3 },
      handle: ({ site, query }) => bases.list(site.key, query),
    });
    api.get('/api/bases/detail', {
      operationId: 'getBase',
      summary: '体验基地详情',
      description: '一个体验基地的详情：参观项目和近期场次；带有效登录凭证时标出我的预约。',
      login: 'optional',
      query: baseDetailQuerySchema,
      response: baseDetailSchema,
      visitorCache: {},
      handle: ({ site, learner, query }) => bases.detail(site.key, query.id, learner?.id ?? null),
    });
    api.post('/api/bases/book', {
      operationId: 'bookBaseVisit',
      summary: '预约参观',
      description: '预约一个参观场次（需登录）：参观人数占用同等名额，名额不足答复 409。',
      login: 'required',
      limit: RateLimits.baseBooking,
      body: bookSlotBodySchema,
      response: baseBookingSchema,
      handle: ({ site, learner, body }) => bases.book(site.key, learner.id, body),
    });
    api.get('/api/bases/bookings', {
      operationId: 'listMyBaseBookings',
      summary: '我的预约',
      description: '我的参观预约：即将参观或历史预约（需登录），分页。',
      login: 'required',
      query: myBookingsQuerySchema,
      response: pageOf(baseBookingSchema),
      handle: ({ site, learner, query }) => bases.mine(site.key, learner.id, query),
    });
    api.post('/api/bases/cancel', {
      operationId: 'cancelBaseBooking',
      summary: '取消预约',
      description: '取消我的参观预约（需登录），仅在参观开始前；名额退回。',
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
