import {
  adminActivityChoicesSchema,
  adminActivityFormSchema,
  adminActivityListQuerySchema,
  adminActivityRowSchema,
  adminActivitySchema,
  adminActivityUpdateBodySchema,
  adminPlaceOptionSchema,
  adminPlaceOptionsQuerySchema,
  pageOf,
} from '@portal/contract';
import { z } from 'zod';
import { adminRoutes } from '../../http/admin-route.ts';
import { portalModule } from '../../http/portal-module.ts';
import { reviewRoutes } from '../../http/review-routes.ts';
import { ActivityDesk } from './activity-desk.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    activityDesk: ActivityDesk;
  }
}

/**
 * The console's activities and special activities, with the sign-up form learners fill in:
 * written by editors, reviewed and published by reviewers (先审后发), as articles are.
 */
export const activityDeskModule = portalModule({
  name: 'activityDesk',
  tag: 'admin-activities',
  create: (app) =>
    new ActivityDesk(
      app.database.db,
      app.database.engine,
      app.operators.audit,
      app.publicCache,
      app.sideEffects,
      app.clock,
    ),
  routes(api, desk, app) {
    const admin = adminRoutes(api, app.operators);
    admin.get('/api/admin/activities/choices', {
      operationId: 'listAdminActivityChoices',
      summary: '活动主办方（后台）',
      description: '本站的活动主办方，供编辑选择。',
      roles: ['editor', 'reviewer'],
      response: adminActivityChoicesSchema,
      handle: ({ operator }) => desk.choices(operator.siteKey),
    });
    admin.get('/api/admin/activities/places', {
      operationId: 'listAdminActivityPlaces',
      summary: '活动地点（后台）',
      description:
        '本站学习地图上名称含关键词的地点（最多 20 个，已选的排在最前），供活动关联地图地点。',
      roles: ['editor', 'reviewer'],
      query: adminPlaceOptionsQuerySchema,
      response: z.array(adminPlaceOptionSchema),
      handle: ({ operator, query }) => desk.places(operator.siteKey, query.q, query.id),
    });
    admin.get('/api/admin/activities', {
      operationId: 'listAdminActivities',
      summary: '活动列表（后台）',
      description:
        '本站的全部活动与特色活动（含草稿、待审核、已下线），最近修改在前；可按审核状态（待审核含已发布活动待审的修改）、活动类型、主办方与名称关键词筛选，分页。',
      roles: ['editor', 'reviewer'],
      query: adminActivityListQuerySchema,
      response: pageOf(adminActivityRowSchema),
      handle: ({ operator, query }) => desk.list(operator.siteKey, query),
    });
    reviewRoutes(admin, {
      path: '/api/admin/activities',
      operation: 'Activity',
      name: '活动',
      desk: desk.review,
      form: adminActivityFormSchema,
      update: adminActivityUpdateBodySchema,
      detail: adminActivitySchema,
    });
  },
});
