import type {
  AdminMedalRuleUpdateBody,
  AdminPointsRuleUpdateBody,
  AdminRules,
} from '@portal/contract';
import { DAILY_POINTS_MAX, MEDAL_METRIC_NAMES } from '@portal/contract/constants';
import { type Kysely, sql } from 'kysely';
import type { Engine } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { conflict, forbidden, invalid, notFound } from '../../platform/errors.ts';
import type { AuditLog } from '../operators/audit.ts';
import type { Operator } from '../operators/operators.service.ts';

const stale = () => conflict('已被他人修改，请刷新后再改');
const onlySuperAdmin = () => forbidden('积分与勋章规则对全部站点生效，只有超级管理员可以修改');

/**
 * The points and medal rules as the console edits them (积分与勋章规则): one set for every site
 * of the network, read by every operator of a site, changed by a 超级管理员 only. Each change is
 * checked for sense (a rule's daily most, and all active rules' together, stay bounded), made
 * against the version the operator saw (409 otherwise) and written to the audit log in its own
 * transaction. Awards read the rules as they happen, so a change holds from the next deed on;
 * the ledger keeps what each award was.
 */
export class RulesDesk {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
    private readonly audit: AuditLog,
    private readonly now: () => number = Date.now,
  ) {}

  /** Every rule and medal in its order, with how many of the site's learners hold each medal. */
  async rules(operator: Operator): Promise<AdminRules> {
    const [points, medals] = await Promise.all([
      this.db.selectFrom('points_rules').selectAll().orderBy('sort').orderBy('key').execute(),
      this.db
        .selectFrom('medal_rules as r')
        .selectAll('r')
        .select((eb) =>
          eb
            .selectFrom('learner_medals as m')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('m.medal_key', '=', 'r.key')
            .where('m.site_key', '=', operator.siteKey)
            .as('earned'),
        )
        .orderBy('r.sort')
        .orderBy('r.key')
        .execute(),
    ]);
    return {
      points: points.map((rule) => ({
        key: rule.key,
        name: rule.name,
        unit: rule.unit,
        pointsPerUnit: Number(rule.points_per_unit),
        dailyCap: Number(rule.daily_cap),
        active: Number(rule.active) === 1,
        version: Number(rule.version),
      })),
      medals: medals.map((medal) => ({
        key: medal.key,
        name: medal.name,
        description: medal.description,
        metric: medal.metric,
        threshold: Number(medal.threshold),
        earned: Number(medal.earned ?? 0),
        version: Number(medal.version),
      })),
      editable: operator.superAdmin,
    };
  }

  /**
   * Changes a points rule. Every rule's row is locked first (PostgreSQL; SQLite writes one at a
   * time), so two changes made at once cannot together take the day's total past its bound.
   */
  async updatePointsRule(operator: Operator, body: AdminPointsRuleUpdateBody) {
    if (!operator.superAdmin) throw onlySuperAdmin();
    await this.db.transaction().execute(async (trx) => {
      let locked = trx.selectFrom('points_rules').selectAll().orderBy('key');
      if (this.engine === 'postgres') locked = locked.forUpdate();
      const rules = await locked.execute();
      const before = rules.find((rule) => rule.key === body.key);
      if (!before) throw notFound('积分规则');
      if (Number(before.version) !== body.version) throw stale();
      const total = rules.reduce((sum, rule) => {
        const changed = rule.key === body.key;
        const active = changed ? body.active : Number(rule.active) === 1;
        const perDay = changed
          ? body.pointsPerUnit * body.dailyCap
          : Number(rule.points_per_unit) * Number(rule.daily_cap);
        return active ? sum + perDay : sum;
      }, 0);
      if (total > DAILY_POINTS_MAX) {
        throw invalid(
          `每日上限：全部规则合计每天最多可得 ${total} 分，不能超过 ${DAILY_POINTS_MAX} 分`,
        );
      }
      const after = {
        name: body.name,
        points_per_unit: body.pointsPerUnit,
        daily_cap: body.dailyCap,
        active: body.active ? 1 : 0,
      };
      await trx
        .updateTable('points_rules')
        .set({ ...after, version: body.version + 1, updated_at: this.now() })
        .where('key', '=', body.key)
        .where('version', '=', body.version)
        .execute();
      await this.audit.record(trx, operator, {
        action: 'update',
        entity: 'points_rule',
        entityId: null,
        summary: `${body.name}（${body.key}）`,
        before: {
          name: before.name,
          points_per_unit: Number(before.points_per_unit),
          daily_cap: Number(before.daily_cap),
          active: Number(before.active),
        },
        after,
      });
    });
    return this.rules(operator);
  }

  /**
   * Changes a medal's name, description and threshold (its metric is what the medal is: not
   * changed). A lower threshold awards the medal at the learner's next deed that counts; a higher
   * one takes nothing back from those who hold it.
   */
  async updateMedalRule(operator: Operator, body: AdminMedalRuleUpdateBody) {
    if (!operator.superAdmin) throw onlySuperAdmin();
    await this.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('medal_rules')
        .selectAll()
        .where('key', '=', body.key)
        .executeTakeFirst();
      if (!before) throw notFound('勋章');
      if (before.metric !== body.metric) {
        throw invalid(`勋章类型：「${MEDAL_METRIC_NAMES[before.metric]}」勋章不能改为其他类型`);
      }
      const twin = await trx
        .selectFrom('medal_rules')
        .select('name')
        .where('key', '<>', body.key)
        .where((eb) =>
          eb.or([
            eb('name', '=', body.name),
            eb.and([eb('metric', '=', body.metric), eb('threshold', '=', body.threshold)]),
          ]),
        )
        .executeTakeFirst();
      if (twin?.name === body.name) throw invalid(`名称：已有勋章叫「${body.name}」`);
      if (twin) throw invalid(`门槛：「${twin.name}」已是同样的门槛`);
      const after = {
        name: body.name,
        description: body.description,
        threshold: body.threshold,
      };
      const changed = await trx
        .updateTable('medal_rules')
        .set({ ...after, version: sql<number>`version + 1`, updated_at: this.now() })
        .where('key', '=', body.key)
        .where('version', '=', body.version)
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) !== 1) throw stale();
      await this.audit.record(trx, operator, {
        action: 'update',
        entity: 'medal_rule',
        entityId: null,
        summary: `${body.name}（${body.key}）`,
        before: {
          name: before.name,
          description: before.description,
          threshold: Number(before.threshold),
        },
        after,
      });
    });
    return this.rules(operator);
  }
}
