import {
  adminPlaceFormSchema,
  adminPlaceListQuerySchema,
  adminPlaceParentSchema,
  adminPlaceParentsQuerySchema,
  adminPlaceRowSchema,
  adminPlaceSchema,
  adminPlaceUpdateBodySchema,
  pageOf,
} from '@portal/contract';
import { z } from 'zod';
import { adminRoutes } from '../../http/admin-route.ts';
import { portalModule } from '../../http/portal-module.ts';
import { reviewRoutes } from '../../http/review-routes.ts';
import { PlaceDesk } from './place-desk.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    placeDesk: PlaceDesk;
  }
}

/**
 * The console's places of the learning map (地图场所): learning points, schools and their
 * branches, experience bases and walk stops, written by editors, reviewed and published by
 * reviewers (先审后发); publishing, taking down and an approved edit reach the portal's map, its
 * lists and search at once.
 */
export const placeDeskModule = portalModule({
  name: 'placeDesk',
  tag: 'admin-places',
  create: (app) =>
    new PlaceDesk(app.database.db, app.database.engine, app.operators.audit, app.publicCache),
  routes(api, desk, app) {
    const admin = adminRoutes(api, app.operators);
    admin.get('/api/admin/places/schools', {
      operationId: 'listAdminPlaceSchools',
      summary: '分校可属的学校（后台）',
      description:
        '本站学习地图上名称含关键词的学校（不含分校与正在编辑的场所，最多 20 个，已选的排在最前），供老年大学分校选择所属学校。',
      roles: ['editor', 'reviewer'],
      query: adminPlaceParentsQuerySchema,
      response: z.array(adminPlaceParentSchema),
      handle: ({ operator, query }) => desk.schools(operator.siteKey, query),
    });
    admin.get('/api/admin/places', {
      operationId: 'listAdminPlaces',
      summary: '地图场所列表（后台）',
      description:
        '本站学习地图上的全部场所（含草稿、待审核、已下线），最近修改在前；可按审核状态（待审核含已发布场所待审的修改）、场所类别与名称关键词筛选，分页。',
      roles: ['editor', 'reviewer'],
      query: adminPlaceListQuerySchema,
      response: pageOf(adminPlaceRowSchema),
      handle: ({ operator, query }) => desk.list(operator.siteKey, query),
    });
    reviewRoutes(admin, {
      path: '/api/admin/places',
      operation: 'Place',
      name: '地图场所',
      desk: desk.review,
      form: adminPlaceFormSchema,
      update: adminPlaceUpdateBodySchema,
      detail: adminPlaceSchema,
    });
  },
});
