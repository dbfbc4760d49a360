import { MEDAL_METRICS } from '@portal/contract';
import { awardMedals } from '../modules/medals/medals.awards.ts';
import { learnersOf, type SeedContext, seededSites } from './support.ts';

/**
 * The demo learners' medals, from what the earlier steps recorded of them (check-ins, and any
 * learning): each medal whose threshold their data reaches, awarded at the seed time with its
 * message, as the award hook would have. No random draws. The medal rules themselves are data
 * written by their migration. Certificates are made when a learner first opens 学习成就.
 */
export async function seedMedals({ db, now }: SeedContext): Promise<void> {
  const { demo } = await learnersOf(db);
  const [site] = await seededSites(db);
  if (!site) return;
  for (const learner of demo) {
    await awardMedals(db, { userId: learner.id, siteKey: site.key }, MEDAL_METRICS, now);
  }
}
