import { z } from 'zod';
import { medalMetricSchema } from './medals.ts';
import {
  MEDAL_DESCRIPTION_MAX,
  MEDAL_METRIC_UNITS,
  MEDAL_THRESHOLD_MAX,
  numbersIn,
  POINTS_DAILY_CAP_MAX,
  POINTS_PER_UNIT_MAX,
  RULE_DAILY_POINTS_MAX,
  RULE_NAME_MAX,
} from './rules-values.ts';

/*
 * The console's points and medal rules (`/api/admin/rules`): the values and daily caps of the
 * points rules and the thresholds of the medals, the same for every site of the network, changed
 * by a 超级管理员 and checked for sense (no rule, nor all of them, can make points unbounded).
 */

const ruleName = z
  .string()
  .trim()
  .min(1, '不能为空')
  .max(RULE_NAME_MAX, `最多 ${RULE_NAME_MAX} 个字`);
const whole = (what: string, least: number, most: number, unit = '') =>
  z
    .number({ error: `请填写${what}` })
    .int('须为整数')
    .min(least, `至少 ${least}${unit}`)
    .max(most, `最多 ${most}${unit}`);

/** A points rule as the console shows it. */
export const adminPointsRuleSchema = z.object({
  key: z.string(),
  name: z.string(),
  /** What one unit is (次, 分钟, 篇...). */
  unit: z.string(),
  pointsPerUnit: z.number().int(),
  dailyCap: z.number().int(),
  active: z.boolean(),
  version: z.number().int(),
});
export type AdminPointsRule = z.infer<typeof adminPointsRuleSchema>;

/** A medal rule as the console shows it, with how many learners of the site hold it. */
export const adminMedalRuleSchema = z.object({
  key: z.string(),
  name: z.string(),
  description: z.string(),
  metric: medalMetricSchema,
  threshold: z.number().int(),
  /** Learners of this site who earned it. */
  earned: z.number().int(),
  version: z.number().int(),
});
export type AdminMedalRule = z.infer<typeof adminMedalRuleSchema>;

/** `GET /api/admin/rules`: every points rule and medal, in their order. */
export const adminRulesSchema = z.object({
  points: z.array(adminPointsRuleSchema),
  medals: z.array(adminMedalRuleSchema),
  /** Whether this operator may change them (a 超级管理员: they hold for every site). */
  editable: z.boolean(),
});
export type AdminRules = z.infer<typeof adminRulesSchema>;

/** `POST /api/admin/rules/points/update`: a points rule's name, value, daily cap and state. */
export const adminPointsRuleUpdateBodySchema = z
  .object({
    key: z.string().min(1).max(32),
    version: z.number().int().min(1),
    name: ruleName,
    pointsPerUnit: whole('每次积分', 1, POINTS_PER_UNIT_MAX, ' 分'),
    dailyCap: whole('每日上限', 1, POINTS_DAILY_CAP_MAX),
    active: z.boolean(),
  })
  .superRefine((rule, context) => {
    const most = rule.pointsPerUnit * rule.dailyCap;
    if (most > RULE_DAILY_POINTS_MAX) {
      context.addIssue({
        code: 'custom',
        path: ['dailyCap'],
        message: `每天最多可得 ${most} 分，单项规则不能超过 ${RULE_DAILY_POINTS_MAX} 分`,
      });
    }
  });
export type AdminPointsRuleUpdateBody = z.infer<typeof adminPointsRuleUpdateBodySchema>;

/**
 * `POST /api/admin/rules/medals/update`: a medal's name, description and threshold. The threshold
 * stays within what a learner could reach, and a description that names a number names the
 * threshold (完成 5 门课程 with a threshold of 10 would tell learners a wrong goal).
 */
export const adminMedalRuleUpdateBodySchema = z
  .object({
    key: z.string().min(1).max(32),
    version: z.number().int().min(1),
    metric: medalMetricSchema,
    name: ruleName,
    description: z
      .string()
      .trim()
      .min(1, '不能为空')
      .max(MEDAL_DESCRIPTION_MAX, `最多 ${MEDAL_DESCRIPTION_MAX} 个字`),
    threshold: z.number({ error: '请填写门槛' }).int('须为整数').min(1, '至少为 1'),
  })
  .superRefine((medal, context) => {
    const most = MEDAL_THRESHOLD_MAX[medal.metric];
    const unit = MEDAL_METRIC_UNITS[medal.metric];
    if (medal.threshold > most) {
      context.addIssue({ code: 'custom', path: ['threshold'], message: `最多 ${most} ${unit}` });
    }
    const named = numbersIn(medal.description);
    if (named.length > 0 && !named.includes(medal.threshold)) {
      context.addIssue({
        code: 'custom',
        path: ['description'],
        message: `写的是 ${named.join('、')}，与门槛 ${medal.threshold} ${unit}不一致`,
      });
    }
  });
export type AdminMedalRuleUpdateBody = z.infer<typeof adminMedalRuleUpdateBodySchema>;
