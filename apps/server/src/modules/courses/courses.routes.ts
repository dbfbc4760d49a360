import {
  courseCategorySchema,
  courseDetailQuerySchema,
  courseDetailSchema,
  courseListQuerySchema,
  courseSummarySchema,
  pageOf,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiRoutes } from '../../http/api-route.ts';
import { portalModule } from '../../http/portal-module.ts';
import { CourseService } from './courses.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    courses: CourseService;
  }
}

/** The public course catalogue of the request's site (`X-Site`); no login needed. */
async function coursesRoutes(app: FastifyInstance) {
  const api = apiRoutes(app, 'courses');
  api.get('/api/courses/categories', {
    summary: '课程分类（含已上线课程数）',
    response: z.array(courseCategorySchema),
    handle: ({ site }) => app.courses.categories(site.key),
  });
  api.get('/api/courses', {
    summary: '课程列表（按最新或最多人学，分页）',
    query: courseListQuerySchema,
    response: pageOf(courseSummarySchema),
    handle: ({ site, query }) => app.courses.list(site.key, query),
  });
  api.get('/api/courses/detail', {
    summary: '课程详情（含章节与课时），并计一次浏览',
    query: courseDetailQuerySchema,
    response: courseDetailSchema,
    handle: ({ site, query }) => app.courses.detail(site.key, query.id),
  });
}

export const coursesModule = portalModule(
  'courses',
  (app) => new CourseService(app.database.db),
  coursesRoutes,
);
