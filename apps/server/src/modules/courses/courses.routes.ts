import {
  courseCategorySchema,
  courseDetailQuerySchema,
  courseDetailSchema,
  courseListQuerySchema,
  courseSummarySchema,
  pageOf,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The public course catalogue of the request's site (`X-Site`); no login needed. */
export const coursesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/courses/categories',
    {
      schema: {
        tags: ['courses'],
        summary: '课程分类（含已上线课程数）',
        response: { 200: z.array(courseCategorySchema) },
      },
    },
    async (request) => app.courses.categories((await request.site()).key),
  );

  app.get(
    '/api/courses',
    {
      schema: {
        tags: ['courses'],
        summary: '课程列表（按最新或最多人学，分页）',
        querystring: courseListQuerySchema,
        response: { 200: pageOf(courseSummarySchema) },
      },
    },
    async (request) => app.courses.list((await request.site()).key, request.query),
  );

  app.get(
    '/api/courses/detail',
    {
      schema: {
        tags: ['courses'],
        summary: '课程详情（含章节与课时），并计一次浏览',
        querystring: courseDetailQuerySchema,
        response: { 200: courseDetailSchema },
      },
    },
    async (request) => app.courses.detail((await request.site()).key, request.query.id),
  );
};
