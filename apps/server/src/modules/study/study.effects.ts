import type { SideEffect } from '../../platform/side-effects.ts';
import { dayKey } from './study.rules.ts';

/**
 * The side effect of learning time credited to a learner's day (a lesson's or a live session's
 * report that counted): `day` is the Asia/Shanghai date it was added to. Keyed by the moment, as
 * one learner's reports are credited one after another (their clock row is locked).
 */
export function learningCredited(siteKey: string, userId: number, now: number): SideEffect {
  return {
    kind: 'study.credit',
    siteKey,
    learnerId: userId,
    key: `study.credit:${userId}:${now}`,
    detail: { day: dayKey(now), at: now },
  };
}
