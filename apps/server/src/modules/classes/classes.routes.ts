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
import { portalModule } from '../../http/portal-module.ts';
import { RateLimits } from '../../platform/rate-limit.ts';
import { ClassService } from './classes.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    classes: ClassService;
  }
}

/** Classes (班级): the public list and detail, and a learner's signups. */
export const classesModule = portalModule({
  name: 'classes',
  tag: 'classes',
  create: (app) => new ClassService(app.database.db, app.sideEffects, Date.now, app.publicCache),
  routes(api, classes) {
    api.get('/api/classes', {
      operationId: 'listClasses',
      summary: '班级列表',
      description: '本站的班级：报名中的在前，其余按开班时间；可按状态筛选，分页。',
      login: 'none',
      query: classListQuerySchema,
      response: pageOf(classSummarySchema),
      visitorCache: { firstPages: 3 },
      handle: ({ site, query }) => classes.list(site.key, query),
    });
    api.get('/api/classes/detail', {
      operationId: 'getClass',
      summary: '班级详情',
      description: '一个班级的详情与名额；带有效登录凭证时含我的报名状态。',
      login: 'optional',
      query: classDetailQuerySchema,
      response: classDetailSchema,
      handle: ({ site, learner, query }) => classes.detail(site.key, query.id, learner?.id ?? null),
    });
    api.post('/api/classes/signup', {
      operationId: 'signUpForClass',
      summary: '报名班级',
      description:
        '当前学员报名一个班级（需登录）：名额在同一事务中扣减，名额已满或已报名答复 409。',
      login: 'required',
      limit: RateLimits.classSignup,
      body: classSignupBodySchema,
      response: classSignupResultSchema,
      handle: ({ site, learner, body }) => classes.signup(site.key, learner.id, body),
    });
    api.post('/api/classes/cancel', {
      operationId: 'cancelClassSignup',
      summary: '取消班级报名',
      description: '取消我对一个班级的报名（需登录），仅在报名期内；名额随之退回。',
      login: 'required',
      limit: RateLimits.classSignup,
      body: classCancelBodySchema,
      response: classSignupResultSchema,
      handle: ({ site, learner, body }) => classes.cancel(site.key, learner.id, body.classId),
    });
    api.get('/api/classes/mine', {
      operationId: 'listMyClasses',
      summary: '我的班级',
      description: '我报名的班级（需登录），分页。',
      login: 'required',
      query: myClassListQuerySchema,
      response: pageOf(myClassSchema),
      handle: ({ site, learner, query }) => classes.mine(site.key, learner.id, query),
    });
  },
});
