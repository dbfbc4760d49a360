import {
  adminAudioUploadSchema,
  adminReviewItemSchema,
  adminReviewQuerySchema,
  adminSessionSchema,
  adminUploadSchema,
  adminVideoLadderQuerySchema,
  adminVideoLadderSchema,
  adminVideoUploadSchema,
  auditEntrySchema,
  auditExportSchema,
  auditQuerySchema,
  operatorGrantBodySchema,
  operatorSchema,
  pageOf,
} from '@portal/contract';
import {
  ADMIN_AUDIO_MAX_BYTES,
  ADMIN_IMAGE_MAX_BYTES,
  ADMIN_VIDEO_MAX_BYTES,
  sizeText,
} from '@portal/contract/constants';
import { z } from 'zod';
import { adminRoutes } from '../../http/admin-route.ts';
import { withMultipart } from '../../http/multipart.ts';
import { portalModule } from '../../http/portal-module.ts';
import { RateLimits } from '../../platform/rate-limit.ts';
import { UploadStore, uploadsDir } from '../../platform/upload-store.ts';
import { videoLadderKind, videoLadderOf } from '../media/video-ladder.ts';
import { ADMIN_INCOMING_AREA, AdminUploads } from './admin-uploads.ts';
import { AuditLog } from './audit.ts';
import { OperatorService } from './operators.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    operators: OperatorService;
  }
}

/**
 * The operators' console's own area: the operator's session (sites and roles), the roles a
 * 站点管理员 grants on their site, and the audit log of every change.
 */
