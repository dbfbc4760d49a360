import {
  adminWalkFormSchema,
  adminWalkListQuerySchema,
  adminWalkPlaceQuerySchema,
  adminWalkPlaceSchema,
  adminWalkRowSchema,
  adminWalkSchema,
  adminWalkUpdateBodySchema,
  pageOf,
} from '@portal/contract';
import { z } from 'zod';
import { adminRoutes } from '../../http/admin-route.ts';
import { portalModule } from '../../http/portal-module.ts';
import { reviewRoutes } from '../../http/review-routes.ts';
import { WalkDesk } from './walk-desk.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    walkDesk: WalkDesk;
  }
}

/**
 * The console's humanities walks (人文行走): a route with its stops in order and its guided
 * sessions, written by editors, reviewed and published by reviewers (先审后发), as classes are;
 * publishing, taking down and an approved edit reach the portal (and its search) at once.
 */
export const walkDeskModule = portalModule({
  name: 'walkDesk',
  tag: 'admin-walks',
  create: (app) =>
    new WalkDesk(app.database.db, app.database.engine, app.operators.audit, app.publicCache),
  routes(api, desk, app) {
    const admin = adminRoutes(api, app.operators);
    admin.get('/api/admin/walks/places', {
      operationId: 'listAdminWalkPlaces',
      summary: '行走路线可选站点（后台）',
      description:
        '本站人文行走点中名称含关键词的（最多 20 个），排在已选地点（ids，逗号分隔，按其顺序）之后，供路线选择站点。',
      roles: ['editor', 'reviewer'],
      query: adminWalkPlaceQuerySchema,
      response: z.array(adminWalkPlaceSchema),
      handle: ({ operator, query }) => desk.places(operator.siteKey, query.q, query.ids ?? []),
    });
    admin.get('/api/admin/walks', {
      operationId: 'listAdminWalks',
      summary: '行走路线列表（后台）',
      description:
        '本站的全部人文行走路线（含草稿、待审核、已下线），最近修改在前；可按审核状态（待审核含已发布路线待审的修改）与名称关键词筛选，分页。',
      roles: ['editor', 'reviewer'],
      query: adminWalkListQuerySchema,
      response: pageOf(adminWalkRowSchema),
      handle: ({ operator, query }) => desk.list(operator.siteKey, query),
    });
    reviewRoutes(admin, {
      path: '/api/admin/walks',
      operation: 'Walk',
      name: '行走路线',
      desk: desk.review,
      form: adminWalkFormSchema,
      update: adminWalkUpdateBodySchema,
      detail: adminWalkSchema,
    });
  },
});
