import { hotTermSchema, pageOf, searchQuerySchema, searchResultSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Public search over the request's site (`X-Site`); no login needed. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/search',
    {
      schema: {
        tags: ['search'],
        summary: '搜索课程与班级（标题匹配优先），并计入热门搜索',
        querystring: searchQuerySchema,
        response: { 200: pageOf(searchResultSchema) },
      },
    },
    async (request) => app.searches.search((await request.site()).key, request.query),
  );

  app.get(
    '/api/search/hot',
    {
      schema: {
        tags: ['search'],
        summary: '热门搜索词',
        response: { 200: z.array(hotTermSchema) },
      },
    },
    async (request) => app.searches.hotTerms((await request.site()).key),
  );
};
