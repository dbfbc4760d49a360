import {
  activityApplyBodySchema,
  activityApplyResultSchema,
  activityCancelBodySchema,
  activityDetailQuerySchema,
  activityDetailSchema,
  activityListQuerySchema,
  activitySummarySchema,
  checkinBodySchema,
  checkinResultSchema,
  ErrorCode,
  idParam,
  myActivityListQuerySchema,
  myActivitySchema,
  pageOf,
  signupFormBody,
} from '@portal/contract';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { jsonField, withMultipart } from '../../http/multipart.ts';
import { portalModule } from '../../http/portal-module.ts';
import { attachmentDisposition } from '../../platform/calendar-file.ts';
import { RateLimits } from '../../platform/rate-limit.ts';
import { UploadStore, uploadsDir } from '../../platform/upload-store.ts';
import {
  ActivityMessages,
  ActivityService,
  ATTACHMENT_AREA,
  ATTACHMENT_READ_LIMIT,
} from './activities.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    activities: ActivityService;
  }
}

/** Most files one multipart apply may carry at all; an activity's rule allows at most this. */
const MAX_FILES_PER_REQUEST = 10;

/** The text fields of a multipart apply: the JSON apply's body, with `form` as a JSON string. */
const applyFields = z.object({
  activityId: idParam,
  form: jsonField(signupFormBody, ActivityMessages.badForm),
  /** `true` joins the waiting list when no seat is left. */
  waitlist: z
    .enum(['true', 'false'], { error: 'waitlist 只能是 true 或 false' })
    .optional()
    .transform((value) => value === 'true'),
});

/** Answers a route outside `/api` with an HTTP error status and the envelope as its body. */
function fail(reply: FastifyReply, http: number, code: number, message: string) {
  return reply
    .code(http)
    .type('application/json; charset=utf-8')
    .send({ code, message, data: null });
}

/**
 * Activities (活动) and special activities (特色活动): the public list, detail and calendar
 * file, a learner's applications (JSON, or multipart with attachments) and attachments, and
 * the organisers' check-in.
 */
