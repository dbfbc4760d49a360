import { homeMeSchema, homeSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The home page: the public answer of the site and the learner's own panel. */
export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/home',
    {
      schema: {
        tags: ['home'],
        summary: '首页：轮播图、推荐课程、报名中的班级与各栏目区块（公开，按站点缓存数秒）',
        response: { 200: homeSchema },
      },
    },
    async (request) => app.home.home((await request.site()).key),
  );

  app.get(
    '/api/home/me',
    {
      schema: {
        tags: ['home'],
        summary: '首页我的学习：继续学习、我的班级、今日学习时长（需登录）',
        response: { 200: homeMeSchema },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return app.home.me((await request.site()).key, user.id);
    },
  );
};
