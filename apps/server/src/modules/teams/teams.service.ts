import { randomBytes } from 'node:crypto';
import {
  type CreateTeamBody,
  type DecideRequestBody,
  type DissolveTeamBody,
  ErrorCode,
  type InviteCode,
  type JoinResult,
  type MyTeams,
  type Page,
  type PageQuery,
  TEAM_CODE_DAYS,
  TEAM_LEAD_LIMIT,
  type TeamCard,
  type TeamDetail,
  type TeamListQuery,
  type TeamMember,
  type TeamMyState,
  type TeamRequest,
  type UpdateTeamBody,
} from '@portal/contract';
import type { Kysely, Transaction } from 'kysely';
import { isUniqueViolation } from '../../db/database.ts';
import { readPage } from '../../db/paging.ts';
import type { Database, TeamRow } from '../../db/schema.ts';
import { keepAvatar } from '../../platform/avatar-image.ts';
import { AppError, conflict, invalid, notFound } from '../../platform/errors.ts';
import type { StoreFolder } from '../../platform/file-store.ts';
import type { PublicCache } from '../../platform/public-cache.ts';
import { isoTime } from '../../platform/time.ts';
import type { ReceivedFile, UploadStore } from '../../platform/upload-store.ts';
import {
  releaseSeatAndCancel,
  signUpOrRefuse,
  signupStatus,
  takeSeatAndSignUp,
} from '../seats/seats.ts';
import { sendTeamMessage, TeamMessageTexts as Texts } from './team-messages.ts';
import { requireLeader, teamAccess } from './team-roles.ts';
import {
  closeRequest,
  countLedTeams,
  countMemberRows,
  countRequestRows,
  countTeamRows,
  findPendingRequest,
  findRequest,
  findTeamByCode,
  findTeamCardRow,
  listJoinedTeamRows,
  listLedTeamRows,
  listMemberIds,
  listMemberRows,
  listRequestRows,
  listTeamRows,
  lockUser,
  TEAM_SEATS,
  type TeamCardRow,
  touchTeam,
} from './teams.queries.ts';

/** The Chinese messages of the team rules, as the caller sees them. */
export const TeamMessages = {
  leadLimit: `每人最多创建 ${TEAM_LEAD_LIMIT} 个团队`,
  nameTaken: '团队名称已被使用，请换一个',
  full: '团队成员已满',
  alreadyMember: '您已是该团队成员',
  alreadyRequested: '您已提交申请，请等待负责人审核',
  needsCode: '该团队需凭邀请码加入',
  wrongCode: '邀请码不正确，请核对后再试',
  expiredCode: '邀请码已过期，请向团队负责人索取新的邀请码',
  leaderLeaving: '负责人不能直接退出团队，请先移交负责人或解散团队',
  notMember: '您不是该团队成员',
  notTheirMember: '该学员不是团队成员',
  removeLeader: '不能移除负责人',
  handOverSelf: '您已是负责人',
  newLeaderLimit: `对方负责的团队已达 ${TEAM_LEAD_LIMIT} 个，无法移交`,
  requestGone: '该申请已处理',
  capacityBelow: (count: number) => `成员上限：不能少于当前成员数 ${count} 人`,
  confirmName: '确认的团队名称与团队名称不一致，未解散',
  changing: '团队正在变动，请稍后再试',
} as const;

const DAY = 24 * 3_600_000;
/** How many members the team page lists at first. */
const DETAIL_MEMBERS = 12;
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const TEAM_AVATAR_URL = /^\/files\/team-avatars\/([A-Za-z0-9_-]{22}\.webp)$/;
/** Where received team avatars wait (private) before the resized copy is made. */
export const TEAM_AVATAR_INCOMING_AREA = 'team-avatar-incoming';

