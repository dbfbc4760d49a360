import {
  adminMedalRuleUpdateBodySchema,
  adminPointsRuleUpdateBodySchema,
  adminRulesSchema,
} from '@portal/contract';
import { adminRoutes } from '../../http/admin-route.ts';
import { portalModule } from '../../http/portal-module.ts';
import { RulesDesk } from './rules-desk.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    rulesDesk: RulesDesk;
  }
}

/**
 * The console's points and medal rules (积分与勋章规则): read by a site's staff, changed by a
 * 超级管理员 (they hold for every site), each change checked for sense and audited.
 */
export const rulesDeskModule = portalModule({
  name: 'rulesDesk',
  tag: 'admin-rules',
  create: (app) => new RulesDesk(app.database.db, app.database.engine, app.operators.audit),
  routes(api, desk, app) {
    const admin = adminRoutes(api, app.operators);
    admin.get('/api/admin/rules', {
      operationId: 'getAdminRules',
      summary: '积分与勋章规则（后台）',
      description:
        '全网的积分规则（每次积分、每日上限、是否启用）与勋章（门槛），及本站获得各勋章的学员人数；editable 表示本操作员能否修改（仅超级管理员）。',
      roles: ['site_admin'],
      response: adminRulesSchema,
      handle: ({ operator }) => desk.rules(operator),
    });
    admin.post('/api/admin/rules/points/update', {
      operationId: 'updateAdminPointsRule',
      summary: '修改积分规则（后台）',
      description:
        '修改一条积分规则的名称、每次积分、每日上限与启用状态（仅超级管理员）。单项规则每天最多 200 分，启用的规则合计每天最多 600 分；版本不符答复 409。此后的积分按新规则计，已得的不变。',
      roles: ['site_admin'],
      body: adminPointsRuleUpdateBodySchema,
      response: adminRulesSchema,
      handle: ({ operator, body }) => desk.updatePointsRule(operator, body),
    });
    admin.post('/api/admin/rules/medals/update', {
      operationId: 'updateAdminMedalRule',
      summary: '修改勋章（后台）',
      description:
        '修改一枚勋章的名称、描述与门槛（仅超级管理员；勋章类型不可改）。门槛不超过学员可能达到的数，描述中的数字须与门槛一致；版本不符答复 409。已获得的勋章不收回。',
      roles: ['site_admin'],
      body: adminMedalRuleUpdateBodySchema,
      response: adminRulesSchema,
      handle: ({ operator, body }) => desk.updateMedalRule(operator, body),
    });
  },
});
