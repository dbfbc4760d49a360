import { siteSchema } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiRoutes } from '../../http/api-route.ts';
import { portalModule } from '../../http/portal-module.ts';
import { SiteDirectory } from './sites.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    sites: SiteDirectory;
  }
}

/** `GET /api/sites`: every site variant with its key, name and path prefix. */
async function sitesRoutes(app: FastifyInstance) {
  const api = apiRoutes(app, 'sites');
  api.get('/api/sites', {
    summary: '站点列表',
    response: z.array(siteSchema),
    handle: () => app.sites.list(),
  });
  api.get('/api/sites/current', {
    summary: '当前请求所属的站点（按 X-Site）',
    response: siteSchema,
    handle: ({ site }) => site,
  });
}

export const sitesModule = portalModule(
  'sites',
  (app) => new SiteDirectory(app.database.db, app.config.defaultSite),
  sitesRoutes,
);
