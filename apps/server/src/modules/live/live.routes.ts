import {
  ErrorCode,
  liveChannelSchema,
  liveHeartbeatBodySchema,
  liveReservationBodySchema,
  liveReservationResultSchema,
  liveScheduleQuerySchema,
  liveSessionDetailQuerySchema,
  liveSessionDetailSchema,
  liveSessionListQuerySchema,
  liveSessionSummarySchema,
  liveStreamQuerySchema,
  liveTimetableQuerySchema,
  liveTimetableSchema,
  liveViewersSchema,
  pageOf,
} from '@portal/contract';
import { z } from 'zod';
import { BUNDLED_MEDIA_DIR } from '../../http/media-host.ts';
import { operationSchema } from '../../http/openapi.ts';
import { portalModule } from '../../http/portal-module.ts';
import { attachmentDisposition } from '../../platform/calendar-file.ts';
import { LIVE_STREAM_PATH, LiveMessages, LiveService } from './live.service.ts';
import { LiveSources } from './live-source.ts';
import { createViewerStore } from './live-viewers.ts';

/** The exact type players insist on for an HLS playlist. */
const HLS_TYPE = 'application/vnd.apple.mpegurl';

import { RateLimits } from '../../platform/rate-limit.ts';
import { LiveTimetableService } from './live-timetable.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveService;
  }
}

/**
 * Live sessions (课程直播): the public channels, list and detail of the request's site, a
 * learner's reservations (预约) and schedule (我的日程), the live stream of a session that is
 * live now (an HLS playlist under `/media/live/`) and the heartbeats that count its viewers.
 * (Learning time from watching is reported under `/api/study`.)
 */