/** A fresh invitation code: 8 letters and digits, without look-alikes (0/O, 1/I). */
export function newInviteCode(): string {
  const bytes = randomBytes(8);
  return Array.from(bytes, (byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join('');
}

/** A team card row as the contract's card. */
export function toTeamCard(row: TeamCardRow): TeamCard {
  return {
    id: row.id,
    name: row.name,
    avatar: row.avatar,
    intro: row.intro,
    joinMode: row.join_mode,
    capacity: row.capacity,
    memberCount: row.seats_taken,
    leaderName: row.leader_name,
    createdAt: isoTime(row.created_at),
    lastActiveAt: isoTime(row.last_active_at),
  };
}

function toMember(row: {
  user_id: number;
  nickname: string;
  avatar: string | null;
  joined_at: number;
  is_leader: number | string;
}): TeamMember {
  return {
    userId: row.user_id,
    nickname: row.nickname,
    avatar: row.avatar,
    isLeader: Number(row.is_leader) === 1,
    joinedAt: isoTime(row.joined_at),
  };
}

/** Thrown inside a transaction only to roll it back with an answer for the caller. */
class Refused extends Error {
  constructor(readonly answer: Error) {
    super(answer.message);
  }
}

/**
 * Learning teams (学习团队): creating, browsing, joining (open, by approval, by invitation code),
 * leaving, and the leader's management and settings. The database holds the rules that matter
 * under concurrency: the member limit is a seat count taken in the membership's transaction
 * (`modules/seats`), one membership per learner and team and one pending request per learner and
 * team are unique keys, a live team's name is unique per site, and the leader is never removed
 * or leaving (the hand-over and the leave lock the team row, so they cannot cross).
 */
export class TeamService {
  constructor(
    private readonly db: Kysely<Database>,
    readonly uploads: UploadStore,
    /** Where kept team avatars live (`/files/team-avatars/`). */
    private readonly avatars: StoreFolder,
    private readonly now: () => number = Date.now,
    /** Visitors' kept answers: a team renamed or dissolved is shown so at once. */
    private readonly publicCache?: PublicCache,
  ) {}

  /** One page of the site's live teams, by name search, most active or newest first. */
  async list(siteKey: string, query: TeamListQuery): Promise<Page<TeamCard>> {
    const filter = { siteKey, q: query.q || undefined };
    return readPage(
      query,
      {
        count: () => countTeamRows(this.db, filter),
        rows: (window) => listTeamRows(this.db, { ...filter, sort: query.sort, ...window }),
      },
      (rows) => rows.map(toTeamCard),
    );
  }

  /** A live team with its first members and the caller's relation to it (public). */
  async detail(siteKey: string, teamId: number, userId: number | null): Promise<TeamDetail> {
    const { team, role } = await teamAccess(this.db, siteKey, teamId, userId).catch((error) => {
      // A dissolved team's page is gone like an unknown one's, with the reason.
      if (error instanceof AppError && error.code === ErrorCode.conflict) {
        throw new AppError(ErrorCode.notFound, error.message);
      }
      throw error;
    });
    const [card, members, pending, myRequest] = await Promise.all([
      findTeamCardRow(this.db, siteKey, teamId),
      listMemberRows(this.db, teamId, { limit: DETAIL_MEMBERS, offset: 0 }),
      role === 'leader' ? countRequestRows(this.db, teamId) : 0,
      userId !== null && role === null ? findPendingRequest(this.db, teamId, userId) : undefined,
    ]);
    if (!card) throw notFound('团队');
    const myState: TeamMyState = role ?? (myRequest ? 'pending' : 'none');
    const leader = role === 'leader';
    return {
      ...toTeamCard(card),
      leaderId: team.leader_id,
      members: members.map(toMember),
      myState,
      inviteCode: leader ? team.invite_code : null,
      inviteExpiresAt:
        leader && team.invite_expires_at !== null ? isoTime(team.invite_expires_at) : null,
      pendingRequests: pending,
    };
  }

  /** One page of a live team's members, the leader first (public). */
  async members(siteKey: string, teamId: number, query: PageQuery): Promise<Page<TeamMember>> {
    await teamAccess(this.db, siteKey, teamId, null);
    return readPage(
      query,
      {
        count: () => countMemberRows(this.db, teamId),
        rows: (window) => listMemberRows(this.db, teamId, window),
      },
      (rows) => rows.map(toMember),
    );
  }

  /** The learner's live teams of the site: those they lead and those they are in. */
  async mine(siteKey: string, userId: number): Promise<MyTeams> {
    const [leading, joined] = await Promise.all([
      listLedTeamRows(this.db, siteKey, userId),
      listJoinedTeamRows(this.db, siteKey, userId),
    ]);
    return {
      leading: leading.map(toTeamCard),
      joined: joined.map(toTeamCard),
      leadLimit: TEAM_LEAD_LIMIT,
    };
  }

  /**
   * Creates a team led by the learner (its first member): 409 when they already lead
   * {@link TEAM_LEAD_LIMIT} teams or the name is taken on the site.
   */
  async create(siteKey: string, userId: number, body: CreateTeamBody): Promise<TeamDetail> {
    const now = this.now();
    try {
      const teamId = await this.db.transaction().execute(async (trx) => {
        // One learner's creates queue on their user row, so the count below holds.
        await lockUser(trx, userId);
        if ((await countLedTeams(trx, userId)) >= TEAM_LEAD_LIMIT) {
          throw new Refused(conflict(TeamMessages.leadLimit));
        }
        await this.refuseTakenName(trx, siteKey, body.name, null);
        const row = await trx
          .insertInto('teams')
          .values({
            site_key: siteKey,
            name: body.name,
            avatar: body.avatar,
            intro: body.intro,
            join_mode: body.joinMode,
            invite_code: newInviteCode(),
            invite_expires_at: now + TEAM_CODE_DAYS * DAY,
            leader_id: userId,
            capacity: body.capacity,
            seats_taken: 1,
            last_active_at: now,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('team_members')
          .values({
            team_id: row.id,
            user_id: userId,
            status: 'active',
            joined_at: now,
            created_at: now,
            updated_at: now,
          })
          .execute();
        return row.id;
      });
      return this.detail(siteKey, teamId, userId);
    } catch (error) {
      throw this.answerOf(error);
    }
  }

  /**
   * Joins an open team at once (409 when full or already a member), or sends a request to a
   * team that takes members by approval (the leader is told); a team joined by code refuses.
   */
  async join(
    siteKey: string,
    userId: number,
    teamId: number,
    message: string,
  ): Promise<JoinResult> {
    const { team, role } = await teamAccess(this.db, siteKey, teamId, userId);
    if (role !== null) throw conflict(TeamMessages.alreadyMember);
    if (team.join_mode === 'code') throw conflict(TeamMessages.needsCode);
    if (team.join_mode === 'open') return this.takePlace(team, userId);
    if (team.seats_taken >= team.capacity) throw conflict(TeamMessages.full);
    const now = this.now();
    try {
      await this.db.transaction().execute(async (trx) => {
        const nickname = await nicknameOf(trx, userId);
        await trx
          .insertInto('team_requests')
          .values({ team_id: teamId, user_id: userId, status: 'pending', message, created_at: now })
          .execute();
        await sendTeamMessage(trx, {
          siteKey,
          userId: team.leader_id,
          teamId,
          text: Texts.request(team.name, nickname),
          key: `request:${teamId}:${userId}:${now}`,
          at: now,
        });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(TeamMessages.alreadyRequested);
      throw error;
    }
    return { teamId, state: 'pending' };
  }

  /** Joins the site's live team holding the invitation code, whatever its join mode. */
  async joinByCode(siteKey: string, userId: number, code: string): Promise<JoinResult> {
    const team = await findTeamByCode(this.db, siteKey, code);
    if (!team) throw invalid(TeamMessages.wrongCode);
    if (team.invite_expires_at !== null && team.invite_expires_at <= this.now()) {
      throw conflict(TeamMessages.expiredCode);
    }
    const { role } = await teamAccess(this.db, siteKey, team.id, userId);
    if (role !== null) throw conflict(TeamMessages.alreadyMember);
    return this.takePlace(team, userId);
  }

  /** Leaves a team; the leader must hand over or dissolve first. */
  async leave(siteKey: string, userId: number, teamId: number): Promise<null> {
    const { role } = await teamAccess(this.db, siteKey, teamId, userId);
    if (role === 'leader') throw conflict(TeamMessages.leaderLeaving);
    if (role === null) throw conflict(TeamMessages.notMember);
    await this.releasePlace(teamId, userId, TeamMessages.notMember);
    return null;
  }

  /** One page of the team's pending requests (leader only). */
  async requests(
    siteKey: string,
    userId: number,
    teamId: number,
    query: PageQuery,
  ): Promise<Page<TeamRequest>> {
    await requireLeader(this.db, siteKey, teamId, userId);
    return readPage(
      query,
      {
        count: () => countRequestRows(this.db, teamId),
        rows: (window) => listRequestRows(this.db, teamId, window),
      },
      (rows) =>
        rows.map((row) => ({
          id: row.id,
          userId: row.user_id,
          nickname: row.nickname,
          avatar: row.avatar,
          message: row.message,
          createdAt: isoTime(row.created_at),
        })),
    );
  }

  /**
   * Approves (a place is taken, 409 when the team is full and the request stays pending) or
   * refuses a pending request (leader only); the learner is told either way.
   */
  async decide(siteKey: string, userId: number, body: DecideRequestBody): Promise<null> {
    const request = await findRequest(this.db, body.requestId);
    if (!request) throw notFound('申请');
    const { team } = await requireLeader(this.db, siteKey, request.team_id, userId);
    if (request.status !== 'pending') throw conflict(TeamMessages.requestGone);
    const now = this.now();
    if (!body.approve) {
      await this.db.transaction().execute(async (trx) => {
        if (!(await closeRequest(trx, request.id, 'refused', now))) {
          throw conflict(TeamMessages.requestGone);
        }
        await sendTeamMessage(trx, {
          siteKey,
          userId: request.user_id,
          teamId: team.id,
          text: Texts.refused(team.name),
          key: `refused:${request.id}`,
          at: now,
        });
      });
      return null;
    }
    const claim = await takeSeatAndSignUp(this.db, TEAM_SEATS, {
      parentId: team.id,
      userId: request.user_id,
      now,
      values: {},
      within: async (trx) => {
        if (!(await closeRequest(trx, request.id, 'approved', now))) {
          throw conflict(TeamMessages.requestGone);
        }
        await touchTeam(trx, team.id, now);
        await sendTeamMessage(trx, {
          siteKey,
          userId: request.user_id,
          teamId: team.id,
          text: Texts.approved(team.name),
          key: `approved:${request.id}`,
          at: now,
        });
      },
    });
    if (claim.ok) return null;
    if (claim.reason === 'full') throw conflict(TeamMessages.full);
    // Already a member (joined by code meanwhile): the request has nothing left to ask.
    await closeRequest(this.db, request.id, 'withdrawn', now);
    throw conflict('该学员已是团队成员');
  }

  /** Removes a member (leader only; never the leader); the learner is told. */
  async remove(siteKey: string, userId: number, teamId: number, memberId: number): Promise<null> {
    const { team } = await requireLeader(this.db, siteKey, teamId, userId);
    if (memberId === team.leader_id) throw conflict(TeamMessages.removeLeader);
    const now = this.now();
    await this.releasePlace(teamId, memberId, TeamMessages.notTheirMember, (trx) =>
      sendTeamMessage(trx, {
        siteKey,
        userId: memberId,
        teamId,
        text: Texts.removed(team.name),
        key: `removed:${teamId}:${memberId}:${now}`,
        at: now,
      }),
    );
    return null;
  }

  /**
   * Hands the leadership to an active member (leader only). The team row is changed first (its
   * lock), then the new leader's membership is checked in the same transaction: a member leaving
   * at the same moment either leaves first (and the hand-over is refused) or is refused.
   */
  async handOver(siteKey: string, userId: number, teamId: number, memberId: number) {
    const { team } = await requireLeader(this.db, siteKey, teamId, userId);
    if (memberId === userId) throw conflict(TeamMessages.handOverSelf);
    const now = this.now();
    try {
      await this.db.transaction().execute(async (trx) => {
        await lockUser(trx, memberId);
        if ((await countLedTeams(trx, memberId)) >= TEAM_LEAD_LIMIT) {
          throw new Refused(conflict(TeamMessages.newLeaderLimit));
        }
        const moved = await trx
          .updateTable('teams')
          .set({ leader_id: memberId, updated_at: now, last_active_at: now })
          .where('id', '=', teamId)
          .where('leader_id', '=', userId)
          .where('dissolved_at', 'is', null)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) === 0) throw new Refused(conflict(TeamMessages.changing));
        if ((await signupStatus(trx, TEAM_SEATS, teamId, memberId)) !== 'active') {
          throw new Refused(conflict(TeamMessages.notTheirMember));
        }
        await sendTeamMessage(trx, {
          siteKey,
          userId: memberId,
          teamId,
          text: Texts.handedOver(team.name),
          key: `leader:${teamId}:${memberId}:${now}`,
          at: now,
        });
      });
    } catch (error) {
      throw this.answerOf(error);
    }
    return null;
  }

  /** Changes the settings (leader only): 400 for a limit below the member count, 409 for a taken name. */
  async update(siteKey: string, userId: number, body: UpdateTeamBody): Promise<TeamDetail> {
    const { team } = await requireLeader(this.db, siteKey, body.teamId, userId);
    const now = this.now();
    try {
      await this.db.transaction().execute(async (trx) => {
        if (body.name !== undefined && body.name !== team.name) {
          await this.refuseTakenName(trx, siteKey, body.name, team.id);
        }
        let query = trx
          .updateTable('teams')
          .set({
            name: body.name,
            avatar: body.avatar,
            intro: body.intro,
            join_mode: body.joinMode,
            capacity: body.capacity,
            updated_at: now,
          })
          .where('id', '=', team.id)
          .where('dissolved_at', 'is', null);
        // The limit never goes below the members there are at the moment of the change.
        if (body.capacity !== undefined) query = query.where('seats_taken', '<=', body.capacity);
        const result = await query.executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) {
          const current = await trx
            .selectFrom('teams')
            .select('seats_taken')
            .where('id', '=', team.id)
            .executeTakeFirstOrThrow();
          throw new Refused(invalid(TeamMessages.capacityBelow(current.seats_taken)));
        }
      });
    } catch (error) {
      throw this.answerOf(error);
    }
    await this.publicCache?.invalidate(siteKey);
    if (body.avatar !== undefined && body.avatar !== team.avatar) {
      await this.removeAvatarFile(team.avatar);
    }
    return this.detail(siteKey, team.id, userId);
  }

  /** A new invitation code, valid {@link TEAM_CODE_DAYS} days; the old one stops working (leader only). */
  async regenerateCode(siteKey: string, userId: number, teamId: number): Promise<InviteCode> {
    await requireLeader(this.db, siteKey, teamId, userId);
    const expiresAt = this.now() + TEAM_CODE_DAYS * DAY;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const code = newInviteCode();
      try {
        await this.db
          .updateTable('teams')
          .set({ invite_code: code, invite_expires_at: expiresAt, updated_at: this.now() })
          .where('id', '=', teamId)
          .execute();
        return { code, expiresAt: isoTime(expiresAt) };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
    throw conflict(TeamMessages.changing);
  }

  /**
   * Dissolves the team (leader only, who types its name to confirm): it leaves every list, its
   * pending requests close, and every member is told.
   */
  async dissolve(siteKey: string, userId: number, body: DissolveTeamBody): Promise<null> {
    const { team } = await requireLeader(this.db, siteKey, body.teamId, userId);
    if (body.confirmName !== team.name) throw invalid(TeamMessages.confirmName);
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      const done = await trx
        .updateTable('teams')
        .set({ dissolved_at: now, updated_at: now })
        .where('id', '=', team.id)
        .where('dissolved_at', 'is', null)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) === 0) throw conflict('该团队已解散');
      await trx
        .updateTable('team_requests')
        .set({ status: 'withdrawn', decided_at: now })
        .where('team_id', '=', team.id)
        .where('status', '=', 'pending')
        .execute();
      for (const memberId of await listMemberIds(trx, team.id)) {
        if (memberId === team.leader_id) continue;
        await sendTeamMessage(trx, {
          siteKey,
          userId: memberId,
          teamId: team.id,
          text: Texts.dissolved(team.name),
          key: `dissolved:${team.id}`,
          at: now,
        });
      }
    });
    await this.publicCache?.invalidate(siteKey);
    return null;
  }

  /**
   * Keeps an uploaded picture as a team avatar (any learner may upload one for a team they are
   * creating): checked by its content, resized to a square; answers its URL path.
   */
  async saveAvatar(files: readonly ReceivedFile[]): Promise<{ url: string }> {
    const { url } = await keepAvatar(files, this.avatars, '团队头像');
    return { url };
  }

  private async takePlace(team: TeamRow, userId: number): Promise<JoinResult> {
    const now = this.now();
    await signUpOrRefuse(
      this.db,
      TEAM_SEATS,
      {
        parentId: team.id,
        userId,
        now,
        values: {},
        within: async (trx) => {
          // A pending request is answered by joining.
          await trx
            .updateTable('team_requests')
            .set({ status: 'withdrawn', decided_at: now })
            .where('team_id', '=', team.id)
            .where('user_id', '=', userId)
            .where('status', '=', 'pending')
            .execute();
          await touchTeam(trx, team.id, now);
        },
      },
      { duplicate: TeamMessages.alreadyMember, full: TeamMessages.full },
    );
    return { teamId: team.id, state: 'member' };
  }

  /**
   * Cancels a membership and frees its place. The seat update locks the team row first; the
   * leader is re-read after it, so a hand-over to this member that won the lock refuses the leave.
   */
  private async releasePlace(
    teamId: number,
    memberId: number,
    notMember: string,
    within?: (trx: Transaction<Database>) => Promise<void>,
  ) {
    const now = this.now();
    const released = await releaseSeatAndCancel(this.db, TEAM_SEATS, {
      parentId: teamId,
      userId: memberId,
      now,
      within: async (trx) => {
        const row = await trx
          .selectFrom('teams')
          .select('leader_id')
          .where('id', '=', teamId)
          .executeTakeFirstOrThrow();
        if (row.leader_id === memberId) throw conflict(TeamMessages.leaderLeaving);
        await touchTeam(trx, teamId, now);
        await within?.(trx);
      },
    });
    if (!released.ok) throw conflict(notMember);
  }

  private async refuseTakenName(
    db: Kysely<Database>,
    siteKey: string,
    name: string,
    exceptId: number | null,
  ) {
    let query = db
      .selectFrom('teams')
      .select('id')
      .where('site_key', '=', siteKey)
      .where('name', '=', name)
      .where('dissolved_at', 'is', null);
    if (exceptId !== null) query = query.where('id', '<>', exceptId);
    if (await query.executeTakeFirst()) throw new Refused(conflict(TeamMessages.nameTaken));
  }

  /** What a refused transaction answers: its refusal, a taken name for a unique violation. */
  private answerOf(error: unknown): unknown {
    if (error instanceof Refused) return error.answer;
    if (isUniqueViolation(error)) return conflict(TeamMessages.nameTaken);
    return error;
  }

  /** Removes a kept team avatar file by its URL (only one of ours). */
  private async removeAvatarFile(url: string | null) {
    const name = url ? TEAM_AVATAR_URL.exec(url)?.[1] : undefined;
    if (name) await this.avatars.files.remove([`${this.avatars.folder}${name}`]);
  }
}

async function nicknameOf(db: Kysely<Database>, userId: number): Promise<string> {
  const row = await db
    .selectFrom('users')
    .select('nickname')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.nickname ?? '一位学员';
}
