import type { SideEffect } from '../../platform/side-effects.ts';

/**
 * The side effect of learning time counted for a learner (`learning.credited`): what was
 * watched and when; one per report that counted time.
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
    detail: { source, id, at },
  };
}
