import { statisticsQuerySchema, statisticsSchema, statisticsSummarySchema } from '@portal/contract';
import { portalModule } from '../../http/portal-module.ts';
import { StatisticsService } from './statistics.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    statistics: StatisticsService;
  }
}

/**
 * The learner's learning statistics (学习统计): both endpoints need login and answer only the
 * caller's own figures (learning time is the learner's, whatever the site).
 */
export const statisticsModule = portalModule({
  name: 'statistics',
  tag: 'statistics',
  create: (app) => new StatisticsService(app.database.db),
  routes(api, statistics) {
    api.get('/api/statistics', {
      operationId: 'getStudyStatistics',
      summary: '学习统计',
      description:
        '我的学习统计（需登录）：近 30 天每天、近 12 周每周或近 12 个月每月的学习时长（课程与直播分开），总计与连续学习天数。',
      login: 'required',
      query: statisticsQuerySchema,
      response: statisticsSchema,
      handle: ({ learner, query }) => statistics.statistics(learner.id, query),
    });
    api.get('/api/statistics/summary', {
      operationId: 'getStudySummary',
      summary: '今日学习概况',
      description: '今天（北京时间）的学习时长与连续学习天数，供“我的”页显示（需登录）。',
      login: 'required',
      response: statisticsSummarySchema,
      handle: ({ learner }) => statistics.summary(learner.id),
    });
  },
});
