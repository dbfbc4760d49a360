import type { Kysely, Migration } from 'kysely';

/** The team works medals: [key, name, description, threshold]. */
const RULES: ReadonlyArray<[string, string, string, number]> = [
  ['team-work-1', '团队新秀', '发布 1 篇团队作品', 1],
  ['team-work-10', '团队之星', '发布 10 篇团队作品', 10],
];

/**
 * Medals for team works on the metric `team_works` (reserved by the medals migration until teams
 * existed): the learner's works that are not deleted. Rules are data; the medals module counts
 * the metric when a work is posted (`team_work.post`).
 * Frozen: never edit, add a new migration.
 */
export function addTeamWorkMedals(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db
        .insertInto('medal_rules' as never)
        .values(
          RULES.map(([key, name, description, threshold], i) => ({
            key,
            name,
            description,
            icon: 'team_works',
            metric: 'team_works',
            threshold,
            sort: 500 + i * 10,
          })) as never,
        )
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db
        .deleteFrom('medal_rules' as never)
        .where('key' as never, 'in', RULES.map(([key]) => key) as never)
        .execute();
    },
  };
}
