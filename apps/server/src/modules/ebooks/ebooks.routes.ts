import {
  ebookCategorySchema,
  ebookDetailQuerySchema,
  ebookDetailSchema,
  ebookListQuerySchema,
  ebookSummarySchema,
  pageOf,
} from '@portal/contract';
import { z } from 'zod';
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
export const ebooksModule = portalModule({
  name: 'ebooks',
  tag: 'ebooks',
  create: (app) =>
    new EbookService(app.database.db, app.database.engine, Date.now, app.sideEffects),
  routes(api, ebooks) {
    api.get('/api/ebooks/categories', {
      operationId: 'listEbookCategories',
      summary: '电子书分类',
      description: '本站的电子书分类，各带已上线的电子书数。',
      login: 'none',
      response: z.array(ebookCategorySchema),
      visitorCache: {},
      handle: ({ site }) => ebooks.categories(site.key),
    });
    api.get('/api/ebooks', {
      operationId: 'listEbooks',
      summary: '电子书列表',
      description: '本站已上线的电子书，最新在前，可按分类与关键词筛选，分页。',
      login: 'none',
      query: ebookListQuerySchema,
      response: pageOf(ebookSummarySchema),
      // A keyword search is the reader's own: not kept.
      visitorCache: { firstPages: 3, unless: (query) => Boolean(query.keyword) },
      handle: ({ site, query }) => ebooks.list(site.key, query),
    });
    api.get('/api/ebooks/detail', {
      operationId: 'getEbook',
      summary: '电子书详情',
      description: '一本电子书的详情与 PDF 地址；带有效登录凭证时含我的阅读进度。',
      login: 'optional',
      query: ebookDetailQuerySchema,
      response: ebookDetailSchema,
      visitorCache: {},
      handle: ({ site, learner, query }) => ebooks.detail(site.key, query.id, learner?.id ?? null),
    });
  },
});
