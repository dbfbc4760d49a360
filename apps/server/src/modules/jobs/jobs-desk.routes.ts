import {
  jobListQuerySchema,
  jobPageSchema,
  jobRetryBodySchema,
  jobViewSchema,
} from '@portal/contract';
import { adminRoutes } from '../../http/admin-route.ts';
import { portalModule } from '../../http/portal-module.ts';
import { JobsDesk } from './jobs-desk.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    jobsDesk: JobsDesk;
  }
}

/**
 * The console's background jobs (后台任务): every job of the network with its state, progress and
 * the reason of its last failure, for a 站点管理员; a failed one can be queued again (audited).
 */
export const jobsDeskModule = portalModule({
  name: 'jobsDesk',
  tag: 'admin-jobs',
  create: (app) => new JobsDesk(app.jobs, app.database.db, app.operators.audit),
  routes(api, desk, app) {
    const admin = adminRoutes(api, app.operators);
    admin.get('/api/admin/jobs', {
      operationId: 'listAdminJobs',
      summary: '后台任务（后台）',
      description:
        '全网的后台任务（到期提醒、转码等），最新在前：状态、进度、尝试次数与失败原因；可按状态与类型筛选，分页。',
      roles: ['site_admin'],
      query: jobListQuerySchema,
      response: jobPageSchema,
      handle: ({ query }) => desk.list(query),
    });
    admin.post('/api/admin/jobs/retry', {
      operationId: 'retryAdminJob',
      summary: '重试后台任务（后台）',
      description:
        '把一个失败的任务重新排队，再试一次；不是失败状态的任务答复 409，不存在的答复 404。',
      roles: ['site_admin'],
      body: jobRetryBodySchema,
      response: jobViewSchema,
      handle: ({ operator, body }) => desk.retry(operator, body.id),
    });
  },
});
