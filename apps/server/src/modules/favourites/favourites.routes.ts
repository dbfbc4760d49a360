import {
  contentListQuerySchema,
  contentRefSchema,
  favouriteItemSchema,
  favouriteStateQuerySchema,
  favouriteStateSchema,
  historyItemSchema,
  pageOf,
  removedSchema,
  viewRecordSchema,
} from '@portal/contract';
import { portalModule } from '../../http/portal-module.ts';
import { RateLimits } from '../../platform/rate-limit.ts';
import { FavouriteService } from './favourites.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    favourites: FavouriteService;
  }
}

/**
 * The learner's favourites (我的收藏) and viewing history (学习足迹) on the request's site
 * (`X-Site`), across content types. Every endpoint needs login (code 301).
 */
export const favouritesModule = portalModule({
  name: 'favourites',
  tag: 'favourites',
  create: (app) => new FavouriteService(app.database.db),
  routes(api, favourites) {
    api.post('/api/favourites', {
      summary: '收藏（重复收藏结果相同）',
      login: 'required',
      limit: RateLimits.favourites,
      body: contentRefSchema,
      response: favouriteStateSchema,
      handle: ({ site, learner, body }) => favourites.add(site.key, learner.id, body),
    });
    api.post('/api/favourites/remove', {
      summary: '取消收藏',
      login: 'required',
      limit: RateLimits.favourites,
      body: contentRefSchema,
      response: favouriteStateSchema,
      handle: ({ site, learner, body }) => favourites.remove(site.key, learner.id, body),
    });
    api.get('/api/favourites/state', {
      summary: '我是否收藏了该内容',
      login: 'required',
      query: favouriteStateQuerySchema,
      response: favouriteStateSchema,
      handle: ({ site, learner, query }) => favourites.state(site.key, learner.id, query),
    });
    api.get('/api/favourites', {
      summary: '我的收藏，最新的在前；可按内容类型筛选',
      login: 'required',
      query: contentListQuerySchema,
      response: pageOf(favouriteItemSchema),
      handle: ({ site, learner, query }) => favourites.list(site.key, learner.id, query),
    });
    api.post('/api/favourites/clear', {
      summary: '清空我在本站的收藏',
      login: 'required',
      limit: RateLimits.favourites,
      response: removedSchema,
      handle: ({ site, learner }) => favourites.clear(site.key, learner.id),
    });

    const history = api.tagged('history');
    history.post('/api/history', {
      summary: '记录一次浏览（学习足迹）',
      login: 'required',
      limit: RateLimits.history,
      body: contentRefSchema,
      response: viewRecordSchema,
      handle: ({ site, learner, body }) => favourites.recordView(site.key, learner.id, body),
    });
    history.get('/api/history', {
      summary: '学习足迹，最近浏览的在前；可按内容类型筛选',
      login: 'required',
      query: contentListQuerySchema,
      response: pageOf(historyItemSchema),
      handle: ({ site, learner, query }) => favourites.history(site.key, learner.id, query),
    });
    history.post('/api/history/remove', {
      summary: '删除一条学习足迹',
      login: 'required',
      limit: RateLimits.history,
      body: contentRefSchema,
      response: removedSchema,
      handle: ({ site, learner, body }) => favourites.removeView(site.key, learner.id, body),
    });
    history.post('/api/history/clear', {
      summary: '清空我在本站的学习足迹',
      login: 'required',
      limit: RateLimits.history,
      response: removedSchema,
      handle: ({ site, learner }) => favourites.clearHistory(site.key, learner.id),
    });
  },
});
