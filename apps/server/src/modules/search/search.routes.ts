import { hotTermSchema, pageOf, searchQuerySchema, searchResultSchema } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiRoutes } from '../../http/api-route.ts';
import { portalModule } from '../../http/portal-module.ts';
import { SearchService } from './search.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    searches: SearchService;
  }
}

/** Public search over the request's site (`X-Site`); no login needed. */
async function searchRoutes(app: FastifyInstance) {
  const api = apiRoutes(app, 'search');
  api.get('/api/search', {
    summary: '搜索课程与班级（标题匹配优先），并计入热门搜索',
    query: searchQuerySchema,
    response: pageOf(searchResultSchema),
    handle: ({ site, query }) => app.searches.search(site.key, query),
  });
  api.get('/api/search/hot', {
    summary: '热门搜索词',
    response: z.array(hotTermSchema),
    handle: ({ site }) => app.searches.hotTerms(site.key),
  });
}

export const searchModule = portalModule(
  'searches',
  (app) => new SearchService(app.database.db, app.database.engine),
  searchRoutes,
);
