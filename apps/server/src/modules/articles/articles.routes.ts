import {
  articleChannelQuerySchema,
  articleChannelSchema,
  articleDetailQuerySchema,
  articleDetailSchema,
  articleListQuerySchema,
  articleReadAllBodySchema,
  articleReadAllResultSchema,
  articleReadEndBodySchema,
  articleReadEndResultSchema,
  articleSummarySchema,
  pageOf,
} from '@portal/contract';
import { z } from 'zod';
import { portalModule } from '../../http/portal-module.ts';
import { RateLimits } from '../../platform/rate-limit.ts';
import { ArticleService } from './articles.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    articles: ArticleService;
  }
}

/**
 * Articles (资讯, 通知, 公告, 风采, 展示, 讲座访谈): public lists and details of the request's site;
 * a learner's answers mark the notices they have not read, and opening one marks it read.
 */
export const articlesModule = portalModule({
  name: 'articles',
  tag: 'articles',
  create: (app) =>
    new ArticleService(app.database.db, Date.now, app.publicCache, app.sideEffects, (error) =>
      app.log.error({ err: error }, 'articles: writing the views failed'),
    ),
  routes(api, articles, app) {
    // The views tallied since the last write are written before the database closes.
    app.addHook('preClose', () => articles.flushViews());
    api.get('/api/articles/channels', {
      operationId: 'listArticleChannels',
      summary: '文章栏目',
      description: '本站的文章栏目（资讯、通知、公告等），可按类型筛选，各带已发布的文章数。',
      login: 'none',
      query: articleChannelQuerySchema,
      response: z.array(articleChannelSchema),
      visitorCache: {},
      handle: ({ site, query }) => articles.channels(site.key, query),
    });
    api.get('/api/articles', {
      operationId: 'listArticles',
      summary: '文章列表',
      description:
        '本站的文章：置顶在前，再按发布时间新到旧；可按类型与栏目筛选，分页。带有效登录凭证时标出未读的通知。',
      login: 'optional',
      query: articleListQuerySchema,
      response: pageOf(articleSummarySchema),
      // Visitors (no token) see no unread marks, so their first pages are one answer per query;
      // view counts lag by the cache's short life at most.
      visitorCache: { firstPages: 3 },
      handle: ({ site, learner, query }) => articles.list(site.key, query, learner?.id ?? null),
    });
    api.get('/api/articles/detail', {
      operationId: 'getArticle',
      summary: '文章详情',
      description: '一篇文章的详情（正文为已净化的 HTML），计一次浏览；带有效登录凭证时标为已读。',
      login: 'optional',
      query: articleDetailQuerySchema,
      response: articleDetailSchema,
      // A visitor's view counts whether the answer was kept or made; the count shown to
      // visitors may be the visitors' cache's life old.
      visitorCache: { counted: (site, query) => articles.countView(site.key, query.id) },
      handle: ({ site, learner, query }) =>
        articles.detail(site.key, query.id, learner?.id ?? null),
    });
    api.post('/api/articles/read-all', {
      operationId: 'markArticlesRead',
      summary: '通知全部已读',
      description: '将某类通知全部标为已读（需登录）。',
      login: 'required',
      limit: RateLimits.readMarks,
      body: articleReadAllBodySchema,
      response: articleReadAllResultSchema,
      handle: ({ site, learner, body }) => articles.readAll(site.key, learner.id, body.kind),
    });
    api.post('/api/articles/read-end', {
      operationId: 'recordArticleReadToEnd',
      summary: '读完文章',
      description: '报告读到了文章末尾（需登录）：打开详情不足 10 秒不算，每篇只奖励一次积分。',
      login: 'required',
      limit: RateLimits.readMarks,
      body: articleReadEndBodySchema,
      response: articleReadEndResultSchema,
      handle: ({ site, learner, body }) => articles.readEnd(site.key, learner.id, body.id),
    });
  },
});
