import {
  adminArticleFormSchema,
  adminArticleListQuerySchema,
  adminArticleRowSchema,
  adminArticleSchema,
  adminArticleUpdateBodySchema,
  adminBulkBodySchema,
  adminBulkResultSchema,
  adminChannelSchema,
  adminIdQuerySchema,
  adminRejectBodySchema,
  adminVersionBodySchema,
  pageOf,
} from '@portal/contract';
import { z } from 'zod';
import { adminRoutes } from '../../http/admin-route.ts';
import { portalModule } from '../../http/portal-module.ts';
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
    admin.get('/api/admin/articles/detail', {
      operationId: 'getAdminArticle',
      summary: '文章详情（后台）',
      description:
        '一篇本站文章的编辑内容、审核状态与版本；已发布文章有待审修改时，同时给出线上版本以便对照。',
      roles: EDITORS,
      query: adminIdQuerySchema,
      response: adminArticleSchema,
      handle: ({ operator, query }) => desk.detail(operator.siteKey, query.id),
    });
    admin.post('/api/admin/articles/create', {
      operationId: 'createAdminArticle',
      summary: '新建文章',
      description: '新建一篇草稿：栏目须为本站栏目，标题为纯文本，正文按白名单净化后保存。',
      roles: ['editor'],
      body: adminArticleFormSchema,
      response: adminArticleSchema,
      handle: ({ operator, body }) => desk.create(operator, body),
    });
    admin.post('/api/admin/articles/update', {
      operationId: 'updateAdminArticle',
      summary: '保存文章',
      description:
        '保存编辑内容（须带读取时的版本，已被他人修改答复 409）：草稿、待审核、已驳回的文章改为草稿；已发布或已下线的文章保持线上版本，修改另存待审。',
      roles: ['editor'],
      body: adminArticleUpdateBodySchema,
      response: adminArticleSchema,
      handle: ({ operator, body }) => desk.update(operator, body),
    });
    admin.post('/api/admin/articles/submit', {
      operationId: 'submitAdminArticle',
      summary: '提交审核',
      description: '把草稿（或已发布文章的修改）提交审核。',
      roles: ['editor'],
      body: adminVersionBodySchema,
      response: adminArticleSchema,
      handle: ({ operator, body }) => desk.submit(operator, body),
    });
    admin.post('/api/admin/articles/withdraw', {
      operationId: 'withdrawAdminArticle',
      summary: '撤回审核',
      description: '审核前撤回提交，回到草稿。',
      roles: ['editor'],
      body: adminVersionBodySchema,
      response: adminArticleSchema,
      handle: ({ operator, body }) => desk.withdraw(operator, body),
    });
    admin.post('/api/admin/articles/approve', {
      operationId: 'approveAdminArticle',
      summary: '审核通过',
      description:
        '通过待审核的文章（发布，需要时通知本站学员）或已发布文章的修改（替换线上版本）；不能审核自己提交的内容。',
      roles: ['reviewer'],
      body: adminVersionBodySchema,
      response: adminArticleSchema,
      handle: ({ operator, body }) => desk.approve(operator, body),
    });
    admin.post('/api/admin/articles/reject', {
      operationId: 'rejectAdminArticle',
      summary: '驳回',
      description: '驳回待审核的文章或修改，并写明理由；编辑再次保存后回到草稿。',
      roles: ['reviewer'],
      body: adminRejectBodySchema,
      response: adminArticleSchema,
      handle: ({ operator, body }) => desk.reject(operator, body),
    });
    admin.post('/api/admin/articles/publish', {
      operationId: 'publishAdminArticles',
      summary: '批量发布',
      description: '发布所选文章中待审核的（不含自己提交的）和已下线的，其余跳过并说明原因。',
      roles: ['reviewer'],
      body: adminBulkBodySchema,
      response: adminBulkResultSchema,
      handle: ({ operator, body }) => desk.publish(operator, body.ids),
    });
    admin.post('/api/admin/articles/take-down', {
      operationId: 'takeDownAdminArticles',
      summary: '批量下线',
      description: '下线所选的已发布文章（学员端立即不再显示），其余跳过并说明原因。',
      roles: ['reviewer'],
      body: adminBulkBodySchema,
      response: adminBulkResultSchema,
      handle: ({ operator, body }) => desk.takeDown(operator, body.ids),
    });
  },
});
