import {
  adminArticleFormSchema,
  adminArticleListQuerySchema,
  adminArticleRowSchema,
  adminArticleSchema,
  adminArticleUpdateBodySchema,
  adminChannelSchema,
  pageOf,
} from '@portal/contract';
import { z } from 'zod';
import { adminRoutes } from '../../http/admin-route.ts';
import { portalModule } from '../../http/portal-module.ts';
import { reviewRoutes } from '../../http/review-routes.ts';
import { ArticleDesk } from './article-desk.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    articleDesk: ArticleDesk;
  }
}

const EDITORS = ['editor', 'reviewer'] as const;

/** The console's articles: written by editors, reviewed and published by reviewers (先审后发). */
export const articleDeskModule = portalModule({
  name: 'articleDesk',
  tag: 'admin-articles',
  create: (app) =>
    new ArticleDesk(app.database.db, app.database.engine, app.operators.audit, app.publicCache),
  routes(api, desk, app) {
    const admin = adminRoutes(api, app.operators);
    admin.get('/api/admin/articles/channels', {
      operationId: 'listAdminArticleChannels',
      summary: '文章栏目（后台）',
      description: '本站的全部文章栏目，供编辑选择。',
      roles: EDITORS,
      response: z.array(adminChannelSchema),
      handle: ({ operator }) => desk.channels(operator.siteKey),
    });
    admin.get('/api/admin/articles', {
      operationId: 'listAdminArticles',
      summary: '文章列表（后台）',
      description:
        '本站的全部文章（含草稿、待审核、已下线），最近修改在前；可按审核状态（待审核含已发布文章待审的修改）、类型、栏目、作者、修改日期与标题关键词筛选，分页。',
      roles: EDITORS,
      query: adminArticleListQuerySchema,
      response: pageOf(adminArticleRowSchema),
      handle: ({ operator, query }) => desk.list(operator.siteKey, query),
    });
    reviewRoutes(admin, {
      path: '/api/admin/articles',
      operation: 'Article',
      name: '文章',
      desk: desk.review,
      form: adminArticleFormSchema,
      update: adminArticleUpdateBodySchema,
      detail: adminArticleSchema,
    });
  },
});