export const operatorsModule = portalModule({
  name: 'operators',
  tag: 'admin',
  create: (app) =>
    new OperatorService(app.database.db, new AuditLog(app.database.db), () => app.sites.list()),
  routes(api, operators, app) {
    const received = new UploadStore(app.files, uploadsDir(app.config));
    const uploads = new AdminUploads(app.database.db, app.files, operators.audit, app.jobs);
    app.jobs.define(
      videoLadderKind(app.database.db, app.files, {
        maxMinutes: app.config.videoMaxMinutes,
        threads: app.config.transcodeThreads,
        priority: app.config.transcodePriority,
      }),
    );
    api.get('/api/admin/session', {
      operationId: 'getAdminSession',
      summary: '操作员会话',
      description:
        '运营后台：登录账号的操作员身份，即可管理的站点及在各站点的角色；没有任何角色的学员答复空站点列表（后台显示无权访问）。',
      login: 'required',
      response: adminSessionSchema,
      handle: ({ learner }) => operators.session(learner),
    });
    const admin = adminRoutes(api, operators);
    admin.get('/api/admin/reviews', {
      operationId: 'listAdminReviews',
      summary: '待审核（后台）',
      description:
        '本站所有类型中等待审核的内容（新提交的与已发布内容的修改），等待最久的在前，标明定时发布的时间；可按类型筛选，分页。',
      roles: ['reviewer'],
      query: adminReviewQuerySchema,
      response: pageOf(adminReviewItemSchema),
      handle: ({ operator, query }) => operators.reviews.pending(operator.siteKey, query),
    });
    // Scheduled publication, on the reminders' interval (0: off; tests run it themselves).
    const interval = app.config.reminderIntervalMs;
    if (interval > 0) {
      app.addHook('onReady', async () =>
        operators.reviews.start(interval, (error) =>
          app.log.error({ err: error }, 'scheduled publication failed'),
        ),
      );
    }
    app.addHook('onClose', () => operators.reviews.stop());
    admin.get('/api/admin/operators', {
      operationId: 'listOperators',
      summary: '本站操作员',
      description: '本站的操作员及其角色（含超级管理员）。',
      roles: ['site_admin'],
      response: z.array(operatorSchema),
      handle: ({ operator }) => operators.list(operator.siteKey),
    });
    admin.post('/api/admin/operators/grant', {
      operationId: 'grantOperatorRole',
      summary: '授予角色',
      description: '按账号（手机号）授予本站的一个角色；已持有答复 409。记入操作日志。',
      roles: ['site_admin'],
      body: operatorGrantBodySchema,
      response: z.array(operatorSchema),
      handle: ({ operator, body }) => operators.grant(operator, body),
    });
    admin.post('/api/admin/operators/revoke', {
      operationId: 'revokeOperatorRole',
      summary: '收回角色',
      description: '收回一个账号在本站的一个角色；不能收回自己的站点管理员角色。记入操作日志。',
      roles: ['site_admin'],
      body: operatorGrantBodySchema,
      response: z.array(operatorSchema),
      handle: ({ operator, body }) => operators.revoke(operator, body),
    });
    admin.post('/api/admin/uploads/image', {
      operationId: 'uploadAdminImage',
      summary: '上传图片（后台）',
      description:
        '上传一张封面或正文图片（multipart，字段 file）：按内容识别 JPG/PNG/WebP，最长边缩至 1600 像素，存为 WebP；答复图片地址与尺寸。记入操作日志。',
      roles: ['editor'],
      limit: RateLimits.uploads,
      response: adminUploadSchema,
      handle: ({ request, operator }) =>
        withMultipart(
          request,
          {
            fields: z.object({}),
            notMultipart: '请以 multipart/form-data 上传图片',
            fileField: 'file',
            strayFile: '图片：请以 file 字段上传',
            maxFiles: 1,
            receive: (stream, name) =>
              received.receive(ADMIN_INCOMING_AREA, stream, name, ADMIN_IMAGE_MAX_BYTES),
            discard: (files) => received.discard(files),
          },
          ({ files }) => uploads.keepPicture(operator, files),
        ),
    });
    admin.post('/api/admin/uploads/video', {
      operationId: 'uploadAdminVideo',
      summary: '上传课时视频（后台）',
      description: `上传一个课时视频（multipart，字段 file）：按内容识别 MP4/WebM，最大 ${sizeText(ADMIN_VIDEO_MAX_BYTES)}（流式写入磁盘），按原样保存并以字节范围播放，并在后台转码；答复视频地址。记入操作日志。`,
      roles: ['editor'],
      limit: RateLimits.uploads,
      uploadLimit: ADMIN_VIDEO_MAX_BYTES,
      response: adminVideoUploadSchema,
      handle: ({ request, operator }) =>
        withMultipart(
          request,
          {
            fields: z.object({}),
            notMultipart: '请以 multipart/form-data 上传视频',
            fileField: 'file',
            strayFile: '视频：请以 file 字段上传',
            maxFiles: 1,
            receive: (stream, name) =>
              received.receive(ADMIN_INCOMING_AREA, stream, name, ADMIN_VIDEO_MAX_BYTES),
            discard: (files) => received.discard(files),
          },
          ({ files }) => uploads.keepVideo(operator, files),
        ),
    });
    admin.get('/api/admin/uploads/video-ladder', {
      operationId: 'getAdminVideoLadder',
      summary: '视频转码进度（后台）',
      description:
        '本站上传的一个课时视频的转码：转码中（含任务进度与说明）、可播放（清晰度、主播放列表、纯音频与封面图）或转码失败（原因）。视频转码完成前，含它的课程不能发布。',
      roles: ['editor', 'reviewer'],
      query: adminVideoLadderQuerySchema,
      response: adminVideoLadderSchema,
      handle: ({ operator, query }) =>
        videoLadderOf(app.database.db, app.jobs, operator.siteKey, query.url),
    });
    admin.post('/api/admin/uploads/audio', {
      operationId: 'uploadAdminAudio',
      summary: '上传课时音频（后台）',
      description: `上传一个课时音频（multipart，字段 file）：按内容（而非文件名）识别 MP3/M4A，最大 ${sizeText(ADMIN_AUDIO_MAX_BYTES)}，按原样保存在本站的媒体目录并以字节范围播放；答复音频地址与大小。记入操作日志。`,
      roles: ['editor'],
      limit: RateLimits.uploads,
      uploadLimit: ADMIN_AUDIO_MAX_BYTES,
      response: adminAudioUploadSchema,
      handle: ({ request, operator }) =>
        withMultipart(
          request,
          {
            fields: z.object({}),
            notMultipart: '请以 multipart/form-data 上传音频',
            fileField: 'file',
            strayFile: '音频：请以 file 字段上传',
            maxFiles: 1,
            receive: (stream, name) =>
              received.receive(ADMIN_INCOMING_AREA, stream, name, ADMIN_AUDIO_MAX_BYTES),
            discard: (files) => received.discard(files),
          },
          ({ files }) => uploads.keepAudio(operator, files),
        ),
    });
    admin.get('/api/admin/audit', {
      operationId: 'listAuditLog',
      summary: '操作日志',
      description:
        '本站的操作日志，新到旧：谁、何时、改了哪条记录、改前改后、来源地址；可按记录、操作、操作人和日期筛选。',
      roles: ['site_admin', 'reviewer'],
      query: auditQuerySchema,
      response: pageOf(auditEntrySchema),
      handle: ({ operator, query }) => operators.audit.list(operator.siteKey, query),
    });
    admin.get('/api/admin/audit/export', {
      operationId: 'exportAuditLog',
      summary: '导出操作日志',
      description: '按同样的筛选导出操作日志为 CSV 文本（UTF-8，带 BOM），一次最多一万条。',
      roles: ['site_admin', 'reviewer'],
      query: auditQuerySchema.omit({ page: true, size: true }),
      response: auditExportSchema,
      handle: ({ operator, query }) => operators.audit.exportCsv(operator.siteKey, query),
    });
  },
});
