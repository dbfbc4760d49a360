import type { Kysely } from 'kysely';
import type { PageWindow } from '../../db/paging.ts';
import type { Database, NewTeamWorkImageRow } from '../../db/schema.ts';

type Db = Kysely<Database>;

/** Moves a work's kept count (likes or comments) by one, in the caller's transaction. */
function moveCount(db: Db, workId: number, column: 'like_count' | 'comment_count', by: 1 | -1) {
  return db
    .updateTable('team_works')
    .set((eb) => ({ [column]: eb(column, by > 0 ? '+' : '-', 1) }))
    .where('id', '=', workId)
    .execute();
}

/** A work's kept count (likes or comments), as stored. */
async function findCount(db: Db, workId: number, column: 'like_count' | 'comment_count') {
  const row = await db
    .selectFrom('team_works')
    .select(column)
    .where('id', '=', workId)
    .executeTakeFirstOrThrow();
  return Number(row[column as keyof typeof row]);
}

/** Live (not deleted) works (`w`) with their card's columns and their author's nickname and avatar. */
function liveWorks(db: Db) {
  return db
    .selectFrom('team_works as w')
    .innerJoin('users as u', 'u.id', 'w.author_id')
    .select([
      'w.id',
      'w.team_id',
      'w.author_id',
      'w.body',
      'w.featured',
      'w.like_count',
      'w.comment_count',
      'w.created_at',
      'u.nickname',
      'u.avatar',
    ])
    .where('w.deleted_at', 'is', null);
}

/** A live (not deleted) work of a live team of `siteKey`, with its team's leader; undefined otherwise. */
export function findWork(db: Db, siteKey: string, workId: number) {
  return liveWorks(db)
    .innerJoin('teams as t', 't.id', 'w.team_id')
    .select(['t.name as team_name', 't.leader_id'])
    .where('w.id', '=', workId)
    .where('t.site_key', '=', siteKey)
    .where('t.dissolved_at', 'is', null)
    .executeTakeFirst();
}
export type WorkRow = NonNullable<Awaited<ReturnType<typeof findWork>>>;

