import type { Kysely } from 'kysely';
import type { Database, MedalMetricValue } from '../../db/schema.ts';
import type { SideEffect, SideEffects } from '../../platform/side-effects.ts';
import { insertMessage } from '../messages/messages.queries.ts';
import { findLearningTotals } from '../statistics/statistics.queries.ts';
import { streakOf } from '../statistics/statistics.service.ts';
import { dayKey } from '../study/study.rules.ts';
import {
  countAttendedActivities,
  countCompletedCourses,
  countFinishedBooks,
  countTeamWorks,
  countWatchedLives,
  insertLearnerMedal,
  listPendingRules,
} from './medals.queries.ts';
import { METRICS_OF_EFFECT, wholeHours } from './medals.rules.ts';

/** The learner's value of `metric` now (across sites). */
export async function metricValue(
  db: Kysely<Database>,
  userId: number,
  metric: MedalMetricValue,
  now: number,
): Promise<number> {
  switch (metric) {
    case 'courses_completed':
      return countCompletedCourses(db, userId);
    case 'activities_attended':
      return countAttendedActivities(db, userId);
    case 'books_finished':
      return countFinishedBooks(db, userId);
    case 'live_watched':
      return countWatchedLives(db, userId);
    case 'learning_hours':
      return wholeHours((await findLearningTotals(db, userId)).seconds);
    case 'streak_days':
      return streakOf(await findLearningTotals(db, userId), dayKey(now)).current;
    case 'team_works':
      return countTeamWorks(db, userId);
  }
}

/** The Chinese texts of a medal's message. */
export const MedalTexts = {
  message: (name: string, description: string) => ({
    title: `获得勋章：「${name}」`,
    body: `恭喜您${description}，获得「${name}」勋章！可在“我的 - 勋章”中查看全部勋章。`,
  }),
};

/**
 * Awards every medal on `metrics` whose threshold the learner's value now reaches, each with a
 * message, inside `trx` (the transaction of the deed that moved the metric). Only rules not yet
 * earned are measured, so a learner with them all costs one query. The unique (user, medal) key
 * decides between concurrent deeds: one inserts, the others do nothing and send no message.
 */
export async function awardMedals(
  trx: Kysely<Database>,
  learner: { userId: number; siteKey: string },
  metrics: readonly MedalMetricValue[],
  now: number,
): Promise<string[]> {
  const pending = await listPendingRules(trx, learner.userId, metrics);
  const values = new Map<MedalMetricValue, number>();
  const awarded: string[] = [];
  for (const rule of pending) {
    let value = values.get(rule.metric);
    if (value === undefined) {
      value = await metricValue(trx, learner.userId, rule.metric, now);
      values.set(rule.metric, value);
    }
    if (value < Number(rule.threshold)) continue;
    const won = await insertLearnerMedal(trx, {
      user_id: learner.userId,
      site_key: learner.siteKey,
      medal_key: rule.key,
      earned_at: now,
    });
    if (!won) continue;
    awarded.push(rule.key);
    await insertMessage(trx, {
      site_key: learner.siteKey,
      user_id: learner.userId,
      kind: 'medal',
      ...MedalTexts.message(rule.name, rule.description),
      dedupe_key: `medal:${rule.key}`,
      link_type: null,
      link_id: null,
      created_at: now,
      read_at: null,
    });
  }
  return awarded;
}

/**
 * Subscribes the medal awards to the side effects that move a metric: a course completed, an
 * activity checked in, an e-book read to its last page, learning time credited (hours, the
 * streak, live sessions watched). Each runs in the deed's transaction.
 */
export function subscribeMedalAwards(effects: SideEffects, now: () => number): void {
  for (const [kind, metrics] of Object.entries(METRICS_OF_EFFECT)) {
    effects.on(kind, async (trx, effect: SideEffect) => {
      await awardMedals(trx, { userId: effect.learnerId, siteKey: effect.siteKey }, metrics, now());
    });
  }
}
