import { type Kysely, sql } from 'kysely';
import { compiledOnce } from '../../db/compiled.ts';
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

/**
 * Each active member of the team with their profile and progress on the team's linked
 * resources, the earliest joined first: lessons completed and seconds watched in the linked
 * courses, the linked activities checked in at, the pages reached in the linked e-books (summed)
 * and the linked classes signed up for (active). One statement, compiled once: every member's
 * visit of 学习进度 runs it, and it used to be six queries built on each call. The team's links
 * are read once (`linked`), not once per member and kind.
 */
const memberProgressQuery = compiledOnce((db, teamId: number) =>
  db
    .with('linked', (db) =>
      db
        .selectFrom('team_resources as r')
        .select(['r.kind', 'r.resource_id'])
        .where('r.team_id', '=', teamId),
    )
    .selectFrom('team_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select((eb) => {
      const linked = (kind: Kind) =>
        eb.selectFrom('linked').select('linked.resource_id').where('linked.kind', '=', kind);
      // The member's sum of one column of their progress in the linked courses.
      const lessonSum = (column: 'completed' | 'watched_seconds') =>
        eb
          .selectFrom('lesson_progress as p')
          .select(sql<number | string | null>`sum(${sql.ref(`p.${column}`)})`.as('n'))
          .whereRef('p.user_id', '=', 'u.id')
          .where('p.course_id', 'in', linked('course'));
      return [
        'u.id',
        'u.nickname',
        'u.avatar',
        lessonSum('completed').as('lessons'),
        lessonSum('watched_seconds').as('seconds'),
        eb
          .selectFrom('activity_applications as a')
          .select(sql<number | string>`count(*)`.as('n'))
          .whereRef('a.user_id', '=', 'u.id')
          .where('a.checked_in_at', 'is not', null)
          .where('a.activity_id', 'in', linked('activity'))
          .as('activities'),
        eb
          .selectFrom('ebook_reading as e')
          .select(sql<number | string | null>`sum(e.page)`.as('n'))
          .whereRef('e.user_id', '=', 'u.id')
          .where('e.ebook_id', 'in', linked('ebook'))
          .as('pages'),
        eb
          .selectFrom('class_signups as c')
          .select(sql<number | string>`count(*)`.as('n'))
          .whereRef('c.user_id', '=', 'u.id')
          .where('c.status', '=', 'active')
          .where('c.class_id', 'in', linked('class'))
          .as('classes'),
      ];
    })
    .where('m.team_id', '=', teamId)
    .where('m.status', '=', 'active')
    .orderBy('m.joined_at')
    .orderBy('m.id'),
);

/** {@link memberProgressQuery}: the team's active members with their progress. */
export function listMemberProgress(db: Db, teamId: number) {
  return memberProgressQuery(db, teamId);
}

/** How many resources of each kind the team links, and the lessons of its linked courses. */
const linkedCountsQuery = compiledOnce((db, teamId: number) =>
  db
    .selectFrom('team_resources as t')
    .select((eb) => [
      't.kind',
      eb.fn.countAll<number | string>().as('n'),
      eb
        .selectFrom('course_lessons as l')
        .select(sql<number | string>`count(*)`.as('n'))
        .where('l.course_id', 'in', (sub) =>
          sub
            .selectFrom('team_resources as r')
            .select('r.resource_id')
            .where('r.team_id', '=', teamId)
            .where('r.kind', '=', 'course'),
        )
        .as('lessons'),
    ])
    .where('t.team_id', '=', teamId)
    .groupBy('t.kind'),
);

/** How many resources of each kind the team links, and the lessons of its linked courses. */
export async function countLinked(db: Db, teamId: number) {
  const rows = await linkedCountsQuery(db, teamId);
  const of = (kind: Kind) => Number(rows.find((row) => row.kind === kind)?.n ?? 0);
  return {
    courses: of('course'),
    lessons: Number(rows[0]?.lessons ?? 0),
    classes: of('class'),
    activities: of('activity'),
    ebooks: of('ebook'),
  };
}
