import type { TeamSort } from '@portal/contract';
import { type Kysely, sql } from 'kysely';
import { compiledOnce } from '../../db/compiled.ts';
import { countRows } from '../../db/rows.ts';
import type { Database } from '../../db/schema.ts';
import type { SeatLedger } from '../seats/seats.ts';

type Db = Kysely<Database>;

/** A team's memberships are its seats (`teams.capacity`, `teams.seats_taken`). */
export const TEAM_SEATS: SeatLedger<'team_members'> = {
  parent: 'teams',
  signups: 'team_members',
  parentKey: 'team_id',
  signedAt: 'joined_at',
};

/** The columns a team card needs, with its leader's nickname. */
const CARD_COLUMNS = [
  'teams.id',
  'teams.name',
  'teams.avatar',
  'teams.intro',
  'teams.join_mode',
  'teams.capacity',
  'teams.seats_taken',
  'teams.created_at',
  'teams.last_active_at',
  'leader.nickname as leader_name',
] as const;

function liveTeams(db: Db, siteKey: string) {
  return db
    .selectFrom('teams')
    .innerJoin('users as leader', 'leader.id', 'teams.leader_id')
    .where('teams.site_key', '=', siteKey)
    .where('teams.dissolved_at', 'is', null);
}

/** `%text%` for LIKE, with the wildcards in the text itself escaped. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface TeamListFilter {
  siteKey: string;
  q?: string | undefined;
}

/** A team name holding `q`. */
const nameHolds = (q: string) => sql<boolean>`teams.name like ${likePattern(q)} escape '\\'`;

function searchedTeams(db: Db, filter: TeamListFilter) {
  const query = liveTeams(db, filter.siteKey);
  return filter.q ? query.where(nameHolds(filter.q)) : query;
}

/** One page of the site's live teams matching the name search, most active or newest first. */
export function listTeamRows(
  db: Db,
  filter: TeamListFilter & { sort: TeamSort; limit: number; offset: number },
) {
  const column = filter.sort === 'newest' ? 'teams.created_at' : 'teams.last_active_at';
  return searchedTeams(db, filter)
    .select(CARD_COLUMNS)
    .orderBy(column, 'desc')
    .orderBy('teams.id', 'desc')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
}

/**
 * How many live teams of the site match the name search: without one, the count the triggers
 * keep (one row); with one, counted (every team has its leader, so no join is needed).
 */
export async function countTeamRows(db: Db, filter: TeamListFilter) {
  if (!filter.q) {
    const row = await db
      .selectFrom('team_counts')
      .select('live')
      .where('site_key', '=', filter.siteKey)
      .executeTakeFirst();
    return Number(row?.live ?? 0);
  }
  return countRows(
    db
      .selectFrom('teams')
      .where('teams.site_key', '=', filter.siteKey)
      .where('teams.dissolved_at', 'is', null)
      .where(nameHolds(filter.q)),
  );
}

/** One live team as a card row; undefined when there is none. */
export function findTeamCardRow(db: Db, siteKey: string, teamId: number) {
  return liveTeams(db, siteKey)
    .select(CARD_COLUMNS)
    .where('teams.id', '=', teamId)
    .executeTakeFirst();
}

export type TeamCardRow = NonNullable<Awaited<ReturnType<typeof findTeamCardRow>>>;

/** The live teams of the site `userId` leads, newest first. */
// Compiled once: 我的团队 is read on every visit of the team tab, and building its two queries
// cost more than running them.
const ledTeamsQuery = compiledOnce((db, siteKey: string, userId: number) =>
  liveTeams(db, siteKey)
    .select(CARD_COLUMNS)
    .where('teams.leader_id', '=', userId)
    .orderBy('teams.created_at', 'desc'),
);

export function listLedTeamRows(db: Db, siteKey: string, userId: number) {
  return ledTeamsQuery(db, siteKey, userId);
}

