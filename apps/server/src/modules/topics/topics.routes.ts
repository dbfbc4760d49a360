import {
  ebookSummarySchema,
  pageOf,
  topicEbooksQuerySchema,
  topicQuerySchema,
  topicSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Topics (专题, e.g. `/zhuanti/2024/jtjy`) of the request's site; no login needed. */
export const topicsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/topics/detail',
    {
      schema: {
        tags: ['topics'],
        summary: '专题详情：简介与各栏目（课程、活动、电子书）',
        querystring: topicQuerySchema,
        response: { 200: topicSchema },
      },
    },
    async (request) => app.topics.detail((await request.site()).key, request.query.slug),
  );

  app.get(
    '/api/topics/ebooks',
    {
      schema: {
        tags: ['topics'],
        summary: '专题的全部推荐书目（分页）',
        querystring: topicEbooksQuerySchema,
        response: { 200: pageOf(ebookSummarySchema) },
      },
    },
    async (request) => app.topics.ebooks((await request.site()).key, request.query),
  );
};
