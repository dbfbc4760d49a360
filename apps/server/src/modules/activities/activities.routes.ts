import fs from 'node:fs';
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
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invalid } from '../../http/errors.ts';
import type { ReceivedFile } from '../../http/upload-store.ts';
import { attachmentDisposition } from './activities.ics.ts';
import {
  ActivityMessages,
  type ApplyInput,
  ATTACHMENT_AREA,
  ATTACHMENT_READ_LIMIT,
} from './activities.service.ts';

/** Most files one multipart apply may carry at all; an activity's rule allows at most this. */
const MAX_FILES_PER_REQUEST = 10;

/** Asks a visitor to log in (code 301) before the request body is even read or checked. */
async function loginFirst(request: FastifyRequest) {
  await request.requireUser();
}

/** Answers a route outside `/api` with an HTTP error status and the envelope as its body. */
function fail(reply: FastifyReply, http: number, code: number, message: string) {
  return reply
    .code(http)
    .type('application/json; charset=utf-8')
    .send({ code, message, data: null });
}

/**
 * The text fields of a multipart apply as the JSON apply's body: `activityId` and `form` (the
 * answers as a JSON string); 400 naming what is missing or malformed.
 */
function applyFields(fields: Map<string, string>): Omit<ApplyInput, 'files'> {
  const rawId = fields.get('activityId');
  if (rawId === undefined) throw invalid('缺少活动');
  const activityId = idParam.safeParse(rawId);
  if (!activityId.success) throw invalid('活动：格式不正确');
  const rawForm = fields.get('form');
  if (rawForm === undefined) throw invalid('缺少报名信息');
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawForm);
  } catch {
    throw invalid(ActivityMessages.badForm);
  }
  const form = signupFormBody.safeParse(parsed);
  if (!form.success) throw invalid('报名信息：格式不正确');
  return { activityId: activityId.data, form: form.data };
}

/**
 * Activities (活动) and special activities (特色活动): the public list, detail and calendar
 * file, a learner's applications (JSON, or multipart with attachments) and attachments, and
 * the organisers' check-in.
 */
export const activitiesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/activities',
    {
      schema: {
        tags: ['activities'],
        summary: '活动列表：报名中的在前，其余按开始时间；可按类型和状态筛选',
        querystring: activityListQuerySchema,
        response: { 200: pageOf(activitySummarySchema) },
      },
    },
    async (request) => app.activities.list((await request.site()).key, request.query),
  );

  app.get(
    '/api/activities/detail',
    {
      schema: {
        tags: ['activities'],
        summary: '活动详情；带有效登录凭证时含我的报名',
        querystring: activityDetailQuerySchema,
        response: { 200: activityDetailSchema },
      },
    },
    async (request) => {
      const user = await request.user();
      return app.activities.detail((await request.site()).key, request.query.id, user?.id ?? null);
    },
  );

  app.post(
    '/api/activities/apply',
    {
      schema: {
        tags: ['activities'],
        summary: '报名活动（需登录；需要附件的特色活动请用 apply-with-files）',
        body: activityApplyBodySchema,
        response: { 200: activityApplyResultSchema },
      },
      onRequest: loginFirst,
    },
    async (request) => {
      const user = await request.requireUser();
      return app.activities.apply((await request.site()).key, user.id, request.body);
    },
  );

  app.post(
    '/api/activities/apply-with-files',
    {
      schema: {
        tags: ['activities'],
        summary:
          '报名特色活动并上传附件（需登录；multipart：activityId、form（JSON 字符串）、files）',
        response: { 200: activityApplyResultSchema },
      },
      onRequest: loginFirst,
    },
    async (request) => {
      const user = await request.requireUser();
      const site = await request.site();
      if (!request.isMultipart()) throw invalid('请以 multipart/form-data 提交报名信息和附件');
      const uploads = app.activities.uploads;
      const files: ReceivedFile[] = [];
      try {
        const fields = new Map<string, string>();
        let strayFile = false;
        const parts = request.parts({ limits: { files: MAX_FILES_PER_REQUEST } });
        for await (const part of parts) {
          if (part.type === 'file') {
            if (part.fieldname !== 'files') {
              // Read it to the end (nothing kept) so the rest of the request still arrives.
              part.file.resume();
              await new Promise((resolve) => part.file.once('end', resolve));
              strayFile = true;
              continue;
            }
            const name = part.filename || '未命名文件';
            files.push(
              await uploads.receive(ATTACHMENT_AREA, part.file, name, ATTACHMENT_READ_LIMIT),
            );
          } else if (!fields.has(part.fieldname)) {
            fields.set(part.fieldname, String(part.value));
          }
        }
        if (strayFile) throw invalid('附件：请以 files 字段上传');
        const input = applyFields(fields);
        return await app.activities.apply(site.key, user.id, { ...input, files });
      } finally {
        // Received files the application did not keep (refused, or it failed) never stay.
        await uploads.discard(files);
      }
    },
  );

  app.post(
    '/api/activities/cancel',
    {
      schema: {
        tags: ['activities'],
        summary: '取消活动报名（需登录，仅在报名期内）',
        body: activityCancelBodySchema,
        response: { 200: activityApplyResultSchema },
      },
      onRequest: loginFirst,
    },
    async (request) => {
      const user = await request.requireUser();
      return app.activities.cancel((await request.site()).key, user.id, request.body.activityId);
    },
  );

  app.get(
    '/api/activities/mine',
    {
      schema: {
        tags: ['activities'],
        summary: '我的活动报名（需登录），可按状态筛选',
        querystring: myActivityListQuerySchema,
        response: { 200: pageOf(myActivitySchema) },
      },
      onRequest: loginFirst,
    },
    async (request) => {
      const user = await request.requireUser();
      return app.activities.mine((await request.site()).key, user.id, request.query);
    },
  );

  app.post(
    '/api/activities/checkin',
    {
      schema: {
        tags: ['activities'],
        summary: '现场签到（主办方工作人员，需登录）：核销学员报名二维码中的签到码',
        body: checkinBodySchema,
        response: { 200: checkinResultSchema },
      },
      onRequest: loginFirst,
    },
    async (request) => {
      const user = await request.requireUser();
      return app.activities.checkin((await request.site()).key, user.id, request.body.code);
    },
  );

  // Outside /api: the file itself, only to its owner (bearer token in the header, never the URL).
  app.get<{ Params: { id: string } }>(
    `/uploads/${ATTACHMENT_AREA}/:id`,
    { schema: { hide: true } },
    async (request, reply) => {
      const user = await request.user();
      if (!user) return fail(reply, 401, ErrorCode.loginRequired, '未登录或登录已过期');
      const id = /^\d{1,15}$/.test(request.params.id) ? Number(request.params.id) : 0;
      const found = id > 0 ? await app.activities.attachment(user.id, id) : null;
      // The same answer for someone else's file and for none at all: existence is not told.
      const stat = found ? await fs.promises.stat(found.path).catch(() => null) : null;
      if (!found || !stat?.isFile()) {
        return fail(reply, 404, ErrorCode.notFound, '附件不存在');
      }
      return reply
        .header('content-type', found.mime)
        .header('content-length', stat.size)
        .header('content-disposition', 'inline')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=0, must-revalidate')
        .send(fs.createReadStream(found.path));
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
      const calendar = id > 0 ? await app.activities.calendar(id, request.hostname, origin) : null;
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
};
