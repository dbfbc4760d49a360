import {
  ebookSummarySchema,
  pageOf,
  topicEbooksQuerySchema,
  topicQuerySchema,
  topicSchema,
} from '@portal/contract';
import { portalModule } from '../../http/portal-module.ts';
import { TopicService } from './topics.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    topics: TopicService;
  }
}

/** Topics (专题, e.g. `/zhuanti/2024/jtjy`) of the request's site; no login needed. */
export const topicsModule = portalModule({
  name: 'topics',
  tag: 'topics',
  create: (app) => new TopicService(app.database.db),
  routes(api, topics) {
    api.get('/api/topics/detail', {
      operationId: 'getTopic',
      summary: '专题详情',
      description: '一个专题的简介与各栏目（课程、活动、电子书）。',
      login: 'none',
      query: topicQuerySchema,
      response: topicSchema,
      visitorCache: {},
      handle: ({ site, query }) => topics.detail(site.key, query.slug),
    });
    api.get('/api/topics/ebooks', {
      operationId: 'listTopicEbooks',
      summary: '专题书目',
      description: '一个专题的全部推荐书目，分页。',
      login: 'none',
      query: topicEbooksQuerySchema,
      response: pageOf(ebookSummarySchema),
      visitorCache: { firstPages: 3 },
      handle: ({ site, query }) => topics.ebooks(site.key, query),
    });
  },
});
