import {
  pageOf,
  participantCancelBodySchema,
  participantCancelResultSchema,
  participantExportQuerySchema,
  participantItemListQuerySchema,
  participantItemRowSchema,
  participantListQuerySchema,
  participantPageSchema,
  participantReviewBodySchema,
  participantReviewResultSchema,
} from '@portal/contract';
import { z } from 'zod';
import { adminRoutes } from '../../http/admin-route.ts';
import { fileAnswerSchema, RawAnswer } from '../../http/envelope.ts';
import { portalModule } from '../../http/portal-module.ts';
import { attachmentDisposition } from '../../platform/calendar-file.ts';
import { ParticipantsDesk } from './participants.service.ts';
import { participantCsv, participantFileName, participantWorkbook } from './participants-file.ts';

declare module 'fastify' {
  interface FastifyInstance {
    participantsDesk: ParticipantsDesk;
  }
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `?id=` of an attachment. */
const attachmentQuerySchema = z.object({
  id: z.coerce.number({ error: '请指定附件' }).int().min(1, '请指定附件'),
});

/**
 * The participants of what learners sign up for (报名名单): an item's list with the sign-up
 * form's answers and attachments, a cancel on a learner's behalf with a reason sent to them,
 * and the list as an Excel or CSV file; for the operators of the item's own site.
 */
export const participantsModule = portalModule({
  name: 'participantsDesk',
  tag: 'admin-participants',
  create: (app) =>
    new ParticipantsDesk(
      app.database.db,
      app.database.engine,
      app.activities.uploads,
      app.operators.audit,
      app.sideEffects,
      app.publicCache,
      app.clock,
    ),
  routes(api, desk, app) {
    const admin = adminRoutes(api, app.operators);
    admin.get('/api/admin/participants/items', {
      operationId: 'listParticipantItems',
      summary: '报名项目（后台）',
      description:
        '本站发布过的班级、活动、参观时段、行走场次或直播（按类型），未结束的按开始时间先后、已结束的最近的在前，可按名称搜索，分页：报名名单的入口。',
      roles: ['editor', 'reviewer', 'checkin'],
      query: participantItemListQuerySchema,
      response: pageOf(participantItemRowSchema),
      handle: ({ operator, query }) => desk.items(operator, query),
    });
    admin.get('/api/admin/participants', {
      operationId: 'listParticipants',
      summary: '报名名单（后台）',
      description:
        '本站一个班级、活动、参观时段、行走场次或直播的报名（预约）学员：状态与时间、报名表单的回答与附件，可按昵称或手机号搜索、按状态筛选，分页；编辑与审核员看到的手机号中间四位打码。',
      roles: ['editor', 'reviewer', 'checkin'],
      query: participantListQuerySchema,
      response: participantPageSchema,
      handle: ({ operator, query }) => desk.list(operator, query),
    });
    admin.post('/api/admin/participants/cancel', {
      operationId: 'cancelParticipant',
      summary: '代学员取消报名（后台）',
      description:
        '取消一位学员的报名（预约），释放名额，并把取消原因以消息告知学员（记入操作日志）；已结束的项目、已签到的学员和没有有效报名的学员答复 409。',
      roles: ['reviewer'],
      body: participantCancelBodySchema,
      response: participantCancelResultSchema,
      handle: ({ operator, body }) => desk.cancel(operator, body),
    });
    admin.post('/api/admin/participants/review', {
      operationId: 'reviewParticipants',
      summary: '审核报名（后台）',
      description:
        '通过或不通过班级、活动的报名，可一次多人（全部成功或全部不做）：通过只针对待审核的报名；不通过须写明原因，也可用于候补中的学员；不通过释放的名额按顺序递补给候补名单的第一位。每位学员都会收到消息，操作记入日志；状态不符、项目已结束答复 409。',
      roles: ['reviewer'],
      body: participantReviewBodySchema,
      response: participantReviewResultSchema,
      handle: ({ operator, body }) => desk.review(operator, body),
    });
    // Not JSON: the file itself, fetched with the Authorization header (the console saves the
    // blob). Failures still answer the envelope.
    admin.get('/api/admin/participants/export', {
      operationId: 'exportParticipants',
      summary: '导出报名名单（后台）',
      description:
        '按当前筛选导出报名名单为 Excel（xlsx）或 CSV 文件本身（不是信封，失败时仍答复信封）：固定列之后每个报名表单字段一列；手机号按操作员的角色打码。',
      roles: ['editor', 'reviewer', 'checkin'],
      query: participantExportQuerySchema,
      response: fileAnswerSchema,
      handle: async ({ operator, query, reply }) => {
        const { format, ...filter } = query;
        const sheet = await desk.exportRows(operator, filter);
        reply
          .header(
            'content-disposition',
            attachmentDisposition(
              participantFileName(sheet.item, format),
              `participants-${sheet.item.kind}-${sheet.item.id}.${format}`,
            ),
          )
          .header('cache-control', 'private, no-store');
        return format === 'csv'
          ? new RawAnswer('text/csv; charset=utf-8', participantCsv(sheet))
          : new RawAnswer(XLSX_TYPE, await participantWorkbook(sheet));
      },
    });
    admin.get('/api/admin/participants/attachment', {
      operationId: 'downloadParticipantAttachment',
      summary: '报名附件（后台）',
      description:
        '本站活动报名所附的一个文件本身（不是信封，失败时仍答复信封）；其他站点的附件答复 404。',
      roles: ['editor', 'reviewer', 'checkin'],
      query: attachmentQuerySchema,
      response: fileAnswerSchema,
      handle: async ({ operator, query, reply }) => {
        const file = await desk.attachment(operator, query.id);
        reply
          .header('content-disposition', attachmentDisposition(file.name, `attachment-${query.id}`))
          .header('content-length', file.size)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store');
        return new RawAnswer(file.mime, file.body);
      },
    });
  },
});
