import type { Kysely } from 'kysely';
import type { Database, TeamResourcesTable } from '../db/schema.ts';
import { awardPoints } from '../modules/points/points.award.ts';
import { dayKey } from '../modules/study/study.rules.ts';
import { learnersOf, type SeedContext } from './support.ts';
import { localDay } from './time.ts';

/** Resources each seeded team links: [kind, how many]. */
const PER_TEAM: ReadonlyArray<[TeamResourcesTable['kind'], number]> = [
  ['course', 3],
  ['class', 1],
  ['activity', 1],
  ['ebook', 2],
];

/** Generated learners who signed in on past days (so the rankings have a field), and how many days. */
const RANKED_LEARNERS = 300;
const SIGNIN_DAYS = 10;

async function publishedIds(db: Kysely<Database>, kind: TeamResourcesTable['kind'], site: string) {
  const table = { course: 'courses', class: 'classes', activity: 'activities', ebook: 'ebooks' }[
    kind
  ] as 'courses' | 'classes' | 'activities' | 'ebooks';
  const rows = await db
    .selectFrom(table)
    .select('id')
    .where('site_key', '=', site)
    .where('published', '=', 1)
    .orderBy('id')
    .limit(60)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Links resources of its site to each live team the teams step seeded (none: nothing to link),
 * picked by the team's id (no random draws, so no other area moves), and gives generated
 * learners a few past sign-ins through the points service, so the learner and team rankings
 * (kept by the same award path) have a field beside the demo learners.
 */
export async function seedTeamResources({ db, now }: SeedContext): Promise<void> {
  const teams = await db
    .selectFrom('teams')
    .select(['id', 'site_key', 'leader_id'])
    .where('dissolved_at', 'is', null)
    .orderBy('id')
    .execute();
  const pools = new Map<string, number[]>();
  for (const team of teams) {
    const rows: Array<{
      team_id: number;
      kind: TeamResourcesTable['kind'];
      resource_id: number;
      linked_by: number;
      created_at: number;
    }> = [];
    for (const [kind, count] of PER_TEAM) {
      const key = `${team.site_key}:${kind}`;
      let pool = pools.get(key);
      if (!pool) {
        pool = await publishedIds(db, kind, team.site_key);
        pools.set(key, pool);
      }
      for (let i = 0; i < Math.min(count, pool.length); i += 1) {
        const id = pool[(team.id * 7 + i * 3) % pool.length] as number;
        if (rows.some((row) => row.kind === kind && row.resource_id === id)) continue;
        rows.push({
          team_id: team.id,
          kind,
          resource_id: id,
          linked_by: team.leader_id,
          created_at: now - (rows.length + 1) * 3_600_000,
        });
      }
    }
    if (rows.length === 0) continue;
    await db.insertInto('team_resources').values(rows).execute();
    await db
      .insertInto('team_resource_counts')
      .values({ team_id: team.id, linked: rows.length })
      .execute();
  }

  const { generated } = await learnersOf(db);
  for (const [index, learner] of generated.slice(0, RANKED_LEARNERS).entries()) {
    const days = 1 + (index % SIGNIN_DAYS);
    for (let offset = -days; offset < 0; offset += 1) {
      const at = localDay(now, offset, 7, index % 60);
      await awardPoints(db, {
        siteKey: 'jingan',
        userId: learner.id,
        ruleKey: 'login',
        key: `login:${dayKey(at)}:${learner.id}`,
        sourceType: 'login',
        sourceId: null,
        title: '',
        at,
      });
    }
  }
}