/** The live teams of the site `userId` is an active member of without leading, latest joined first. */
const joinedTeamsQuery = compiledOnce((db, siteKey: string, userId: number) =>
  liveTeams(db, siteKey)
    .innerJoin('team_members as m', 'm.team_id', 'teams.id')
    .select(CARD_COLUMNS)
    .where('m.user_id', '=', userId)
    .where('m.status', '=', 'active')
    .where('teams.leader_id', '<>', userId)
    .orderBy('m.joined_at', 'desc'),
);

export function listJoinedTeamRows(db: Db, siteKey: string, userId: number) {
  return joinedTeamsQuery(db, siteKey, userId);
}

/** How many live teams `userId` leads (on any site: the limit is the learner's). */
export async function countLedTeams(db: Db, userId: number) {
  return countRows(
    db.selectFrom('teams').where('leader_id', '=', userId).where('dissolved_at', 'is', null),
  );
}

function activeMembers(db: Db, teamId: number) {
  return db
    .selectFrom('team_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .innerJoin('teams as t', 't.id', 'm.team_id')
    .where('m.team_id', '=', teamId)
    .where('m.status', '=', 'active');
}

/** One page of a team's active members: the leader first, then by the time they joined. */
export function listMemberRows(db: Db, teamId: number, window: { limit: number; offset: number }) {
  return activeMembers(db, teamId)
    .select([
      'u.id as user_id',
      'u.nickname',
      'u.avatar',
      'm.joined_at',
      sql<number>`case when t.leader_id = u.id then 1 else 0 end`.as('is_leader'),
    ])
    .orderBy(sql`case when t.leader_id = u.id then 0 else 1 end`)
    .orderBy('m.joined_at')
    .orderBy('m.id')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

export function countMemberRows(db: Db, teamId: number) {
  return countRows(activeMembers(db, teamId));
}

/** The user ids of a team's active members. */
export async function listMemberIds(db: Db, teamId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('team_members')
    .select('user_id')
    .where('team_id', '=', teamId)
    .where('status', '=', 'active')
    .execute();
  return rows.map((row) => row.user_id);
}

function pendingRequests(db: Db, teamId: number) {
  return db
    .selectFrom('team_requests as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .where('r.team_id', '=', teamId)
    .where('r.status', '=', 'pending');
}

/** One page of a team's pending requests, oldest first. */
export function listRequestRows(db: Db, teamId: number, window: { limit: number; offset: number }) {
  return pendingRequests(db, teamId)
    .select(['r.id', 'r.user_id', 'u.nickname', 'u.avatar', 'r.message', 'r.created_at'])
    .orderBy('r.created_at')
    .orderBy('r.id')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

export function countRequestRows(db: Db, teamId: number) {
  return countRows(pendingRequests(db, teamId));
}

/** The learner's pending request to a team, if any. */
export function findPendingRequest(db: Db, teamId: number, userId: number) {
  return db
    .selectFrom('team_requests')
    .select('id')
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

export function findRequest(db: Db, requestId: number) {
  return db.selectFrom('team_requests').selectAll().where('id', '=', requestId).executeTakeFirst();
}

/** Closes a pending request; false when it was no longer pending. */
export async function closeRequest(
  db: Db,
  requestId: number,
  status: 'approved' | 'refused' | 'withdrawn',
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('team_requests')
    .set({ status, decided_at: now })
    .where('id', '=', requestId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A live team of the site by its invitation code. */
export function findTeamByCode(db: Db, siteKey: string, code: string) {
  return db
    .selectFrom('teams')
    .selectAll()
    .where('invite_code', '=', code)
    .where('site_key', '=', siteKey)
    .where('dissolved_at', 'is', null)
    .executeTakeFirst();
}

/** Marks the team active now (for 最活跃). */
export async function touchTeam(db: Db, teamId: number, now: number) {
  await db.updateTable('teams').set({ last_active_at: now }).where('id', '=', teamId).execute();
}

/**
 * Takes the row lock of the learner's user row (PostgreSQL; SQLite writers queue anyway), so that
 * counting the teams the learner leads and creating or taking over one happen one at a time.
 */
export async function lockUser(db: Db, userId: number) {
  await sql`update users set id = id where id = ${userId}`.execute(db);
}
