import { awardPoints } from '../modules/points/points.award.ts';
import { dayKey } from '../modules/study/study.rules.ts';
import { learnersOf, type SeedContext } from './support.ts';
import { localDay } from './time.ts';

/** Past days the demo learners signed in on (today is left for the learner to earn). */
const SIGNIN_DAYS = 6;

/** The points of a learner's sign-in on `jingan` at `at`, keyed by its day as the sign-in awards it. */
export function signinAward(userId: number, at: number) {
  return {
    siteKey: 'jingan',
    userId,
    ruleKey: 'login',
    key: `login:${dayKey(at)}:${userId}`,
    sourceType: 'login',
    sourceId: null,
    title: '',
    at,
  };
}

/**
 * The demo learners' points history, through the points service (so each balance is its
 * ledger's sum), from what happened in the demo: a sign-in on each of the last days, and the
 * activity check-ins the activities step seeded. No random draws, so no other area moves.
 */
export async function seedPoints({ db, now }: SeedContext): Promise<void> {
  const { demo } = await learnersOf(db);
  for (const learner of demo) {
    const checkins = await db
      .selectFrom('activity_applications as a')
      .innerJoin('activities as v', 'v.id', 'a.activity_id')
      .select(['a.id', 'a.activity_id', 'a.checked_in_at', 'v.site_key', 'v.title'])
      .where('a.user_id', '=', learner.id)
      .where('a.checked_in_at', 'is not', null)
      .execute();
    const awards = [
      ...Array.from({ length: SIGNIN_DAYS }, (_, i) =>
        signinAward(learner.id, localDay(now, i - SIGNIN_DAYS, 8, 5 + i)),
      ),
      ...checkins.map((row) => ({
        siteKey: row.site_key,
        ruleKey: 'activity_checkin',
        key: `activity.checkin:${row.id}`,
        sourceType: 'activity',
        sourceId: row.activity_id,
        title: row.title,
        at: Number(row.checked_in_at),
      })),
    ].sort((a, b) => a.at - b.at);
    for (const award of awards) await awardPoints(db, { ...award, userId: learner.id });
  }
}