export const liveModule = portalModule({
  name: 'live',
  tag: 'live',
  create: (app) => {
    const viewers = createViewerStore(app.database.db, app.config.redisUrl);
    app.addHook('onClose', () => viewers.close());
    const sources = new LiveSources(BUNDLED_MEDIA_DIR, app.files);
    return new LiveService(app.database.db, { viewers, sources }, undefined, app.sideEffects);
  },
  routes(api, live, app) {
    const timetable = new LiveTimetableService(app.database.db);
    api.get('/api/live/channels', {
      operationId: 'listLiveChannels',
      summary: '直播频道',
      description: '本站的直播频道，各带已上线的直播数。',
      login: 'none',
      response: z.array(liveChannelSchema),
      visitorCache: {},
      handle: ({ site }) => live.channels(site.key),
    });
    api.get('/api/live/sessions', {
      operationId: 'listLiveSessions',
      summary: '直播列表',
      description:
        '本站的直播：直播中在前，其次预告（按开始时间），再次已结束（最新在前）；可按状态与频道筛选，分页。',
      login: 'none',
      query: liveSessionListQuerySchema,
      response: pageOf(liveSessionSummarySchema),
      // A session's state follows the clock; the cache's short life (seconds) bounds the lag.
      visitorCache: { firstPages: 3 },
      handle: ({ site, query }) => live.list(site.key, query),
    });
    api.get('/api/live/sessions/detail', {
      operationId: 'getLiveSession',
      summary: '直播详情',
      description:
        '一场直播的详情：直播中时含直播流地址与观看人数，已结束时含回放地址；带有效登录凭证时含是否已预约。',
      login: 'optional',
      query: liveSessionDetailQuerySchema,
      response: liveSessionDetailSchema,
      // Its state and viewers, as a visitor sees them, may be PUBLIC_CACHE_MS old.
      visitorCache: {},
      handle: ({ site, learner, query }) => live.detail(site.key, query.id, learner?.id ?? null),
    });
    api.post('/api/live/reservations', {
      operationId: 'reserveLiveSession',
      summary: '预约直播',
      description:
        '预约一场预告中的直播（需登录），开播前会收到提醒；重复预约视为成功，已开始或已结束答复 409。',
      login: 'required',
      limit: RateLimits.liveReservations,
      body: liveReservationBodySchema,
      response: liveReservationResultSchema,
      handle: ({ site, learner, body }) => live.reserve(site.key, learner.id, body.sessionId),
    });
    api.post('/api/live/reservations/remove', {
      operationId: 'cancelLiveReservation',
      summary: '取消预约直播',
      description: '取消我对一场直播的预约（需登录）；未预约时也视为成功。',
      login: 'required',
      limit: RateLimits.liveReservations,
      body: liveReservationBodySchema,
      response: liveReservationResultSchema,
      handle: ({ site, learner, body }) => live.unreserve(site.key, learner.id, body.sessionId),
    });
    api.get('/api/live/schedule', {
      operationId: 'listMyLiveReservations',
      summary: '我预约的直播',
      description: '我预约的直播，按开始时间（需登录），分页。',
      login: 'required',
      query: liveScheduleQuerySchema,
      response: pageOf(liveSessionSummarySchema),
      handle: ({ site, learner, query }) => live.schedule(site.key, learner.id, query),
    });
    api.post('/api/live/heartbeat', {
      operationId: 'sendLiveHeartbeat',
      summary: '直播观看心跳',
      description:
        '正在观看直播时每 15 秒发送一次：按账号（或设备标识 X-Finger）计入观看人数，答复当前观看人数；时间以服务器为准，不在直播中答复 409。',
      login: 'optional',
      limit: RateLimits.liveHeartbeat,
      visitorLimit: RateLimits.liveHeartbeatByAddress,
      body: liveHeartbeatBodySchema,
      response: liveViewersSchema,
      handle: ({ site, learner, request, body }) => {
        const device = request.fingerprint();
        const viewer = learner ? `u:${learner.id}` : device ? `d:${device}` : null;
        return live.heartbeat(site.key, body.sessionId, viewer);
      },
    });
    // Media, not JSON: the HLS playlist itself, fetched by the player without headers (the site
    // is in the query), under /media/ like the other playlists. Its failures answer as an /api
    // call's do: the envelope on HTTP 200.
    app.get(
      LIVE_STREAM_PATH,
      {
        config: { envelopeFailures: true },
        schema: {
          ...operationSchema('live', {
            operationId: 'getLiveStreamPlaylist',
            summary: '直播流（HLS 播放列表）',
            description:
              '直播中场次的 HLS 直播流：滑动窗口播放列表本身（application/vnd.apple.mpegurl，缓存 1 秒），播放器不带请求头获取，站点在查询参数 site 中。失败时答复信封：未开播或已结束为 409，不存在、属于其他站点或没有可用信号为 404。',
          }),
          querystring: liveStreamQuerySchema,
        },
      },
      async (request, reply) => {
        const query = request.query as z.infer<typeof liveStreamQuerySchema>;
        const playlist = await live.stream(query.site, query.id);
        // The window moves every few seconds: players reload it, caches keep it a second.
        return reply.type(HLS_TYPE).header('cache-control', 'public, max-age=1').send(playlist);
      },
    );
    // Outside /api and public, like an activity's: a calendar file to add the session to a
    // phone's calendar (添加到日历).
    app.get<{ Params: { id: string } }>(
      '/ics/live-:id.ics',
      { schema: { hide: true } },
      async (request, reply) => {
        const id = /^\d{1,15}$/.test(request.params.id) ? Number(request.params.id) : 0;
        const origin = `${request.protocol}://${request.host}`;
        const calendar = id > 0 ? await live.calendar(id, request.hostname, origin) : null;
        if (!calendar) {
          return reply
            .code(404)
            .type('application/json; charset=utf-8')
            .send({ code: ErrorCode.notFound, message: LiveMessages.notFound, data: null });
        }
        return reply
          .header('content-type', 'text/calendar; charset=utf-8')
          .header(
            'content-disposition',
            attachmentDisposition(`${calendar.title}.ics`, `live-${id}.ics`),
          )
          .header('cache-control', 'no-cache')
          .send(calendar.text);
      },
    );
    api.get('/api/live/timetable', {
      operationId: 'getLiveTimetable',
      summary: '自主选课课表',
      description:
        '今天起至多 14 天（北京时间）每天的直播，按开始时间；带有效登录凭证时标出已选（已预约）的与时间冲突的。',
      login: 'optional',
      query: liveTimetableQuerySchema,
      response: liveTimetableSchema,
      // As the sessions' list: a session's state follows the clock, within the cache's life.
      visitorCache: {},
      handle: ({ site, learner, query }) =>
        timetable.timetable(site.key, learner?.id ?? null, query),
    });
  },
});
