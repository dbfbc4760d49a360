import {
  liveChannelSchema,
  liveReservationBodySchema,
  liveReservationResultSchema,
  liveScheduleQuerySchema,
  liveSessionDetailQuerySchema,
  liveSessionDetailSchema,
  liveSessionListQuerySchema,
  liveSessionSummarySchema,
  liveTimetableQuerySchema,
  liveTimetableSchema,
  pageOf,
} from '@portal/contract';
import { z } from 'zod';
import { portalModule } from '../../http/portal-module.ts';
import { LiveService } from './live.service.ts';
import { LiveTimetableService } from './live-timetable.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveService;
  }
}

/**
 * Live sessions (课程直播): the public channels, list and detail of the request's site, and a
 * learner's reservations (预约) and schedule (我的日程).
 */
export const liveModule = portalModule({
  name: 'live',
  tag: 'live',
  create: (app) => new LiveService(app.database.db),
  routes(api, live, app) {
    const timetable = new LiveTimetableService(app.database.db);
    api.get('/api/live/channels', {
      summary: '直播频道（含已上线直播数）',
      login: 'none',
      response: z.array(liveChannelSchema),
      handle: ({ site }) => live.channels(site.key),
    });
    api.get('/api/live/sessions', {
      summary:
        '直播列表：直播中在前，其次预告（按开始时间），再次已结束（最新在前）；可按状态与频道筛选',
      login: 'none',
      query: liveSessionListQuerySchema,
      response: pageOf(liveSessionSummarySchema),
      // A session's state follows the clock; the cache's short life (seconds) bounds the lag.
      visitorCache: { firstPages: 3 },
      handle: ({ site, query }) => live.list(site.key, query),
    });
    api.get('/api/live/sessions/detail', {
      summary: '直播详情；带有效登录凭证时含是否已预约',
      login: 'optional',
      query: liveSessionDetailQuerySchema,
      response: liveSessionDetailSchema,
      handle: ({ site, learner, query }) => live.detail(site.key, query.id, learner?.id ?? null),
    });
    api.post('/api/live/reservations', {
      summary: '预约直播（需登录，仅预告中的直播；重复预约视为成功）',
      login: 'required',
      body: liveReservationBodySchema,
      response: liveReservationResultSchema,
      handle: ({ site, learner, body }) => live.reserve(site.key, learner.id, body.sessionId),
    });
    api.post('/api/live/reservations/remove', {
      summary: '取消预约直播（需登录；未预约时也视为成功）',
      login: 'required',
      body: liveReservationBodySchema,
      response: liveReservationResultSchema,
      handle: ({ site, learner, body }) => live.unreserve(site.key, learner.id, body.sessionId),
    });
    api.get('/api/live/schedule', {
      summary: '我的日程：我预约的直播，按开始时间（需登录）',
      login: 'required',
      query: liveScheduleQuerySchema,
      response: pageOf(liveSessionSummarySchema),
      handle: ({ site, learner, query }) => live.schedule(site.key, learner.id, query),
    });
    api.get('/api/live/timetable', {
      summary:
        '自主选课课表：今天起至多 14 天（北京时间）每天的直播，按开始时间；带有效登录凭证时标出已选与时间冲突',
      login: 'optional',
      query: liveTimetableQuerySchema,
      response: liveTimetableSchema,
      handle: ({ site, learner, query }) =>
        timetable.timetable(site.key, learner?.id ?? null, query),
    });
  },
});
