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
  create: (app) =>
    new SearchService(
      app.database.db,
      app.database.engine,
      app.clock,
      (error) => app.log.error({ err: error }, 'search: writing the hot terms failed'),
      app.publicCache,
    ),
  routes(api, searches, app) {
    // The searches tallied since the last write are written before the database closes.
    app.addHook('preClose', () => searches.flushTerms());
    api.get('/api/search', {
      operationId: 'searchContent',
      summary: '搜索',
      description: '按关键词搜索本站的课程与班级，标题匹配的在前，分页；关键词计入热门搜索。',
      login: 'none',
      query: searchQuerySchema,
      response: pageOf(searchResultSchema),
      handle: ({ site, query }) => searches.search(site.key, query),
    });
    api.get('/api/search/hot', {
      operationId: 'listHotSearches',
      summary: '热门搜索词',
      description: '本站最常搜索的关键词。',
      login: 'none',
      response: z.array(hotTermSchema),
      handle: ({ site }) => searches.hotTerms(site.key),
    });
  },
});
