import { hotTermSchema, pageOf, searchQuerySchema, searchResultSchema } from '@portal/contract';
import { z } from 'zod';
import { portalModule } from '../../http/portal-module.ts';
import { SearchService } from './search.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    searches: SearchService;
  }
}

/** Public search over the request's site (`X-Site`); no login needed. */
export const searchModule = portalModule({
  name: 'searches',
  tag: 'search',
  create: (app) => new SearchService(app.database.db, app.database.engine),
  routes(api, searches) {
    api.get('/api/search', {
      summary: '搜索课程与班级（标题匹配优先），并计入热门搜索',
      login: 'none',
      query: searchQuerySchema,
      response: pageOf(searchResultSchema),
      handle: ({ site, query }) => searches.search(site.key, query),
    });
    api.get('/api/search/hot', {
      summary: '热门搜索词',
      login: 'none',
      response: z.array(hotTermSchema),
      handle: ({ site }) => searches.hotTerms(site.key),
    });
  },
});
