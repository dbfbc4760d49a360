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
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Asks a visitor to log in (code 301) before the request is even checked. */
async function loginFirst(request: FastifyRequest) {
  await request.requireUser();
}

/** The learner and site of a call (login checked already by `loginFirst`). */
async function owner(request: FastifyRequest) {
  const [user, site] = await Promise.all([request.requireUser(), request.site()]);
  return { userId: user.id, siteKey: site.key };
}

/**
 * The learner's favourites (我的收藏) and viewing history (学习足迹) on the request's site
 * (`X-Site`), across content types. Every endpoint needs login (code 301).
 */
export const favouritesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', loginFirst);

  app.post(
    '/api/favourites',
    {
      schema: {
        tags: ['favourites'],
        summary: '收藏（重复收藏结果相同）',
        body: contentRefSchema,
        response: { 200: favouriteStateSchema },
      },
    },
    async (request) => {
      const { userId, siteKey } = await owner(request);
      return app.favourites.add(siteKey, userId, request.body);
    },
  );

  app.post(
    '/api/favourites/remove',
    {
      schema: {
        tags: ['favourites'],
        summary: '取消收藏',
        body: contentRefSchema,
        response: { 200: favouriteStateSchema },
      },
    },
    async (request) => {
      const { userId, siteKey } = await owner(request);
      return app.favourites.remove(siteKey, userId, request.body);
    },
  );

  app.get(
    '/api/favourites/state',
    {
      schema: {
        tags: ['favourites'],
        summary: '我是否收藏了该内容',
        querystring: favouriteStateQuerySchema,
        response: { 200: favouriteStateSchema },
      },
    },
    async (request) => {
      const { userId, siteKey } = await owner(request);
      return app.favourites.state(siteKey, userId, request.query);
    },
  );

  app.get(
    '/api/favourites',
    {
      schema: {
        tags: ['favourites'],
        summary: '我的收藏，最新的在前；可按内容类型筛选',
        querystring: contentListQuerySchema,
        response: { 200: pageOf(favouriteItemSchema) },
      },
    },
    async (request) => {
      const { userId, siteKey } = await owner(request);
      return app.favourites.list(siteKey, userId, request.query);
    },
  );

  app.post(
    '/api/favourites/clear',
    {
      schema: {
        tags: ['favourites'],
        summary: '清空我在本站的收藏',
        response: { 200: removedSchema },
      },
    },
    async (request) => {
      const { userId, siteKey } = await owner(request);
      return app.favourites.clear(siteKey, userId);
    },
  );

  app.post(
    '/api/history',
    {
      schema: {
        tags: ['history'],
        summary: '记录一次浏览（学习足迹）',
        body: contentRefSchema,
        response: { 200: viewRecordSchema },
      },
    },
    async (request) => {
      const { userId, siteKey } = await owner(request);
      return app.favourites.recordView(siteKey, userId, request.body);
    },
  );

  app.get(
    '/api/history',
    {
      schema: {
        tags: ['history'],
        summary: '学习足迹，最近浏览的在前；可按内容类型筛选',
        querystring: contentListQuerySchema,
        response: { 200: pageOf(historyItemSchema) },
      },
    },
    async (request) => {
      const { userId, siteKey } = await owner(request);
      return app.favourites.history(siteKey, userId, request.query);
    },
  );

  app.post(
    '/api/history/remove',
    {
      schema: {
        tags: ['history'],
        summary: '删除一条学习足迹',
        body: contentRefSchema,
        response: { 200: removedSchema },
      },
    },
    async (request) => {
      const { userId, siteKey } = await owner(request);
      return app.favourites.removeView(siteKey, userId, request.body);
    },
  );

  app.post(
    '/api/history/clear',
    {
      schema: {
        tags: ['history'],
        summary: '清空我在本站的学习足迹',
        response: { 200: removedSchema },
      },
    },
    async (request) => {
      const { userId, siteKey } = await owner(request);
      return app.favourites.clearHistory(siteKey, userId);
    },
  );
};
