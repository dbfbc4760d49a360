import {
  courseProgressQuerySchema,
  courseProgressSchema,
  lessonContentSchema,
  lessonQuerySchema,
  pageOf,
  progressReportSchema,
  progressResultSchema,
  studyCourseSchema,
  studyCoursesQuerySchema,
  todayStudySchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The learner's study of the request's site (`X-Site`): every endpoint needs login (code 301). */
export const studyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/study/lesson',
    {
      schema: {
        tags: ['study'],
        summary: '课时内容（视频地址或图文）',
        querystring: lessonQuerySchema,
        response: { 200: lessonContentSchema },
      },
    },
    async (request) => {
      await request.requireUser();
      return app.study.lesson((await request.site()).key, request.query.id);
    },
  );

  app.get(
    '/api/study/course-progress',
    {
      schema: {
        tags: ['study'],
        summary: '我在一门课程中的学习进度（每个课时的位置与完成情况）',
        querystring: courseProgressQuerySchema,
        response: { 200: courseProgressSchema },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return app.study.courseProgress((await request.site()).key, user.id, request.query.courseId);
    },
  );

  app.post(
    '/api/study/progress',
    {
      schema: {
        tags: ['study'],
        summary: '上报播放进度：位置、上次上报以来实际观看的秒数、视频时长',
        body: progressReportSchema,
        response: { 200: progressResultSchema },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return app.study.report((await request.site()).key, user.id, request.body);
    },
  );

  app.get(
    '/api/study/today',
    {
      schema: {
        tags: ['study'],
        summary: '我今天（北京时间）的学习时长，单位秒',
        response: { 200: todayStudySchema },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return app.study.today(user.id);
    },
  );

  app.get(
    '/api/study/courses',
    {
      schema: {
        tags: ['study'],
        summary: '我的课程：学习中（已开始未学完）或已学完，最近学习的在前',
        querystring: studyCoursesQuerySchema,
        response: { 200: pageOf(studyCourseSchema) },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return app.study.courses((await request.site()).key, user.id, request.query);
    },
  );
};
