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
      operationId: 'listSites',
      summary: '站点列表',
      description: '本门户的全部学习网站点（站点标识、名称、路径前缀与主题色），按排列顺序。',
      login: 'none',
      response: z.array(siteSchema),
      handle: () => sites.list(),
    });
    api.get('/api/sites/current', {
      operationId: 'getCurrentSite',
      summary: '当前站点',
      description:
        '这次请求所属的站点：请求头 X-Site 指定的站点，没有时为默认站点；不存在的站点答复 400。',
      login: 'none',
      response: siteSchema,
      handle: ({ site }) => site,
    });
  },
});
