import { z } from 'zod';
import { pageQuery } from './envelope.ts';
import { idParam, idQuery, memberShape, pagedIdQuery } from './parts.ts';
import {
  TEAM_CAPACITY_MAX,
  TEAM_CAPACITY_MIN,
  TEAM_INTRO_MAX,
  TEAM_JOIN_MODES,
  TEAM_MY_STATES,
  TEAM_NAME_MAX,
  TEAM_SORTS,
} from './team-values.ts';

/** A team in a list (card). */
export const teamCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** A URL path, or null for the default avatar. */
  avatar: z.string().nullable(),
  intro: z.string(),
  joinMode: z.enum(TEAM_JOIN_MODES),
  capacity: z.number().int(),
  memberCount: z.number().int(),
  leaderName: z.string(),
  createdAt: z.string(),
  lastActiveAt: z.string(),
});
export type TeamCard = z.infer<typeof teamCardSchema>;

/** A member of a team. */
export const teamMemberSchema = z.object({
  ...memberShape(),
  isLeader: z.boolean(),
  joinedAt: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** `GET /api/teams/detail?id=`: a live team, public; the caller's relation when logged in. */
export const teamDetailSchema = teamCardSchema.extend({
  leaderId: z.number().int(),
  /** The first members (leader first), for the team page; the full list is paged. */
  members: z.array(teamMemberSchema),
  myState: z.enum(TEAM_MY_STATES),
  /** Only for the leader: the invitation code and when it expires (ISO); null otherwise. */
  inviteCode: z.string().nullable(),
  inviteExpiresAt: z.string().nullable(),
  /** Only for the leader: pending requests to join. */
  pendingRequests: z.number().int(),
});
export type TeamDetail = z.infer<typeof teamDetailSchema>;

/** `GET /api/teams`: live teams of the site, by name search, most active or newest first. */
export const teamListQuerySchema = pageQuery.extend({
  q: z.string().trim().max(40, '不能超过 40 个字').optional(),
  sort: z.enum(TEAM_SORTS).default('active'),
});
export type TeamListQuery = z.infer<typeof teamListQuerySchema>;

export const teamDetailQuerySchema = idQuery();
export const teamMembersQuerySchema = pagedIdQuery();
export type TeamMembersQuery = z.infer<typeof teamMembersQuerySchema>;

const teamName = z
  .string()
  .trim()
  .min(2, '至少 2 个字')
  .max(TEAM_NAME_MAX, `不能超过 ${TEAM_NAME_MAX} 个字`);
const teamIntro = z.string().trim().max(TEAM_INTRO_MAX, `不能超过 ${TEAM_INTRO_MAX} 个字`);
const teamCapacity = z
  .number()
  .int('须为整数')
  .min(TEAM_CAPACITY_MIN, `不能少于 ${TEAM_CAPACITY_MIN} 人`)
  .max(TEAM_CAPACITY_MAX, `不能超过 ${TEAM_CAPACITY_MAX} 人`);
/** A team avatar answered by `POST /api/teams/avatar`. */
const teamAvatar = z
  .string()
  .regex(/^\/files\/team-avatars\/[A-Za-z0-9_-]{22}\.webp$/, '请重新上传')
  .nullable();

/** `POST /api/teams`: a new team led by the caller. */
export const createTeamBodySchema = z.object({
  name: teamName,
  avatar: teamAvatar.default(null),
  intro: teamIntro.default(''),
  joinMode: z.enum(TEAM_JOIN_MODES),
  capacity: teamCapacity,
});
export type CreateTeamBody = z.infer<typeof createTeamBodySchema>;

/** `POST /api/teams/update`: the leader changes the settings (every field optional). */
export const updateTeamBodySchema = z.object({
  teamId: idParam,
  name: teamName.optional(),
  avatar: teamAvatar.optional(),
  intro: teamIntro.optional(),
  joinMode: z.enum(TEAM_JOIN_MODES).optional(),
  capacity: teamCapacity.optional(),
});
export type UpdateTeamBody = z.infer<typeof updateTeamBodySchema>;

export const teamIdBodySchema = idQuery('teamId');
export type TeamIdBody = z.infer<typeof teamIdBodySchema>;

/** `POST /api/teams/join`: joins an open team, or asks to join an approval team. */
export const joinTeamBodySchema = z.object({
  teamId: idParam,
  message: z.string().trim().max(100, '不能超过 100 个字').default(''),
});
export type JoinTeamBody = z.infer<typeof joinTeamBodySchema>;

/** `POST /api/teams/join-by-code`. */
export const joinByCodeBodySchema = z.object({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{6,12}$/, '应为 6 到 12 位字母或数字'),
});
export type JoinByCodeBody = z.infer<typeof joinByCodeBodySchema>;

/** What a join answered: a member now, or a request waiting for the leader. */
export const joinResultSchema = z.object({
  teamId: z.number().int(),
  state: z.enum(['member', 'pending']),
});
export type JoinResult = z.infer<typeof joinResultSchema>;

/** A request to join, as the leader sees it. */
export const teamRequestSchema = z.object({
  id: z.number().int(),
  ...memberShape(),
  message: z.string(),
  createdAt: z.string(),
});
export type TeamRequest = z.infer<typeof teamRequestSchema>;

export const teamRequestsQuerySchema = pagedIdQuery();

/** `POST /api/teams/requests/decide`: the leader approves or refuses a pending request. */
export const decideRequestBodySchema = z.object({
  requestId: idParam,
  approve: z.boolean(),
});
export type DecideRequestBody = z.infer<typeof decideRequestBodySchema>;

/** `POST /api/teams/members/remove` and `/api/teams/hand-over`: a member of the team. */
export const teamMemberBodySchema = z.object({ teamId: idParam, userId: idParam });
export type TeamMemberBody = z.infer<typeof teamMemberBodySchema>;

/** `POST /api/teams/dissolve`: the leader types the team's name to confirm. */
export const dissolveTeamBodySchema = z.object({
  teamId: idParam,
  confirmName: z.string().trim().max(40, '过长'),
});
export type DissolveTeamBody = z.infer<typeof dissolveTeamBodySchema>;

/** `POST /api/teams/invite-code`: the new code. */
export const inviteCodeSchema = z.object({ code: z.string(), expiresAt: z.string() });
export type InviteCode = z.infer<typeof inviteCodeSchema>;

/** `POST /api/teams/avatar`: the kept picture's URL path, to put in a create or update. */
export const teamAvatarSchema = z.object({ url: z.string() });

/** `GET /api/teams/mine`: the teams I lead and the teams I am a member of. */
export const myTeamsSchema = z.object({
  leading: z.array(teamCardSchema),
  joined: z.array(teamCardSchema),
  leadLimit: z.number().int(),
});
export type MyTeams = z.infer<typeof myTeamsSchema>;
