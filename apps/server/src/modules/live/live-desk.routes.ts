import {
  adminLiveChoicesSchema,
  adminLiveFormSchema,
  adminLiveListQuerySchema,
  adminLiveRowSchema,
  adminLiveSchema,
  adminLiveUpdateBodySchema,
  pageOf,
} from '@portal/contract';
import { adminRoutes } from '../../http/admin-route.ts';
import { portalModule } from '../../http/portal-module.ts';
import { reviewRoutes } from '../../http/review-routes.ts';
import { LiveDesk } from './live-desk.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    liveDesk: LiveDesk;
  }
}

/**
 * The console's live sessions: written by editors, reviewed and published by reviewers
 * (先审后发), as courses are; publishing and taking down reach the phone at once.
 */
export const liveDeskModule = portalModule({
  name: 'liveDesk',
  tag: 'admin-live',
  create: (app) =>
    new LiveDesk(app.database.db, app.database.engine, app.operators.audit, app.publicCache),
  routes(api, desk, app) {
    const admin = adminRoutes(api, app.operators);
    admin.get('/api/admin/live/choices', {
      operationId: 'listAdminLiveChoices',
      summary: '直播频道与可关联课程（后台）',
      description: '本站的直播频道（含未上线的，带标记）与已发布的课程，供编辑选择。',
      roles: ['editor', 'reviewer'],
      response: adminLiveChoicesSchema,
      handle: ({ operator }) => desk.choices(operator.siteKey),
    });
    admin.get('/api/admin/live', {
      operationId: 'listAdminLiveSessions',
      summary: '直播列表（后台）',
      description:
        '本站的全部直播（含草稿、待审核、已下线），最近修改在前；可按审核状态（待审核含已发布直播待审的修改）、频道、直播状态（预告、直播中、已结束，与学员端同一规则）与标题关键词筛选，分页。',
      roles: ['editor', 'reviewer'],
      query: adminLiveListQuerySchema,
      response: pageOf(adminLiveRowSchema),
      handle: ({ operator, query }) => desk.list(operator.siteKey, query),
    });
    reviewRoutes(admin, {
      path: '/api/admin/live',
      operation: 'LiveSession',
      name: '直播',
      desk: desk.review,
      form: adminLiveFormSchema,
      update: adminLiveUpdateBodySchema,
      detail: adminLiveSchema,
    });
  },
});
