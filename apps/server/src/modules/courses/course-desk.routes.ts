import {
  adminCourseChoicesSchema,
  adminCourseFormSchema,
  adminCourseListQuerySchema,
  adminCourseRowSchema,
  adminCourseSchema,
  adminCourseUpdateBodySchema,
  pageOf,
} from '@portal/contract';
import { adminRoutes } from '../../http/admin-route.ts';
import { portalModule } from '../../http/portal-module.ts';
import { reviewRoutes } from '../../http/review-routes.ts';
import { CourseDesk } from './course-desk.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    courseDesk: CourseDesk;
  }
}

/**
 * The console's courses, with their chapters and lessons: written by editors, reviewed and
 * published by reviewers (先审后发), as articles are.
 */
export const courseDeskModule = portalModule({
  name: 'courseDesk',
  tag: 'admin-courses',
  create: (app) =>
    new CourseDesk(
      app.database.db,
      app.database.engine,
      app.files,
      app.operators.audit,
      app.publicCache,
    ),
  routes(api, desk, app) {
    const admin = adminRoutes(api, app.operators);
    admin.get('/api/admin/courses/choices', {
      operationId: 'listAdminCourseChoices',
      summary: '课程分类与教师（后台）',
      description: '本站的课程分类与授课教师，供编辑选择。',
      roles: ['editor', 'reviewer'],
      response: adminCourseChoicesSchema,
      handle: ({ operator }) => desk.choices(operator.siteKey),
    });
    admin.get('/api/admin/courses', {
      operationId: 'listAdminCourses',
      summary: '课程列表（后台）',
      description:
        '本站的全部课程（含草稿、待审核、已下线），最近修改在前；可按审核状态（待审核含已发布课程待审的修改）、分类与名称关键词筛选，分页。',
      roles: ['editor', 'reviewer'],
      query: adminCourseListQuerySchema,
      response: pageOf(adminCourseRowSchema),
      handle: ({ operator, query }) => desk.list(operator.siteKey, query),
    });
    reviewRoutes(admin, {
      path: '/api/admin/courses',
      operation: 'Course',
      name: '课程',
      desk: desk.review,
      form: adminCourseFormSchema,
      update: adminCourseUpdateBodySchema,
      detail: adminCourseSchema,
    });
  },
});
