import {
  courseProgressQuerySchema,
  courseProgressSchema,
  lessonContentSchema,
  lessonQuerySchema,
  liveProgressQuerySchema,
  liveProgressReportSchema,
  liveProgressSchema,
  myReadingQuerySchema,
  myReadingSchema,
  myScheduleQuerySchema,
  pageOf,
  progressReportSchema,
  progressResultSchema,
  readingProgressSchema,
  readingReportSchema,
  scheduleItemSchema,
  studyCourseSchema,
  studyCoursesQuerySchema,
  todayStudySchema,
} from '@portal/contract';
import { portalModule } from '../../http/portal-module.ts';
import { RateLimits } from '../../platform/rate-limit.ts';
import { ScheduleService } from './schedule.service.ts';
import { StudyService } from './study.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    study: StudyService;
  }
}

/**
 * The learner's study of the request's site (`X-Site`): every endpoint needs login (code 301).
 * The rule: a learner's own learning records (progress reports, resume points, what they are
 * in the middle of) live under `/api/study`, whatever the content; the areas serve the content.
 * Study reports e-book reading through the e-books service: it comes after it in the list.
 */
export const studyModule = portalModule({
  name: 'study',
  tag: 'study',
  create: (app) => new StudyService(app.database.db, () => Date.now(), app.sideEffects),
  routes(api, study, app) {
    const schedule = new ScheduleService(app.database.db);
    api.get('/api/study/lesson', {
      operationId: 'getLesson',
      summary: '课时内容',
      description:
        '一个课时的内容（需登录）：视频地址（转码完成后为 HLS 多清晰度主播放列表，否则为原样的 MP4 或 HLS），视频的纯音频（只听声音）与封面图，音频、PDF 或图文。',
      login: 'required',
      query: lessonQuerySchema,
      response: lessonContentSchema,
      handle: ({ site, query }) => study.lesson(site.key, query.id),
    });
    api.get('/api/study/course-progress', {
      operationId: 'getCourseProgress',
      summary: '课程学习进度',
      description: '我在一门课程中的学习进度：每个课时的位置与完成情况（需登录）。',
      login: 'required',
      query: courseProgressQuerySchema,
      response: courseProgressSchema,
      handle: ({ site, learner, query }) =>
        study.courseProgress(site.key, learner.id, query.courseId),
    });
    api.post('/api/study/progress', {
      operationId: 'reportLessonProgress',
      summary: '上报播放进度',
      description:
        '播放课时视频时定时上报（需登录）：当前位置、上次上报以来实际观看的秒数、视频时长；实际观看时间按服务器时钟核对后计入学习时长；播放位置或观看时长达到课时长度的规定比例即完成课时。',
      login: 'required',
      idempotent: true,
      limit: RateLimits.lessonProgress,
      body: progressReportSchema,
      response: progressResultSchema,
      handle: ({ site, learner, body }) => study.report(site.key, learner.id, body),
    });
    api.get('/api/study/today', {
      operationId: 'getTodayStudyTime',
      summary: '今日学习时长',
      description: '我今天（北京时间）的学习时长，单位秒（需登录）。',
      login: 'required',
      response: todayStudySchema,
      handle: ({ learner }) => study.today(learner.id),
    });
    api.get('/api/study/courses', {
      operationId: 'listMyCourses',
      summary: '我的课程',
      description: '我的课程：学习中（已开始未学完）或已学完，最近学习的在前（需登录），分页。',
      login: 'required',
      query: studyCoursesQuerySchema,
      response: pageOf(studyCourseSchema),
      handle: ({ site, learner, query }) => study.courses(site.key, learner.id, query),
    });
    // Live sessions and replays: the live module checks the session, the study rules credit.
    api.post('/api/study/live-progress', {
      operationId: 'reportLiveWatching',
      summary: '上报直播观看',
      description:
        '观看直播或回放时定时上报（需登录）：上次上报以来实际观看的秒数与回放位置，计入学习时长。',
      login: 'required',
      limit: RateLimits.liveProgress,
      body: liveProgressReportSchema,
      response: liveProgressSchema,
      handle: ({ site, learner, body }) => app.live.reportWatching(site.key, learner.id, body),
    });
    api.get('/api/study/live-progress', {
      operationId: 'getLiveWatching',
      summary: '我的直播观看记录',
      description: '我观看一场直播的记录：累计观看时长与回放从哪里继续（需登录）。',
      login: 'required',
      query: liveProgressQuerySchema,
      response: liveProgressSchema,
      handle: ({ site, learner, query }) =>
        app.live.watching(site.key, learner.id, query.sessionId),
    });
    // E-book reading moved here from `/api/ebooks`; the first paths still answer the same.
    api.post('/api/study/ebook-progress', {
      operationId: 'recordEbookProgress',
      summary: '记录阅读进度',
      description: '记录电子书阅读进度（需登录）：当前页码；读满一定页数时获得积分。',
      login: 'required',
      idempotent: true,
      limit: RateLimits.ebookProgress,
      formerly: '/api/ebooks/progress',
      body: readingReportSchema,
      response: readingProgressSchema,
      handle: ({ site, learner, body }) => app.ebooks.report(site.key, learner.id, body),
    });
    api.get('/api/study/ebooks', {
      operationId: 'listMyEbooks',
      summary: '我读过的电子书',
      description: '我读过的电子书及各自的阅读进度，最近阅读在前（需登录），分页。',
      login: 'required',
      formerly: '/api/ebooks/reading',
      query: myReadingQuerySchema,
      response: pageOf(myReadingSchema),
      handle: ({ site, learner, query }) => app.ebooks.reading(site.key, learner.id, query),
    });
    api.get('/api/study/schedule', {
      operationId: 'listMySchedule',
      summary: '我的日程',
      description:
        '我的日程：已预约的直播、已报名的班级与活动中尚未结束的，按开始时间（需登录），分页。',
      login: 'required',
      query: myScheduleQuerySchema,
      response: pageOf(scheduleItemSchema),
      handle: ({ site, learner, query }) => schedule.coming(site.key, learner.id, query),
    });
  },
});
