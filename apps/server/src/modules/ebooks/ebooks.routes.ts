import {
  ebookCategorySchema,
  ebookDetailQuerySchema,
  ebookDetailSchema,
  ebookListQuerySchema,
  ebookSummarySchema,
  myReadingQuerySchema,
  myReadingSchema,
  pageOf,
  readingProgressSchema,
  readingReportSchema,
} from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Asks a visitor to log in (code 301) before the request is even validated. */
async function loginFirst(request: FastifyRequest) {
  await request.requireUser();
}

/**
 * E-books (电子书): the public catalogue of the request's site, and a learner's reading
 * progress. The PDFs themselves are files under `/files/ebooks/`, served with range requests.
 */
export const ebooksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/ebooks/categories',
    {
      schema: {
        tags: ['ebooks'],
        summary: '电子书分类（含已上线电子书数）',
        response: { 200: z.array(ebookCategorySchema) },
      },
    },
    async (request) => app.ebooks.categories((await request.site()).key),
  );

  app.get(
    '/api/ebooks',
    {
      schema: {
        tags: ['ebooks'],
        summary: '电子书列表（最新在前，可按分类与关键词筛选，分页）',
        querystring: ebookListQuerySchema,
        response: { 200: pageOf(ebookSummarySchema) },
      },
    },
    async (request) => app.ebooks.list((await request.site()).key, request.query),
  );

  app.get(
    '/api/ebooks/detail',
    {
      schema: {
        tags: ['ebooks'],
        summary: '电子书详情；带有效登录凭证时含我的阅读进度',
        querystring: ebookDetailQuerySchema,
        response: { 200: ebookDetailSchema },
      },
    },
    async (request) => {
      const user = await request.user();
      return app.ebooks.detail((await request.site()).key, request.query.id, user?.id ?? null);
    },
  );

  app.post(
    '/api/ebooks/progress',
    {
      schema: {
        tags: ['ebooks'],
        summary: '记录阅读进度（需登录）：当前页码',
        body: readingReportSchema,
        response: { 200: readingProgressSchema },
      },
      onRequest: loginFirst,
    },
    async (request) => {
      const user = await request.requireUser();
      return app.ebooks.report((await request.site()).key, user.id, request.body);
    },
  );

  app.get(
    '/api/ebooks/reading',
    {
      schema: {
        tags: ['ebooks'],
        summary: '我读过的电子书（需登录），最近阅读在前',
        querystring: myReadingQuerySchema,
        response: { 200: pageOf(myReadingSchema) },
      },
      onRequest: loginFirst,
    },
    async (request) => {
      const user = await request.requireUser();
      return app.ebooks.reading((await request.site()).key, user.id, request.query);
    },
  );
};
