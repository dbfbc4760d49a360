import {
  classCancelBodySchema,
  classDetailQuerySchema,
  classDetailSchema,
  classListQuerySchema,
  classSignupBodySchema,
  classSignupResultSchema,
  classSummarySchema,
  myClassListQuerySchema,
  myClassSchema,
  pageOf,
} from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Asks a visitor to log in (code 301) before the request body is even read or checked. */
async function loginFirst(request: FastifyRequest) {
  await request.requireUser();
}

/** Classes (班级): the public list and detail, and a learner's signups. */
export const classesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/classes',
    {
      schema: {
        tags: ['classes'],
        summary: '班级列表：报名中的在前，其余按开班时间；可按状态筛选',
        querystring: classListQuerySchema,
        response: { 200: pageOf(classSummarySchema) },
      },
    },
    async (request) => app.classes.list((await request.site()).key, request.query),
  );

  app.get(
    '/api/classes/detail',
    {
      schema: {
        tags: ['classes'],
        summary: '班级详情；带有效登录凭证时含我的报名状态',
        querystring: classDetailQuerySchema,
        response: { 200: classDetailSchema },
      },
    },
    async (request) => {
      const user = await request.user();
      return app.classes.detail((await request.site()).key, request.query.id, user?.id ?? null);
    },
  );

  app.post(
    '/api/classes/signup',
    {
      schema: {
        tags: ['classes'],
        summary: '报名班级（需登录）',
        body: classSignupBodySchema,
        response: { 200: classSignupResultSchema },
      },
      onRequest: loginFirst,
    },
    async (request) => {
      const user = await request.requireUser();
      return app.classes.signup((await request.site()).key, user.id, request.body);
    },
  );

  app.post(
    '/api/classes/cancel',
    {
      schema: {
        tags: ['classes'],
        summary: '取消报名（需登录，仅在报名期内）',
        body: classCancelBodySchema,
        response: { 200: classSignupResultSchema },
      },
      onRequest: loginFirst,
    },
    async (request) => {
      const user = await request.requireUser();
      return app.classes.cancel((await request.site()).key, user.id, request.body.classId);
    },
  );

  app.get(
    '/api/classes/mine',
    {
      schema: {
        tags: ['classes'],
        summary: '我报名的班级（需登录）',
        querystring: myClassListQuerySchema,
        response: { 200: pageOf(myClassSchema) },
      },
      onRequest: loginFirst,
    },
    async (request) => {
      const user = await request.requireUser();
      return app.classes.mine((await request.site()).key, user.id, request.query);
    },
  );
};
