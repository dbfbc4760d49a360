import { sql } from 'kysely';
import { DEMO_LEARNERS, type SeedContext, seededSites } from './support.ts';

const DAY = 86_400_000;

/**
 * Joins the seeded learners to the sites' learners (学员管理): the demo learners and every
 * generated learner to the first site, the demo learners and every third generated one to the
 * others, each since their registration and seen on one of the last 30 days. Staff accounts
 * (operators, organisers, delivery) are no site's learners. One statement per site, no random
 * draws, so it is as quick at a district's size as at the demo's.
 */
export async function seedSiteLearners({ db, now }: SeedContext): Promise<void> {
  const demo = DEMO_LEARNERS.map((learner) => learner.username);
  const sites = await seededSites(db);
  for (const [index, site] of sites.entries()) {
    const every = index === 0 ? 1 : 3;
    await sql`
      insert into site_learners (site_key, user_id, joined_at, last_seen_at)
      select ${site.key}, id, created_at,
        cast(${now} as bigint) - cast(id * 7 % 30 as bigint) * cast(${DAY} as bigint)
      from users
      where deleted_at is null
        and (username in (${sql.join(demo)}) or (username like '139%' and id % ${every} = 0))
    `.execute(db);
  }
}
