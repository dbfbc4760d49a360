import {
  adminClassChoicesSchema,
  adminClassCourseQuerySchema,
  adminClassCourseSchema,
  adminClassFormSchema,
  adminClassListQuerySchema,
  adminClassRowSchema,
  adminClassSchema,
  adminClassUpdateBodySchema,
  pageOf,
} from '@portal/contract';
import { z } from 'zod';
import { adminRoutes } from '../../http/admin-route.ts';
import { portalModule } from '../../http/portal-module.ts';
import { reviewRoutes } from '../../http/review-routes.ts';
import { ClassDesk } from './class-desk.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    classDesk: ClassDesk;
  }
}

/**
 * The console's classes, with the courses they study and the sign-up form learners fill in:
 * written by editors, reviewed and published by reviewers (先审后发), as articles are.
 */
export const classDeskModule = portalModule({
  name: 'classDesk',
  tag: 'admin-classes',
  create: (app) =>
    new ClassDesk(
      app.database.db,
      app.database.engine,
      app.operators.audit,
      app.publicCache,
      app.sideEffects,
      app.clock,
    ),
  routes(api, desk, app) {
    const admin = adminRoutes(api, app.operators);
    admin.get('/api/admin/classes/choices', {
      operationId: 'listAdminClassChoices',
      summary: '班级学期（后台）',
      description: '本站班级已有的学期（最近开课的在前），供列表筛选。',
      roles: ['editor', 'reviewer'],
      response: adminClassChoicesSchema,
      handle: ({ operator }) => desk.choices(operator.siteKey),
    });
    admin.get('/api/admin/classes/courses', {
      operationId: 'listAdminClassCourses',
      summary: '班级可选课程（后台）',
      description:
        '本站已发布课程中名称含关键词的（最多 20 门），排在已选课程（ids，逗号分隔，按其顺序）之后，供班级选择所学课程。',
      roles: ['editor', 'reviewer'],
      query: adminClassCourseQuerySchema,
      response: z.array(adminClassCourseSchema),
      handle: ({ operator, query }) => desk.courses(operator.siteKey, query.q, query.ids ?? []),
    });
    admin.get('/api/admin/classes', {
      operationId: 'listAdminClasses',
      summary: '班级列表（后台）',
      description:
        '本站的全部班级（含草稿、待审核、已下线），最近修改在前；可按审核状态（待审核含已发布班级待审的修改）、学期与名称关键词筛选，分页。',
      roles: ['editor', 'reviewer'],
      query: adminClassListQuerySchema,
      response: pageOf(adminClassRowSchema),
      handle: ({ operator, query }) => desk.list(operator.siteKey, query),
    });
    reviewRoutes(admin, {
      path: '/api/admin/classes',
      operation: 'Class',
      plural: 'Classes',
      name: '班级',
      desk: desk.review,
      form: adminClassFormSchema,
      update: adminClassUpdateBodySchema,
      detail: adminClassSchema,
    });
  },
});
