import {
  adminDeliveryFormSchema,
  adminDeliveryListQuerySchema,
  adminDeliveryRowSchema,
  adminDeliverySchema,
  adminDeliveryUpdateBodySchema,
  pageOf,
} from '@portal/contract';
import { adminRoutes } from '../../http/admin-route.ts';
import { portalModule } from '../../http/portal-module.ts';
import { reviewRoutes } from '../../http/review-routes.ts';
import { DeliveryDesk } from './delivery-desk.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    deliveryDesk: DeliveryDesk;
  }
}

/**
 * The console's delivery catalogue (资源目录): lecturers, courses taught on site, kits and
 * exhibitions, written by editors, reviewed and published by reviewers (先审后发), as e-books
 * are; publishing and taking down reach the portal's catalogue at once.
 */
export const deliveryDeskModule = portalModule({
  name: 'deliveryDesk',
  tag: 'admin-delivery',
  create: (app) =>
    new DeliveryDesk(app.database.db, app.database.engine, app.operators.audit, app.publicCache),
  routes(api, desk, app) {
    const admin = adminRoutes(api, app.operators);
    admin.get('/api/admin/delivery', {
      operationId: 'listAdminDeliveryResources',
      summary: '配送资源列表（后台）',
      description:
        '本站资源配送目录中的全部资源（含草稿、待审核、已下线），最近修改在前；可按审核状态（待审核含已发布资源待审的修改）、资源类型与名称关键词筛选，分页。',
      roles: ['editor', 'reviewer'],
      query: adminDeliveryListQuerySchema,
      response: pageOf(adminDeliveryRowSchema),
      handle: ({ operator, query }) => desk.list(operator.siteKey, query),
    });
    reviewRoutes(admin, {
      path: '/api/admin/delivery',
      operation: 'DeliveryResource',
      name: '配送资源',
      desk: desk.review,
      form: adminDeliveryFormSchema,
      update: adminDeliveryUpdateBodySchema,
      detail: adminDeliverySchema,
    });
  },
});
