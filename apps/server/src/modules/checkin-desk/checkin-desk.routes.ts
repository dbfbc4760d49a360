import {
  checkinDeskBodySchema,
  checkinDeskQuerySchema,
  checkinDeskResultSchema,
  checkinDeskSummarySchema,
} from '@portal/contract';
import { adminRoutes } from '../../http/admin-route.ts';
import { portalModule } from '../../http/portal-module.ts';
import { CheckinDesk } from './checkin-desk.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    checkinDesk: CheckinDesk;
  }
}

/**
 * The check-in desk (签到台): a tablet at the door of an activity checks learners in by their QR
 * or phone number, for the site's 签到员 (and its administrators).
 */
export const checkinDeskModule = portalModule({
  name: 'checkinDesk',
  tag: 'admin-participants',
  create: (app) => new CheckinDesk(app.database.db, app.activities),
  routes(api, desk, app) {
    const admin = adminRoutes(api, app.operators);
    admin.get('/api/admin/checkin/summary', {
      operationId: 'checkinDeskSummary',
      summary: '签到台概况（后台）',
      description:
        '本站一个活动的签到台：活动名称、地点与时间，已签到 / 已报名人数，最近签到的 10 人（手机号按角色打码）；其他站点的活动答复 404。',
      roles: ['checkin'],
      query: checkinDeskQuerySchema,
      response: checkinDeskSummarySchema,
      handle: ({ operator, query }) => desk.summary(operator, query.activityId),
    });
    admin.post('/api/admin/checkin', {
      operationId: 'checkinAtDesk',
      summary: '签到台签到（后台）',
      description:
        '在活动门口为学员签到：扫描学员手机上的签到码（code），或输入其账号手机号（phone），二选一；按门户的签到规则（只签已报名且未签到的、活动结束前）并发放签到积分与消息。签到码属于别的活动、手机号没有报名、重复签到等答复 409，附已签到人数。',
      roles: ['checkin'],
      body: checkinDeskBodySchema,
      response: checkinDeskResultSchema,
      handle: ({ operator, body }) => desk.checkin(operator, body),
    });
  },
});
