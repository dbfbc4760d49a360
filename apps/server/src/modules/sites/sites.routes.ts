import { siteSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** `GET /api/sites`: every site variant with its key, name and path prefix. */
export const sitesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/sites',
    {
      schema: {
        tags: ['sites'],
        summary: '站点列表',
        response: { 200: z.array(siteSchema) },
      },
    },
    async () => app.sites.list(),
  );

  app.get(
    '/api/sites/current',
    {
      schema: {
        tags: ['sites'],
        summary: '当前请求所属的站点（按 X-Site）',
        response: { 200: siteSchema },
      },
    },
    async (request) => request.site(),
  );
};
