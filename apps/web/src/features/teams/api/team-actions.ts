import type {
  CreateTeamBody,
  DissolveTeamBody,
  InviteCode,
  JoinResult,
  TeamDetail,
  UpdateTeamBody,
} from '@portal/contract';
import { ErrorCode } from '@portal/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { useRefreshingMutation } from '@/platform/queries/mutation.ts';
import { post, postMultipart } from '@/platform/request.ts';

/** Every team query: lists, details, members, requests, mine. */
const TEAM_QUERIES = { queryKey: ['teams'] };
/** The pages show these refusals themselves, next to the button. */
const QUIET = {
  loginRequired: true,
  quiet: [ErrorCode.invalid, ErrorCode.conflict, ErrorCode.forbidden, ErrorCode.notFound],
} as const;

/** `POST /api/teams`: a new team led by me. */
export const useCreateTeam = () =>
  useRefreshingMutation(
    (body: Omit<CreateTeamBody, 'avatar'> & { avatar?: string | null }) =>
      post<TeamDetail>('/teams', body, QUIET),
    TEAM_QUERIES,
  );

/** `POST /api/teams/update`: the leader's settings. */
export const useUpdateTeam = () =>
  useRefreshingMutation(
    (body: Omit<UpdateTeamBody, 'avatar'> & { avatar?: string | null }) =>
      post<TeamDetail>('/teams/update', body, QUIET),
    TEAM_QUERIES,
  );

/** `POST /api/teams/avatar`: keeps a picture; answers its URL for the form. */
export const useTeamAvatarUpload = () =>
  useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return postMultipart<{ url: string }>('/teams/avatar', form, { quiet: [ErrorCode.invalid] });
    },
  });

/** `POST /api/teams/join`: joins an open team or asks to join an approval team. */
export const useJoinTeam = () =>
  useRefreshingMutation(
    (body: { teamId: number; message?: string }) => post<JoinResult>('/teams/join', body, QUIET),
    TEAM_QUERIES,
  );

/** `POST /api/teams/join-by-code`. */
export const useJoinByCode = () =>
  useRefreshingMutation(
    (code: string) => post<JoinResult>('/teams/join-by-code', { code }, QUIET),
    TEAM_QUERIES,
  );

/** `POST /api/teams/leave`. */
export const useLeaveTeam = () =>
  useRefreshingMutation(
    (teamId: number) => post<null>('/teams/leave', { teamId }, QUIET),
    TEAM_QUERIES,
  );

/** `POST /api/teams/requests/decide` (leader). */
export const useDecideRequest = () =>
  useRefreshingMutation(
    (body: { requestId: number; approve: boolean }) =>
      post<null>('/teams/requests/decide', body, QUIET),
    TEAM_QUERIES,
  );

/** `POST /api/teams/members/remove` (leader). */
export const useRemoveMember = () =>
  useRefreshingMutation(
    (body: { teamId: number; userId: number }) => post<null>('/teams/members/remove', body, QUIET),
    TEAM_QUERIES,
  );

/** `POST /api/teams/hand-over` (leader). */
export const useHandOver = () =>
  useRefreshingMutation(
    (body: { teamId: number; userId: number }) => post<null>('/teams/hand-over', body, QUIET),
    TEAM_QUERIES,
  );

/** `POST /api/teams/invite-code` (leader). */
export const useNewInviteCode = () =>
  useRefreshingMutation(
    (teamId: number) => post<InviteCode>('/teams/invite-code', { teamId }, QUIET),
    TEAM_QUERIES,
  );

/** `POST /api/teams/dissolve` (leader). */
export const useDissolveTeam = () =>
  useRefreshingMutation(
    (body: DissolveTeamBody) => post<null>('/teams/dissolve', body, QUIET),
    TEAM_QUERIES,
  );
