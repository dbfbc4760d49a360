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
import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '../../http/api-route.ts';
import { portalModule } from '../../http/portal-module.ts';
import { ClassService } from './classes.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    classes: ClassService;
  }
}

/** Classes (班级): the public list and detail, and a learner's signups. */
async function classesRoutes(app: FastifyInstance) {
  const api = apiRoutes(app, 'classes');
  api.get('/api/classes', {
    summary: '班级列表：报名中的在前，其余按开班时间；可按状态筛选',
    query: classListQuerySchema,
    response: pageOf(classSummarySchema),
    handle: ({ site, query }) => app.classes.list(site.key, query),
  });
  api.get('/api/classes/detail', {
    summary: '班级详情；带有效登录凭证时含我的报名状态',
    login: 'optional',
    query: classDetailQuerySchema,
    response: classDetailSchema,
    handle: ({ site, learner, query }) =>
      app.classes.detail(site.key, query.id, learner?.id ?? null),
  });
  api.post('/api/classes/signup', {
    summary: '报名班级（需登录）',
    login: 'required',
    body: classSignupBodySchema,
    response: classSignupResultSchema,
    handle: ({ site, learner, body }) => app.classes.signup(site.key, learner.id, body),
  });
  api.post('/api/classes/cancel', {
    summary: '取消报名（需登录，仅在报名期内）',
    login: 'required',
    body: classCancelBodySchema,
    response: classSignupResultSchema,
    handle: ({ site, learner, body }) => app.classes.cancel(site.key, learner.id, body.classId),
  });
  api.get('/api/classes/mine', {
    summary: '我报名的班级（需登录）',
    login: 'required',
    query: myClassListQuerySchema,
    response: pageOf(myClassSchema),
    handle: ({ site, learner, query }) => app.classes.mine(site.key, learner.id, query),
  });
}

export const classesModule = portalModule(
  'classes',
  (app) => new ClassService(app.database.db, app.sideEffects),
  classesRoutes,
);
