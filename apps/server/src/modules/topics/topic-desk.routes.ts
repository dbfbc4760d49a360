import {
  adminTopicContentQuerySchema,
  adminTopicContentSchema,
  adminTopicFormSchema,
  adminTopicListQuerySchema,
  adminTopicRowSchema,
  adminTopicSchema,
  adminTopicUpdateBodySchema,
  pageOf,
} from '@portal/contract';
import { z } from 'zod';
import { adminRoutes } from '../../http/admin-route.ts';
import { portalModule } from '../../http/portal-module.ts';
import { reviewRoutes } from '../../http/review-routes.ts';
import { TopicDesk } from './topic-desk.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    topicDesk: TopicDesk;
  }
}

/**
 * The console's topics (专题): a topic's banner and introduction, and its sections of chosen
 * published courses, activities or e-books in order; written by editors, reviewed and published
 * by reviewers (先审后发), as articles are.
 */
export const topicDeskModule = portalModule({
  name: 'topicDesk',
  tag: 'admin-topics',
  create: (app) =>
    new TopicDesk(app.database.db, app.database.engine, app.operators.audit, app.publicCache),
  routes(api, desk, app) {
    const admin = adminRoutes(api, app.operators);
    admin.get('/api/admin/topics/content', {
      operationId: 'listAdminTopicContent',
      summary: '专题栏目可选内容（后台）',
      description:
        '本站已发布的某类内容（课程、活动或电子书）中标题含关键词的，最新的在前，最多 20 条；已选的（ids，逗号分隔）排在最前，已下线的也答复并标明，供专题栏目选择。',
      roles: ['editor', 'reviewer'],
      query: adminTopicContentQuerySchema,
      response: z.array(adminTopicContentSchema),
      handle: ({ operator, query }) => desk.content(operator.siteKey, query),
    });
    admin.get('/api/admin/topics', {
      operationId: 'listAdminTopics',
      summary: '专题列表（后台）',
      description:
        '本站的全部专题（含草稿、待审核、已下线），最近修改在前，带栏目数与内容数；可按审核状态（待审核含已发布专题待审的修改）与名称关键词筛选，分页。',
      roles: ['editor', 'reviewer'],
      query: adminTopicListQuerySchema,
      response: pageOf(adminTopicRowSchema),
      handle: ({ operator, query }) => desk.list(operator.siteKey, query),
    });
    reviewRoutes(admin, {
      path: '/api/admin/topics',
      operation: 'Topic',
      name: '专题',
      desk: desk.review,
      form: adminTopicFormSchema,
      update: adminTopicUpdateBodySchema,
      detail: adminTopicSchema,
    });
  },
});
