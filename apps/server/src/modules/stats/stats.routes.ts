import {
  statsActiveSchema,
  statsLearningSchema,
  statsLiveSchema,
  statsPointsSchema,
  statsRangeQuerySchema,
  statsSignupsSchema,
  statsSummarySchema,
  statsTopSchema,
} from '@portal/contract';
import { adminRoutes } from '../../http/admin-route.ts';
import { portalModule } from '../../http/portal-module.ts';
import { StatsDesk } from './stats.service.ts';
import { StatsRollup } from './stats-rollup.ts';

declare module 'fastify' {
  interface FastifyInstance {
    statsDesk: StatsDesk;
    statsRollup: StatsRollup;
  }
}

/** Who reads the site's figures: its administrators, editors and reviewers (no one's records). */
const READERS = ['site_admin', 'editor', 'reviewer'] as const;

const RANGE = '范围为亚洲/上海的日期 from 至 to（含两端，最多 366 天）。';

/**
 * The dashboard of a site (数据统计): learners, learning, sign-ups, the most taken content, live
 * viewers and points over a range of days, one call per part; its series by day, week and month
 * read from the rollups, a round of which is added to the job queue every
 * `statsRollupIntervalMs` (0: off on this instance; tests run it themselves).
 */
export const statsModule = portalModule({
  name: 'statsDesk',
  tag: 'admin-stats',
  create: (app) => new StatsDesk(app.database.db),
  routes(api, desk, app) {
    const rollup = new StatsRollup(app.database.db);
    app.decorate('statsRollup', rollup);
    app.jobs.define(rollup.kind());
    const interval = app.config.statsRollupIntervalMs;
    const onError = (error: unknown) => app.log.error({ err: error }, 'stats rollup failed');
    if (interval > 0) app.addHook('onReady', async () => rollup.start(app.jobs, interval, onError));
    // Before the app's own close stops the queue and the database.
    app.addHook('preClose', () => rollup.stop());

    const admin = adminRoutes(api, app.operators);
    admin.get('/api/admin/stats/summary', {
      operationId: 'statsSummary',
      summary: '数据概览（后台）',
      description: `本站学员总数、范围内新增学员、学习过的学员、学习分钟数、报名人次与发放积分。${RANGE}`,
      roles: READERS,
      query: statsRangeQuerySchema,
      response: statsSummarySchema,
      handle: ({ operator, query }) => desk.summary(operator, query),
    });
    admin.get('/api/admin/stats/active', {
      operationId: 'statsActive',
      summary: '活跃学员（后台）',
      description: `范围内每天学习过的学员与新增学员，所涉及的每周（周一至周日）与每月学习过的学员（去重），以及这些汇总数据的更新时间。${RANGE}`,
      roles: READERS,
      query: statsRangeQuerySchema,
      response: statsActiveSchema,
      handle: ({ operator, query }) => desk.active(operator, query),
    });
    admin.get('/api/admin/stats/learning', {
      operationId: 'statsLearning',
      summary: '学习时长（后台）',
      description: `范围内本站学员按内容类型的学习分钟数与学习人次（每人每天计一次），以及每天的学习分钟数和这些汇总数据的更新时间。${RANGE}`,
      roles: READERS,
      query: statsRangeQuerySchema,
      response: statsLearningSchema,
      handle: ({ operator, query }) => desk.learning(operator, query),
    });
    admin.get('/api/admin/stats/signups', {
      operationId: 'statsSignups',
      summary: '报名与满员率（后台）',
      description: `按类型：范围内开始的项目数、名额、已报名额与满员率，以及范围内的报名人次。${RANGE}`,
      roles: READERS,
      query: statsRangeQuerySchema,
      response: statsSignupsSchema,
      handle: ({ operator, query }) => desk.signups(operator, query),
    });
    admin.get('/api/admin/stats/top', {
      operationId: 'statsTop',
      summary: '热门内容（后台）',
      description: `范围内新增学习人数最多的课程、已报名额最多的活动与阅读人数最多的文章，各前 10。${RANGE}`,
      roles: READERS,
      query: statsRangeQuerySchema,
      response: statsTopSchema,
      handle: ({ operator, query }) => desk.top(operator, query),
    });
    admin.get('/api/admin/stats/live', {
      operationId: 'statsLive',
      summary: '直播观看（后台）',
      description: `范围内开始的直播（最近的 50 场）的预约、观看人数与观看分钟数，以及观看过的学员总数。${RANGE}`,
      roles: READERS,
      query: statsRangeQuerySchema,
      response: statsLiveSchema,
      handle: ({ operator, query }) => desk.live(operator, query),
    });
    admin.get('/api/admin/stats/points', {
      operationId: 'statsPoints',
      summary: '积分发放（后台）',
      description: `范围内本站发放与扣减的积分，按规则的发放积分与人数，以及每天的发放积分。${RANGE}`,
      roles: READERS,
      query: statsRangeQuerySchema,
      response: statsPointsSchema,
      handle: ({ operator, query }) => desk.points(operator, query),
    });
  },
});
