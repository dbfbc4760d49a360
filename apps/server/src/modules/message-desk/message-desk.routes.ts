import {
  campaignAudiencePreviewSchema,
  campaignAudienceQuerySchema,
  campaignCancelBodySchema,
  campaignCreateBodySchema,
  campaignDetailQuerySchema,
  campaignListQuerySchema,
  campaignPageSchema,
  campaignRowSchema,
} from '@portal/contract';
import { adminRoutes } from '../../http/admin-route.ts';
import { portalModule } from '../../http/portal-module.ts';
import { MessageDesk } from './message-desk.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    messageDesk: MessageDesk;
  }
}

/** Who writes to learners: the site's administrators and editors. */
const WRITERS = ['site_admin', 'editor'] as const;

/**
 * The message desk (群发消息): notices to the learners of the operator's site or a group of them,
 * now or at a time, with their counts; sent by the background job `notices`.
 */
export const messageDeskModule = portalModule({
  name: 'messageDesk',
  tag: 'admin-messages',
  create: (app) =>
    new MessageDesk(app.database.db, app.database.engine, app.jobs, app.operators.audit, app.clock),
  routes(api, desk, app) {
    app.jobs.define(desk.jobKind());
    const admin = adminRoutes(api, app.operators);
    admin.get('/api/admin/messages', {
      operationId: 'listCampaigns',
      summary: '群发消息列表（后台）',
      description:
        '本站写给学员的消息，最新的在前，可按状态筛选；已发送的附发送人数、送达人数（发送后登录过本站）与已读人数。',
      roles: WRITERS,
      query: campaignListQuerySchema,
      response: campaignPageSchema,
      handle: ({ operator, query }) => desk.list(operator, query),
    });
    admin.get('/api/admin/messages/detail', {
      operationId: 'campaignDetail',
      summary: '群发消息详情（后台）',
      description: '本站一条群发消息的正文、发送对象、时间、状态与人数；其他站点的答复 404。',
      roles: WRITERS,
      query: campaignDetailQuerySchema,
      response: campaignRowSchema,
      handle: ({ operator, query }) => desk.detail(operator, query.id),
    });
    admin.get('/api/admin/messages/audience', {
      operationId: 'campaignAudience',
      summary: '发送对象人数（后台）',
      description:
        '发送对象（全站学员、某个项目的报名学员、某个团队的成员、30 天未登录的学员）现在有多少位可以接收消息的学员（停用与注销的除外）。',
      roles: WRITERS,
      query: campaignAudienceQuerySchema,
      response: campaignAudiencePreviewSchema,
      handle: ({ operator, query }) => desk.preview(operator, query),
    });
    admin.post('/api/admin/messages', {
      operationId: 'createCampaign',
      summary: '群发消息（后台）',
      description:
        '给本站学员或其中一组写一条通知：立即发送（sendAt 为空）或定时发送（1 分钟后到 90 天内）。发送对象中没有学员答复 409。由后台任务发送，每位学员只收到一次。记入操作日志。',
      roles: WRITERS,
      body: campaignCreateBodySchema,
      response: campaignRowSchema,
      handle: ({ operator, body }) => desk.create(operator, body),
    });
    admin.post('/api/admin/messages/cancel', {
      operationId: 'cancelCampaign',
      summary: '取消定时群发（后台）',
      description: '取消一条还没到发送时间的群发消息；已发送或已取消的答复 409。记入操作日志。',
      roles: WRITERS,
      body: campaignCancelBodySchema,
      response: campaignRowSchema,
      handle: ({ operator, body }) => desk.cancel(operator, body.id),
    });
  },
});
