import { homeMeSchema, homeSchema } from '@portal/contract';
import { portalModule } from '../../http/portal-module.ts';
import { staffBanners } from './home.queries.ts';
import { HomeService } from './home.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    home: HomeService;
  }
}

/**
 * The home page: the public answer of the site and the learner's own panel. The home reads the
 * other areas' services, so it comes after them in the module list.
 */
export const homeModule = portalModule({
  name: 'home',
  tag: 'home',
  create: (app) =>
    new HomeService(
      app.courses,
      app.classes,
      app.study,
      {
        activities: app.activities,
        ebooks: app.ebooks,
        topics: app.topics,
        articles: app.articles,
        staff: (siteKey, now) => staffBanners(app.database.db, siteKey, now),
      },
      Date.now,
      app.publicCache,
    ),
  routes(api, home) {
    api.get('/api/home', {
      operationId: 'getHome',
      summary: '首页',
      description:
        '首页内容：轮播图、推荐课程、报名中的班级、各栏目区块、最新资讯与公告通知。公开，按站点缓存数秒。',
      login: 'none',
      response: homeSchema,
      visitorCache: {},
      handle: ({ site }) => home.home(site.key),
    });
    api.get('/api/home/me', {
      operationId: 'getMyHome',
      summary: '首页我的学习',
      description: '首页上我的学习（需登录）：继续学习的课程、我的班级、今日学习时长。',
      login: 'required',
      response: homeMeSchema,
      handle: ({ site, learner }) => home.me(site.key, learner.id),
    });
  },
});
