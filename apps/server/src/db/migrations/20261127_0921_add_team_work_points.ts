import type { Kysely, Migration } from 'kysely';

/**
 * The points rule 发布团队作品 (`team_work`): 5 points a work, at most 3 works a day. Rules are
 * data: the award itself is the points module's subscription to `team_work.post`.
 * Frozen: never edit, add a new migration.
 */
export function addTeamWorkPoints(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db
        .insertInto('points_rules' as never)
        .values({
          key: 'team_work',
          name: '发布团队作品',
          unit: '篇',
          points_per_unit: 5,
          daily_cap: 3,
          sort: 9,
          active: 1,
        } as never)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db
        .deleteFrom('points_rules' as never)
        .where('key' as never, '=', 'team_work' as never)
        .execute();
    },
  };
}
