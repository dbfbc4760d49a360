import {
  adminProgrammeBaseQuerySchema,
  adminProgrammeBaseSchema,
  adminProgrammeFormSchema,
  adminProgrammeListQuerySchema,
  adminProgrammeRowSchema,
  adminProgrammeSchema,
  adminProgrammeUpdateBodySchema,
  pageOf,
} from '@portal/contract';
import { z } from 'zod';
import { adminRoutes } from '../../http/admin-route.ts';
import { portalModule } from '../../http/portal-module.ts';
import { reviewRoutes } from '../../http/review-routes.ts';
import { ProgrammeDesk } from './programme-desk.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    programmeDesk: ProgrammeDesk;
  }
}

/**
 * The console's visit programmes of the experience bases (参观项目) with their visit slots,
 * written by editors, reviewed and published by reviewers (先审后发); publishing, taking down
 * and an approved edit reach the base's page on the phone at once.
 */
export const programmeDeskModule = portalModule({
  name: 'programmeDesk',
  tag: 'admin-programmes',
  create: (app) =>
    new ProgrammeDesk(
      app.database.db,
      app.database.engine,
      app.operators.audit,
      app.publicCache,
      app.clock,
    ),
  routes(api, desk, app) {
    const admin = adminRoutes(api, app.operators);
    admin.get('/api/admin/programmes/bases', {
      operationId: 'listAdminProgrammeBases',
      summary: '参观项目可选基地（后台）',
      description:
        '本站体验基地中名称含关键词的（最多 20 个，含学员尚看不到的），排在已选基地（id）之后，供参观项目选择所属基地。',
      roles: ['editor', 'reviewer'],
      query: adminProgrammeBaseQuerySchema,
      response: z.array(adminProgrammeBaseSchema),
      handle: ({ operator, query }) => desk.bases(operator.siteKey, query.q, query.id),
    });
    admin.get('/api/admin/programmes', {
      operationId: 'listAdminProgrammes',
      summary: '参观项目列表（后台）',
      description:
        '本站体验基地的全部参观项目（含草稿、待审核、已下线），最近修改在前，带近期场次数与已预约人数；可按审核状态（待审核含已发布项目待审的修改）、所属基地与名称关键词筛选，分页。',
      roles: ['editor', 'reviewer'],
      query: adminProgrammeListQuerySchema,
      response: pageOf(adminProgrammeRowSchema),
      handle: ({ operator, query }) => desk.list(operator.siteKey, query),
    });
    reviewRoutes(admin, {
      path: '/api/admin/programmes',
      operation: 'Programme',
      name: '参观项目',
      desk: desk.review,
      form: adminProgrammeFormSchema,
      update: adminProgrammeUpdateBodySchema,
      detail: adminProgrammeSchema,
    });
  },
});
