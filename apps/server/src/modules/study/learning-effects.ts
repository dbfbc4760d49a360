import type { SideEffect } from '../../platform/side-effects.ts';
import { dayKey } from './study.rules.ts';

/**
 * The side effect of learning time counted for a learner (`learning.credited`): what was
 * watched, when, and the Asia/Shanghai `day` the time was added to; one per report that counted
 * time (medals measure hours and streaks on it, points the day's minutes).
 */
export function learningCredited(
  siteKey: string,
  userId: number,
  source: 'lesson' | 'live',
  id: number,
  at: number,
): SideEffect {
  return {
    kind: 'learning.credited',
    siteKey,
    learnerId: userId,
    key: `learning.credited:${source}:${id}:${userId}:${at}`,
    detail: { source, id, day: dayKey(at), at },
  };
}
