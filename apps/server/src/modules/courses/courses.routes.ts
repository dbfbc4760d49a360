import {
  courseCategorySchema,
  courseDetailQuerySchema,
  courseDetailSchema,
  courseListQuerySchema,
  courseSummarySchema,
  pageOf,
} from '@portal/contract';
import { z } from 'zod';
import { portalModule } from '../../http/portal-module.ts';
import { CourseService } from './courses.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    courses: CourseService;
  }
}

/** The public course catalogue of the request's site (`X-Site`); no login needed. */
export const coursesModule = portalModule({
  name: 'courses',
  tag: 'courses',
  create: (app) => new CourseService(app.database.db, Date.now, app.publicCache),
  routes(api, courses) {
    api.get('/api/courses/categories', {
      operationId: 'listCourseCategories',
      summary: '课程分类',
      description: '本站的课程分类，各带已上线的课程数。',
      login: 'none',
      response: z.array(courseCategorySchema),
      visitorCache: {},
      handle: ({ site }) => courses.categories(site.key),
    });
    api.get('/api/courses', {
      operationId: 'listCourses',
      summary: '课程列表',
      description: '本站已上线的课程，按最新或最多人学排序，可按分类筛选，分页。',
      login: 'none',
      query: courseListQuerySchema,
      response: pageOf(courseSummarySchema),
      visitorCache: { firstPages: 3 },
      handle: ({ site, query }) => courses.list(site.key, query),
    });
    api.get('/api/courses/detail', {
      operationId: 'getCourse',
      summary: '课程详情',
      description:
        '一门已上线课程的详情，含章节与课时；每次调用计一次浏览。不存在或未上线答复 404。',
      login: 'none',
      query: courseDetailQuerySchema,
      response: courseDetailSchema,
      handle: ({ site, query }) => courses.detail(site.key, query.id),
    });
  },
});
