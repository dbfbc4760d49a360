import {
  adminBannerFormSchema,
  adminBannerListQuerySchema,
  adminBannerRowSchema,
  adminBannerSchema,
  adminBannerTargetQuerySchema,
  adminBannerTargetSchema,
  adminBannerUpdateBodySchema,
  adminHomeLayoutBodySchema,
  adminHomeLayoutSchema,
  pageOf,
} from '@portal/contract';
import { z } from 'zod';
import { adminRoutes } from '../../http/admin-route.ts';
import { portalModule } from '../../http/portal-module.ts';
import { reviewRoutes } from '../../http/review-routes.ts';
import { HomeDesk } from './home-desk.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    homeDesk: HomeDesk;
  }
}

/**
 * The console's home settings (首页设置): the site's own banners, written by editors and
 * reviewed before publication (先审后发), and the order of home's entries, set by a
 * 站点管理员; both reach the phone at once.
 */
export const homeDeskModule = portalModule({
  name: 'homeDesk',
  tag: 'admin-home',
  create: (app) =>
    new HomeDesk(app.database.db, app.database.engine, app.operators.audit, app.publicCache, () =>
      app.sites.invalidate(),
    ),
  routes(api, desk, app) {
    const admin = adminRoutes(api, app.operators);
    admin.get('/api/admin/banners', {
      operationId: 'listAdminBanners',
      summary: '首页轮播图列表（后台）',
      description:
        '本站首页轮播图（含草稿、待审核、已下线），已发布的在前按排序；可按审核状态（待审核含已发布轮播图待审的修改）与标题关键词筛选，分页。',
      roles: ['editor', 'reviewer'],
      query: adminBannerListQuerySchema,
      response: pageOf(adminBannerRowSchema),
      handle: ({ operator, query }) => desk.list(operator.siteKey, query),
    });
    admin.get('/api/admin/banners/targets', {
      operationId: 'listAdminBannerTargets',
      summary: '轮播图可链接的内容（后台）',
      description:
        '本站某类内容（课程、班级、活动、电子书、直播、文章、专题）中标题含关键词的，已发布的在前，最多 20 条；标明是否已发布。',
      roles: ['editor', 'reviewer'],
      query: adminBannerTargetQuerySchema,
      response: z.array(adminBannerTargetSchema),
      handle: ({ operator, query }) => desk.targets(operator.siteKey, query),
    });
    reviewRoutes(admin, {
      path: '/api/admin/banners',
      operation: 'Banner',
      name: '首页轮播图',
      desk: desk.review,
      form: adminBannerFormSchema,
      update: adminBannerUpdateBodySchema,
      detail: adminBannerSchema,
    });
    admin.get('/api/admin/home', {
      operationId: 'getAdminHomeLayout',
      summary: '首页设置（后台）',
      description: '本站首页入口的顺序与显示，及站内内容是否补足轮播图。',
      roles: ['site_admin'],
      response: adminHomeLayoutSchema,
      handle: ({ operator }) => desk.layout(operator.siteKey),
    });
    admin.post('/api/admin/home/update', {
      operationId: 'updateAdminHomeLayout',
      summary: '修改首页设置（后台）',
      description:
        '设置本站首页显示的入口及其顺序（未列出的隐藏，至少 4 个），及站内内容是否补足轮播图；版本不符答复 409。手机端立即生效。',
      roles: ['site_admin'],
      body: adminHomeLayoutBodySchema,
      response: adminHomeLayoutSchema,
      handle: ({ operator, body }) => desk.updateLayout(operator, body),
    });
  },
});
