import { type Kysely, sql } from 'kysely';
import type { Database, TeamResourcesTable } from '../../db/schema.ts';

type Db = Kysely<Database>;
type Kind = TeamResourcesTable['kind'];

/** The team's linked resources, newest first. */
export function listTeamResourceRows(db: Db, teamId: number) {
  return db
    .selectFrom('team_resources')
    .select(['kind', 'resource_id', 'created_at'])
    .where('team_id', '=', teamId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Which of `ids` of one kind the team links. */
export async function findLinkedIds(db: Db, teamId: number, kind: Kind, ids: readonly number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .selectFrom('team_resources')
    .select('resource_id')
    .where('team_id', '=', teamId)
    .where('kind', '=', kind)
    .where('resource_id', 'in', ids)
    .execute();
  return new Set(rows.map((row) => row.resource_id));
}

/**
 * Counts one more linked resource of the team, only below `limit` (a conditional upsert the
 * CHECK backs): false when the team is at its limit. Taken before the link row, so concurrent
 * links of a team queue on this row.
 */
export async function takeResourcePlace(trx: Db, teamId: number, limit: number) {
  const row = await trx
    .insertInto('team_resource_counts')
    .values({ team_id: teamId, linked: 1 })
    .onConflict((oc) =>
      oc
        .column('team_id')
        .doUpdateSet({ linked: sql<number>`team_resource_counts.linked + 1` })
        .where('team_resource_counts.linked', '<', limit),
    )
    .returning('linked')
    .executeTakeFirst();
  return row === undefined ? null : Number(row.linked);
}

/** Gives a place back after an unlink; answers the count left. */
export async function giveResourcePlace(trx: Db, teamId: number) {
  const row = await trx
    .updateTable('team_resource_counts')
    .set({ linked: sql<number>`linked - 1` })
    .where('team_id', '=', teamId)
    .where('linked', '>', 0)
    .returning('linked')
    .executeTakeFirst();
  return Number(row?.linked ?? 0);
}

/** How many resources the team links. */
export async function countTeamResources(db: Db, teamId: number) {
  const row = await db
    .selectFrom('team_resource_counts')
    .select('linked')
    .where('team_id', '=', teamId)
    .executeTakeFirst();
  return Number(row?.linked ?? 0);
}

/** Inserts the link; false when the team already links it (the UNIQUE key decides). */
export async function insertTeamResource(
  trx: Db,
  link: { teamId: number; kind: Kind; resourceId: number; userId: number; at: number },
) {
  const row = await trx
    .insertInto('team_resources')
    .values({
      team_id: link.teamId,
      kind: link.kind,
      resource_id: link.resourceId,
      linked_by: link.userId,
      created_at: link.at,
    })
    .onConflict((oc) => oc.columns(['team_id', 'kind', 'resource_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Removes the link; false when there was none. */
export async function deleteTeamResource(
  trx: Db,
  link: { teamId: number; kind: Kind; resourceId: number },
) {
  const rows = await trx
    .deleteFrom('team_resources')
    .where('team_id', '=', link.teamId)
    .where('kind', '=', link.kind)
    .where('resource_id', '=', link.resourceId)
    .returning('id')
    .execute();
  return rows.length > 0;
}

/** The team's active members with their profile, the earliest joined first. */
export function listActiveMembers(db: Db, teamId: number) {
  return db
    .selectFrom('team_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.nickname', 'u.avatar'])
    .where('m.team_id', '=', teamId)
    .where('m.status', '=', 'active')
    .orderBy('m.joined_at')
    .orderBy('m.id')
    .execute();
}

type Ids = readonly number[];

/** Lessons of the courses. */
export async function countLessons(db: Db, courseIds: Ids) {
  if (courseIds.length === 0) return 0;
  const row = await db
    .selectFrom('course_lessons')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('course_id', 'in', courseIds)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Per learner: lessons completed and seconds watched in the courses. */
export function sumLessonProgress(db: Db, userIds: Ids, courseIds: Ids) {
  return db
    .selectFrom('lesson_progress')
    .select([
      'user_id',
      sql<number | string>`sum(completed)`.as('lessons'),
      sql<number | string>`sum(watched_seconds)`.as('seconds'),
    ])
    .where('user_id', 'in', userIds)
    .where('course_id', 'in', courseIds)
    .groupBy('user_id')
    .execute();
}

/** Per learner: the activities checked in at. */
export function countCheckins(db: Db, userIds: Ids, activityIds: Ids) {
  return db
    .selectFrom('activity_applications')
    .select(['user_id', sql<number | string>`count(*)`.as('n')])
    .where('user_id', 'in', userIds)
    .where('activity_id', 'in', activityIds)
    .where('checked_in_at', 'is not', null)
    .groupBy('user_id')
    .execute();
}

/** Per learner: the pages reached in the e-books, summed. */
export function sumPages(db: Db, userIds: Ids, ebookIds: Ids) {
  return db
    .selectFrom('ebook_reading')
    .select(['user_id', sql<number | string>`sum(page)`.as('n')])
    .where('user_id', 'in', userIds)
    .where('ebook_id', 'in', ebookIds)
    .groupBy('user_id')
    .execute();
}

/** Per learner: the classes signed up for (active signups). */
export function countClassSignups(db: Db, userIds: Ids, classIds: Ids) {
  return db
    .selectFrom('class_signups')
    .select(['user_id', sql<number | string>`count(*)`.as('n')])
    .where('user_id', 'in', userIds)
    .where('class_id', 'in', classIds)
    .where('status', '=', 'active')
    .groupBy('user_id')
    .execute();
}
