import type { SideEffect } from '../../platform/side-effects.ts';
import { dayKey } from '../study/study.rules.ts';

/**
 * The side effect of a learner's sign-in on a day (a token refresh, sent on every app start):
 * keyed by the Asia/Shanghai date, so only the day's first one counts for anything.
 */
export function signedIn(siteKey: string, userId: number, now: number): SideEffect {
  const day = dayKey(now);
  return {
    kind: 'account.signin',
    siteKey,
    learnerId: userId,
    key: `login:${day}:${userId}`,
    detail: { day, title: '', at: now },
  };
}
