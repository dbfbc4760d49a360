import { siteSchema } from '@portal/contract';
import { z } from 'zod';
import { portalModule } from '../../http/portal-module.ts';
import { SiteDirectory } from './sites.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    sites: SiteDirectory;
  }
}

/** `GET /api/sites`: every site variant with its key, name and path prefix. */
export const sitesModule = portalModule({
  name: 'sites',
  tag: 'sites',
  create: (app) => new SiteDirectory(app.database.db, app.config.defaultSite),
  routes(api, sites) {
    api.get('/api/sites', {
      summary: '站点列表',
      login: 'none',
      response: z.array(siteSchema),
      handle: () => sites.list(),
    });
    api.get('/api/sites/current', {
      summary: '当前请求所属的站点（按 X-Site）',
      login: 'none',
      response: siteSchema,
      handle: ({ site }) => site,
    });
  },
});
