import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  numberOf,
  type SideEffect,
  type SideEffects,
  textOf,
} from '../../platform/side-effects.ts';
import { findLearningSeconds } from '../study/study.queries.ts';
import { awardPoints } from './points.award.ts';
import { findActiveRule, findDailyUnits } from './points.queries.ts';

/** Side effects that award one unit of a rule: [effect kind, rule, source type, id detail]. */
const ONE_UNIT: ReadonlyArray<[kind: string, rule: string, source: string, idKey: string | null]> =
  [
    ['account.signin', 'login', 'login', null],
    ['lesson.complete', 'lesson_complete', 'lesson', 'lessonId'],
    ['course.complete', 'course_complete', 'course', 'courseId'],
    ['activity.checkin', 'activity_checkin', 'activity', 'activityId'],
    ['ebook.pages', 'ebook_pages', 'ebook', 'ebookId'],
    ['article.read', 'article_read', 'article', 'articleId'],
    ['class.finish', 'class_finish', 'class', 'classId'],
    ['team_work.post', 'team_work', 'team_work', 'workId'],
  ];

/**
 * Awards whole minutes of today's credited learning time (lessons and live sessions alike, as
 * the study module counts it in `learning_days`), one ledger row per minute keyed
 * `minutes:<day>:<user>:<n>`, up to the rule's daily cap.
 */
async function awardLearningMinutes(trx: Kysely<Database>, effect: SideEffect) {
  const rule = await findActiveRule(trx, 'learning_minute');
  if (!rule) return;
  const day = textOf(effect, 'day');
  const at = numberOf(effect, 'at');
  const seconds = await findLearningSeconds(trx, effect.learnerId, day);
  const whole = Math.min(Math.floor(seconds / 60), Number(rule.daily_cap));
  const done = await findDailyUnits(trx, {
    userId: effect.learnerId,
    siteKey: effect.siteKey,
    ruleKey: rule.key,
    day,
  });
  for (let minute = done + 1; minute <= whole; minute += 1) {
    await awardPoints(trx, {
      siteKey: effect.siteKey,
      userId: effect.learnerId,
      ruleKey: rule.key,
      key: `minutes:${day}:${effect.learnerId}:${minute}`,
      sourceType: 'study',
      sourceId: null,
      title: `今日第 ${minute} 分钟`,
      at,
    });
  }
}

/**
 * Subscribes the points awards to the services' side effects: each award is written in the
 * transaction of the deed it rewards (a rolled-back deed awards nothing) and keyed by the
 * effect's own key, so a replayed or retried deed awards once.
 */
export function subscribePointsAwards(effects: SideEffects): void {
  for (const [kind, ruleKey, sourceType, idKey] of ONE_UNIT) {
    effects.on(kind, async (trx, effect) => {
      await awardPoints(trx, {
        siteKey: effect.siteKey,
        userId: effect.learnerId,
        ruleKey,
        key: effect.key,
        sourceType,
        sourceId: idKey === null ? null : numberOf(effect, idKey),
        title: textOf(effect, 'title'),
        at: numberOf(effect, 'at'),
      });
    });
  }
  effects.on('learning.credited', awardLearningMinutes);
}