/** How many live works `teamId` has. */
export async function countTeamWorks(db: Db, teamId: number): Promise<number> {
  const row = await db
    .selectFrom('team_works')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('team_id', '=', teamId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One window of a team's live works: featured first (latest featured on top), then newest. */
export function listTeamWorks(db: Db, teamId: number, window: PageWindow) {
  return liveWorks(db)
    .where('w.team_id', '=', teamId)
    .orderBy('w.featured', 'desc')
    .orderBy('w.featured_at', 'desc')
    .orderBy('w.created_at', 'desc')
    .orderBy('w.id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

/** The pictures of `workIds`, in their order. */
export function listWorkImages(db: Db, workIds: readonly number[]) {
  if (workIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('team_work_images')
    .select(['work_id', 'sort', 'image_key', 'thumb_key', 'width', 'height'])
    .where('work_id', 'in', [...workIds])
    .orderBy('work_id')
    .orderBy('sort')
    .execute();
}

/** Which of `workIds` `userId` liked. */
export async function listLikedWorkIds(db: Db, userId: number, workIds: readonly number[]) {
  if (workIds.length === 0) return new Set<number>();
  const rows = await db
    .selectFrom('team_work_likes')
    .select('work_id')
    .where('user_id', '=', userId)
    .where('work_id', 'in', [...workIds])
    .execute();
  return new Set(rows.map((row) => Number(row.work_id)));
}

/** Inserts a work and its pictures; answers its id. */
export async function insertWork(
  db: Db,
  work: { teamId: number; authorId: number; body: string; at: number },
  images: ReadonlyArray<Omit<NewTeamWorkImageRow, 'work_id'>>,
): Promise<number> {
  const row = await db
    .insertInto('team_works')
    .values({
      team_id: work.teamId,
      author_id: work.authorId,
      body: work.body,
      image_count: images.length,
      created_at: work.at,
      updated_at: work.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (images.length > 0) {
    await db
      .insertInto('team_work_images')
      .values(images.map((image) => ({ ...image, work_id: row.id })))
      .execute();
  }
  return row.id;
}

/** Marks the team active now (for 最活跃). */
export function touchTeam(db: Db, teamId: number, at: number) {
  return db.updateTable('teams').set({ last_active_at: at }).where('id', '=', teamId).execute();
}

/** Marks a live work deleted; answers whether this call did it. */
export async function markWorkDeleted(db: Db, workId: number, at: number): Promise<boolean> {
  const result = await db
    .updateTable('team_works')
    .set({ deleted_at: at, updated_at: at })
    .where('id', '=', workId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Sets a work's 精选 flag. */
export function setWorkFeatured(db: Db, workId: number, featured: boolean, at: number) {
  return db
    .updateTable('team_works')
    .set({ featured: featured ? 1 : 0, featured_at: featured ? at : null, updated_at: at })
    .where('id', '=', workId)
    .execute();
}

/**
 * Adds the like of `userId` (nothing when it exists) and, only when this call added it, one to
 * the work's count: the primary key decides between concurrent likes of one learner.
 */
export async function addLike(db: Db, workId: number, userId: number, at: number) {
  const result = await db
    .insertInto('team_work_likes')
    .values({ work_id: workId, user_id: userId, created_at: at })
    .onConflict((oc) => oc.columns(['work_id', 'user_id']).doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) !== 1) return;
  await moveCount(db, workId, 'like_count', 1);
}

/** Removes the like of `userId` and, only when this call removed one, one from the count. */
export async function removeLike(db: Db, workId: number, userId: number) {
  const result = await db
    .deleteFrom('team_work_likes')
    .where('work_id', '=', workId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) !== 1) return;
  await moveCount(db, workId, 'like_count', -1);
}

/** A work's like count as stored. */
export function findLikeCount(db: Db, workId: number): Promise<number> {
  return findCount(db, workId, 'like_count');
}

/** Inserts a comment and adds one to the work's count; answers the comment's id. */
export async function insertComment(
  db: Db,
  comment: { workId: number; authorId: number; body: string; at: number },
): Promise<number> {
  const row = await db
    .insertInto('team_work_comments')
    .values({
      work_id: comment.workId,
      author_id: comment.authorId,
      body: comment.body,
      created_at: comment.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await moveCount(db, comment.workId, 'comment_count', 1);
  return row.id;
}

/** A comment with its work's team (for the leader's right to delete it). */
export function findComment(db: Db, commentId: number) {
  return db
    .selectFrom('team_work_comments as c')
    .innerJoin('team_works as w', 'w.id', 'c.work_id')
    .select(['c.id', 'c.work_id', 'c.author_id', 'w.team_id'])
    .where('c.id', '=', commentId)
    .where('w.deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Deletes a comment and, only when this call deleted it, takes one from the work's count. */
export async function deleteComment(db: Db, commentId: number, workId: number) {
  const result = await db
    .deleteFrom('team_work_comments')
    .where('id', '=', commentId)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) !== 1) return;
  await moveCount(db, workId, 'comment_count', -1);
}

/** A work's comment count as stored (the list's total). */
export function findCommentCount(db: Db, workId: number): Promise<number> {
  return findCount(db, workId, 'comment_count');
}

/** One window of a work's comments, oldest first, with their authors. */
export function listComments(db: Db, workId: number, window: PageWindow) {
  return db
    .selectFrom('team_work_comments as c')
    .innerJoin('users as u', 'u.id', 'c.author_id')
    .select(['c.id', 'c.author_id', 'c.body', 'c.created_at', 'u.nickname', 'u.avatar'])
    .where('c.work_id', '=', workId)
    .orderBy('c.created_at')
    .orderBy('c.id')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}
