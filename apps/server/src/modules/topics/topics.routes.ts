import {
  ebookSummarySchema,
  pageOf,
  topicEbooksQuerySchema,
  topicQuerySchema,
  topicSchema,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '../../http/api-route.ts';
import { portalModule } from '../../http/portal-module.ts';
import { TopicService } from './topics.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    topics: TopicService;
  }
}

/** Topics (专题, e.g. `/zhuanti/2024/jtjy`) of the request's site; no login needed. */
async function topicsRoutes(app: FastifyInstance) {
  const api = apiRoutes(app, 'topics');
  api.get('/api/topics/detail', {
    summary: '专题详情：简介与各栏目（课程、活动、电子书）',
    query: topicQuerySchema,
    response: topicSchema,
    handle: ({ site, query }) => app.topics.detail(site.key, query.slug),
  });
  api.get('/api/topics/ebooks', {
    summary: '专题的全部推荐书目（分页）',
    query: topicEbooksQuerySchema,
    response: pageOf(ebookSummarySchema),
    handle: ({ site, query }) => app.topics.ebooks(site.key, query),
  });
}

export const topicsModule = portalModule(
  'topics',
  (app) => new TopicService(app.database.db),
  topicsRoutes,
);
