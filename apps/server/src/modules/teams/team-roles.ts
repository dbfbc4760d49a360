import type { Kysely } from 'kysely';
import { compiledExists, compiledOnce } from '../../db/compiled.ts';
import type { Database, TeamRow } from '../../db/schema.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';

type Db = Kysely<Database>;

/** What a learner is in a team: its leader, a member, or neither. */
export type TeamRole = 'leader' | 'member' | null;

/** A team of the site that is not dissolved, with the caller's role in it. */
export interface TeamAccess {
  team: TeamRow;
  role: TeamRole;
}

// Compiled once: every team endpoint starts with these two (see `teamAccess`).
const teamQuery = compiledOnce((db, teamId: number, siteKey: string) =>
  db.selectFrom('teams').selectAll().where('id', '=', teamId).where('site_key', '=', siteKey),
);

/** Whether `userId` is an active member of `teamId` (the leader is one). */
export const isActiveMember = compiledExists((db, teamId: number, userId: number) =>
  db
    .selectFrom('team_members')
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .where('status', '=', 'active'),
);

/** The team `teamId` of `siteKey`, dissolved or not; undefined when there is none. */
export async function findTeam(db: Db, siteKey: string, teamId: number) {
  return (await teamQuery(db, teamId, siteKey))[0];
}

/**
 * The live team `teamId` of `siteKey` and the role of `userId` (null for a visitor) in it:
 * 404 when there is no such team, 409 when it is dissolved. Every team endpoint starts here.
 */
export async function teamAccess(
  db: Db,
  siteKey: string,
  teamId: number,
  userId: number | null,
): Promise<TeamAccess> {
  const team = await findTeam(db, siteKey, teamId);
  if (!team) throw notFound('团队');
  if (team.dissolved_at !== null) throw conflict('该团队已解散');
  if (userId === null) return { team, role: null };
  if (team.leader_id === userId) return { team, role: 'leader' };
  return { team, role: (await isActiveMember(db, teamId, userId)) ? 'member' : null };
}

/** {@link teamAccess} for a member or the leader; 403 for anyone else. */
export async function requireMember(db: Db, siteKey: string, teamId: number, userId: number) {
  const access = await teamAccess(db, siteKey, teamId, userId);
  if (access.role === null) throw forbidden('只有团队成员可以进行此操作');
  return access;
}

/** {@link teamAccess} for the team's leader; 403 for anyone else. */
export async function requireLeader(db: Db, siteKey: string, teamId: number, userId: number) {
  const access = await teamAccess(db, siteKey, teamId, userId);
  if (access.role !== 'leader') throw forbidden('只有团队负责人可以进行此操作');
  return access;
}
