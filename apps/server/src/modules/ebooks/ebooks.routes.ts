import {
  ebookCategorySchema,
  ebookDetailQuerySchema,
  ebookDetailSchema,
  ebookListQuerySchema,
  ebookSummarySchema,
  pageOf,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiRoutes } from '../../http/api-route.ts';
import { portalModule } from '../../http/portal-module.ts';
import { EbookService } from './ebooks.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ebooks: EbookService;
  }
}

/**
 * E-books (电子书): the public catalogue of the request's site. The PDFs themselves are files
 * under `/files/ebooks/`, served with range requests; reading progress lives under `/api/study`.
 */
async function ebooksRoutes(app: FastifyInstance) {
  const api = apiRoutes(app, 'ebooks');
  api.get('/api/ebooks/categories', {
    summary: '电子书分类（含已上线电子书数）',
    response: z.array(ebookCategorySchema),
    handle: ({ site }) => app.ebooks.categories(site.key),
  });
  api.get('/api/ebooks', {
    summary: '电子书列表（最新在前，可按分类与关键词筛选，分页）',
    query: ebookListQuerySchema,
    response: pageOf(ebookSummarySchema),
    handle: ({ site, query }) => app.ebooks.list(site.key, query),
  });
  api.get('/api/ebooks/detail', {
    summary: '电子书详情；带有效登录凭证时含我的阅读进度',
    login: 'optional',
    query: ebookDetailQuerySchema,
    response: ebookDetailSchema,
    handle: ({ site, learner, query }) =>
      app.ebooks.detail(site.key, query.id, learner?.id ?? null),
  });
}

export const ebooksModule = portalModule(
  'ebooks',
  (app) => new EbookService(app.database.db, app.database.engine),
  ebooksRoutes,
);
