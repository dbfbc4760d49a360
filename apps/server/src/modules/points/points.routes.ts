import {
  pageOf,
  pointsLedgerEntrySchema,
  pointsLedgerQuerySchema,
  pointsSummarySchema,
  pointsTasksSchema,
} from '@portal/contract';
import { portalModule } from '../../http/portal-module.ts';
import { subscribePointsAwards } from './points.awards.ts';
import { PointsService } from './points.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    points: PointsService;
  }
}

/**
 * Points (积分): the learner's balance, today's tasks and the ledger, all read-only, and the
 * awards subscribed to the other areas' side effects. No route awards points: the server
 * awards them where the deed happens.
 */
export const pointsModule = portalModule({
  name: 'points',
  tag: 'points',
  create: (app) => {
    subscribePointsAwards(app.sideEffects);
    return new PointsService(app.database.db);
  },
  routes(api, points) {
    api.get('/api/points/summary', {
      operationId: 'getPointsSummary',
      summary: '我的积分',
      description: '我在本站的积分余额与今日获得（需登录）。',
      login: 'required',
      response: pointsSummarySchema,
      handle: ({ site, learner }) => points.summary(site.key, learner.id),
    });
    api.get('/api/points/tasks', {
      operationId: 'listPointsTasks',
      summary: '今日积分任务',
      description: '今日积分任务（需登录）：每条规则今日的进度、上限、是否完成与去完成的页面。',
      login: 'required',
      response: pointsTasksSchema,
      handle: ({ site, learner }) => points.tasks(site.key, learner.id),
    });
    api.get('/api/points/ledger', {
      operationId: 'listPointsLedger',
      summary: '积分明细',
      description: '积分明细：最新在前，可按获得或消费筛选，每行带变动后的余额（需登录），分页。',
      login: 'required',
      query: pointsLedgerQuerySchema,
      response: pageOf(pointsLedgerEntrySchema),
      handle: ({ site, learner, query }) => points.ledger(site.key, learner.id, query),
    });
  },
});
