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
      operationId: 'addFavourite',
      summary: '收藏',
      description:
        '收藏一项内容（课程、班级、活动、电子书、直播、文章、地点等；需登录）；重复收藏结果相同。',
      login: 'required',
      idempotent: true,
      limit: RateLimits.favourites,
      body: contentRefSchema,
      response: favouriteStateSchema,
      handle: ({ site, learner, body }) => favourites.add(site.key, learner.id, body),
    });
    api.post('/api/favourites/remove', {
      operationId: 'removeFavourite',
      summary: '取消收藏',
      description: '取消收藏一项内容（需登录）；未收藏时结果相同。',
      login: 'required',
      idempotent: true,
      limit: RateLimits.favourites,
      body: contentRefSchema,
      response: favouriteStateSchema,
      handle: ({ site, learner, body }) => favourites.remove(site.key, learner.id, body),
    });
    api.get('/api/favourites/state', {
      operationId: 'getFavouriteState',
      summary: '是否已收藏',
      description: '我是否收藏了某项内容（需登录）。',
      login: 'required',
      query: favouriteStateQuerySchema,
      response: favouriteStateSchema,
      handle: ({ site, learner, query }) => favourites.state(site.key, learner.id, query),
    });
    api.get('/api/favourites', {
      operationId: 'listFavourites',
      summary: '我的收藏',
      description: '我在本站的收藏，最新的在前，可按内容类型筛选（需登录），分页。',
      login: 'required',
      query: contentListQuerySchema,
      response: pageOf(favouriteItemSchema),
      handle: ({ site, learner, query }) => favourites.list(site.key, learner.id, query),
    });
    api.post('/api/favourites/clear', {
      operationId: 'clearFavourites',
      summary: '清空收藏',
      description: '清空我在本站的全部收藏（需登录）。',
      login: 'required',
      limit: RateLimits.favourites,
      response: removedSchema,
      handle: ({ site, learner }) => favourites.clear(site.key, learner.id),
    });

    const history = api.tagged('history');
    history.post('/api/history', {
      operationId: 'recordView',
      summary: '记录浏览',
      description: '记录一次浏览到学习足迹（需登录）；同一内容只保留最近一次。',
      login: 'required',
      limit: RateLimits.history,
      body: contentRefSchema,
      response: viewRecordSchema,
      handle: ({ site, learner, body }) => favourites.recordView(site.key, learner.id, body),
    });
    history.get('/api/history', {
      operationId: 'listHistory',
      summary: '学习足迹',
      description: '我在本站的学习足迹，最近浏览的在前，可按内容类型筛选（需登录），分页。',
      login: 'required',
      query: contentListQuerySchema,
      response: pageOf(historyItemSchema),
      handle: ({ site, learner, query }) => favourites.history(site.key, learner.id, query),
    });
    history.post('/api/history/remove', {
      operationId: 'removeHistoryEntry',
      summary: '删除一条足迹',
      description: '从学习足迹中删除一条记录（需登录）。',
      login: 'required',
      limit: RateLimits.history,
      body: contentRefSchema,
      response: removedSchema,
      handle: ({ site, learner, body }) => favourites.removeView(site.key, learner.id, body),
    });
    history.post('/api/history/clear', {
      operationId: 'clearHistory',
      summary: '清空学习足迹',
      description: '清空我在本站的全部学习足迹（需登录）。',
      login: 'required',
      limit: RateLimits.history,
      response: removedSchema,
      handle: ({ site, learner }) => favourites.clearHistory(site.key, learner.id),
    });
  },
});
