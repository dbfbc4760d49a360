import {
  learnerDetailQuerySchema,
  learnerDetailSchema,
  learnerDisableBodySchema,
  learnerEnableBodySchema,
  learnerLedgerQuerySchema,
  learnerListQuerySchema,
  learnerPageSchema,
  learnerPointsBodySchema,
  learnerPointsResultSchema,
  learnerStateResultSchema,
  pageOf,
  pointsLedgerEntrySchema,
} from '@portal/contract';
import { adminRoutes } from '../../http/admin-route.ts';
import { portalModule } from '../../http/portal-module.ts';
import { LearnersDesk } from './learners.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    learnersDesk: LearnersDesk;
  }
}

/** Who looks learners up: the site's administrators, reviewers and check-in staff. */
const READERS = ['site_admin', 'reviewer', 'checkin'] as const;

/**
 * The learners of a site (学员管理): search, one learner's records, stopping and starting an
 * account on the site, and corrections of points; for the operators of that site.
 */
export const learnersModule = portalModule({
  name: 'learnersDesk',
  tag: 'admin-learners',
  create: (app) =>
    new LearnersDesk(
      app.database.db,
      app.database.engine,
      app.points,
      app.operators.audit,
      app.accounts.sessions,
      app.clock,
    ),
  routes(api, desk, app) {
    const admin = adminRoutes(api, app.operators);
    admin.get('/api/admin/learners', {
      operationId: 'listLearners',
      summary: '学员列表（后台）',
      description:
        '本站的学员（在本站登录过的账号，已注销的除外），最近加入的在前；按昵称或手机号数字搜索，按正常 / 已停用筛选。手机号按角色打码（站点管理员、签到员看全号）。',
      roles: READERS,
      query: learnerListQuerySchema,
      response: learnerPageSchema,
      handle: ({ operator, query }) => desk.list(operator, query),
    });
    admin.get('/api/admin/learners/detail', {
      operationId: 'learnerDetail',
      summary: '学员详情（后台）',
      description:
        '本站一位学员的记录：账号状态、学习时长（累计与近 30 天按类型）、本站的报名（最近 50 条）、勋章、团队与已登录的设备；不是本站学员答复 404。',
      roles: READERS,
      query: learnerDetailQuerySchema,
      response: learnerDetailSchema,
      handle: ({ operator, query }) => desk.detail(operator, query.id),
    });
    admin.get('/api/admin/learners/ledger', {
      operationId: 'learnerLedger',
      summary: '学员积分明细（后台）',
      description: '本站一位学员的积分明细，最新的在前，可按获得 / 支出筛选。',
      roles: READERS,
      query: learnerLedgerQuerySchema,
      response: pageOf(pointsLedgerEntrySchema),
      handle: ({ operator, query }) => desk.ledger(operator, query),
    });
    admin.post('/api/admin/learners/disable', {
      operationId: 'disableLearner',
      summary: '停用学员账号（后台）',
      description:
        '停用学员在本站的账号并写明原因：其在本站的所有设备立即退出登录，启用前不能在本站登录（登录时看到原因）。已停用的答复 409。记入操作日志。',
      roles: ['site_admin'],
      body: learnerDisableBodySchema,
      response: learnerStateResultSchema,
      handle: ({ operator, body }) => desk.disable(operator, body),
    });
    admin.post('/api/admin/learners/enable', {
      operationId: 'enableLearner',
      summary: '启用学员账号（后台）',
      description: '启用本站停用的学员账号，学员可重新登录。未停用的答复 409。记入操作日志。',
      roles: ['site_admin'],
      body: learnerEnableBodySchema,
      response: learnerStateResultSchema,
      handle: ({ operator, body }) => desk.enable(operator, body),
    });
    admin.post('/api/admin/learners/points', {
      operationId: 'adjustLearnerPoints',
      summary: '调整学员积分（后台）',
      description:
        '为学员增加或扣减本站积分并写明原因：记为积分明细中的「积分调整」（原因即说明），余额不能低于 0（否则答复 409，不写入）。同一提交编号（key）只调整一次。记入操作日志。',
      roles: ['site_admin'],
      body: learnerPointsBodySchema,
      response: learnerPointsResultSchema,
      handle: ({ operator, body }) => desk.adjustPoints(operator, body),
    });
  },
});