export const activitiesModule = portalModule({
  name: 'activities',
  tag: 'activities',
  create: (app) =>
    new ActivityService(
      app.database.db,
      new UploadStore(app.files, uploadsDir(app.config)),
      Date.now,
      app.publicCache,
      app.sideEffects,
    ),
  routes(api, activities, app) {
    api.get('/api/activities', {
      operationId: 'listActivities',
      summary: '活动列表',
      description: '本站的活动：报名中的在前，其余按开始时间；可按类型和状态筛选，分页。',
      login: 'none',
      query: activityListQuerySchema,
      response: pageOf(activitySummarySchema),
      visitorCache: { firstPages: 3 },
      handle: ({ site, query }) => activities.list(site.key, query),
    });
    api.get('/api/activities/detail', {
      operationId: 'getActivity',
      summary: '活动详情',
      description: '一个活动的详情与名额；带有效登录凭证时含我的报名。',
      login: 'optional',
      query: activityDetailQuerySchema,
      response: activityDetailSchema,
      visitorCache: {},
      handle: ({ site, learner, query }) =>
        activities.detail(site.key, query.id, learner?.id ?? null),
    });
    api.post('/api/activities/apply', {
      operationId: 'applyForActivity',
      summary: '报名活动',
      description:
        '当前学员报名一个活动（需登录）；名额已满或已报名答复 409。需要附件的特色活动请用 apply-with-files。',
      login: 'required',
      limit: RateLimits.activitySignup,
      body: activityApplyBodySchema,
      response: activityApplyResultSchema,
      handle: ({ site, learner, body }) => activities.apply(site.key, learner.id, body),
    });
    api.post('/api/activities/apply-with-files', {
      operationId: 'applyForActivityWithFiles',
      summary: '报名特色活动（带附件）',
      description:
        '报名特色活动并上传附件（需登录；multipart：activityId、form（JSON 字符串）、waitlist（名额已满时加入候补，可选）、files）；附件的类型按内容识别，不合要求的拒收。',
      login: 'required',
      limit: RateLimits.uploads,
      response: activityApplyResultSchema,
      handle: ({ site, learner, request }) =>
        withMultipart(
          request,
          {
            fields: applyFields,
            notMultipart: '请以 multipart/form-data 提交报名信息和附件',
            fileField: 'files',
            strayFile: '附件：请以 files 字段上传',
            maxFiles: MAX_FILES_PER_REQUEST,
            receive: (stream, name) =>
              activities.uploads.receive(ATTACHMENT_AREA, stream, name, ATTACHMENT_READ_LIMIT),
            // Received files the application did not keep (refused, or it failed) never stay.
            discard: (files) => activities.uploads.discard(files),
          },
          ({ fields, files }) => activities.apply(site.key, learner.id, { ...fields, files }),
        ),
    });
    api.post('/api/activities/cancel', {
      operationId: 'cancelActivityApplication',
      summary: '取消活动报名',
      description: '取消我对一个活动的报名（需登录），仅在报名期内；名额随之退回。',
      login: 'required',
      limit: RateLimits.activitySignup,
      body: activityCancelBodySchema,
      response: activityApplyResultSchema,
      handle: ({ site, learner, body }) => activities.cancel(site.key, learner.id, body.activityId),
    });
    api.get('/api/activities/mine', {
      operationId: 'listMyActivityApplications',
      summary: '我的活动',
      description: '我的活动报名（需登录），可按状态筛选，分页。',
      login: 'required',
      query: myActivityListQuerySchema,
      response: pageOf(myActivitySchema),
      handle: ({ site, learner, query }) => activities.mine(site.key, learner.id, query),
    });
    api.post('/api/activities/checkin', {
      operationId: 'checkInActivityAttendee',
      summary: '现场签到',
      description:
        '主办方工作人员（需登录）核销学员报名二维码中的签到码，为其签到；不是该活动主办方的工作人员答复 403，已签到答复 409。',
      login: 'required',
      limit: RateLimits.checkIn,
      body: checkinBodySchema,
      response: checkinResultSchema,
      handle: ({ site, learner, body }) => activities.checkin(site.key, learner.id, body.code),
    });

    // Outside /api: the file itself, only to its owner (bearer token in the header, never the URL).
    app.get<{ Params: { id: string } }>(
      `/uploads/${ATTACHMENT_AREA}/:id`,
      { schema: { hide: true } },
      async (request, reply) => {
        const user = await request.user();
        if (!user) return fail(reply, 401, ErrorCode.loginRequired, '未登录或登录已过期');
        const id = /^\d{1,15}$/.test(request.params.id) ? Number(request.params.id) : 0;
        const found = id > 0 ? await activities.attachment(user.id, id) : null;
        // The same answer for someone else's file and for none at all: existence is not told.
        if (!found) return fail(reply, 404, ErrorCode.notFound, '附件不存在');
        return reply
          .header('content-type', found.mime)
          .header('content-length', found.size)
          .header('content-disposition', 'inline')
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, max-age=0, must-revalidate')
          .send(found.body);
      },
    );

    // Outside /api and public: a calendar file to add the activity to a phone's calendar.
    app.get<{ Params: { file: string } }>(
      '/ics/:file',
      { schema: { hide: true } },
      async (request, reply) => {
        const match = /^activity-(\d{1,15})\.ics$/.exec(request.params.file);
        const id = match ? Number(match[1]) : 0;
        const origin = `${request.protocol}://${request.host}`;
        const calendar = id > 0 ? await activities.calendar(id, request.hostname, origin) : null;
        if (!calendar) return fail(reply, 404, ErrorCode.notFound, ActivityMessages.notFound);
        return reply
          .header('content-type', 'text/calendar; charset=utf-8')
          .header(
            'content-disposition',
            attachmentDisposition(`${calendar.title}.ics`, `activity-${id}.ics`),
          )
          .header('cache-control', 'no-cache')
          .send(calendar.text);
      },
    );
  },
});
