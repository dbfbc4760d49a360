import type {
  MyTeams,
  TeamCard,
  TeamDetail,
  TeamMember,
  TeamRequest,
  TeamSort,
} from '@portal/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { detailQueryOptions } from '@/platform/queries/detail.ts';
import { getQueryOptions } from '@/platform/queries/get.ts';
import { pagedQueryOptions } from '@/platform/queries/paged.ts';
import { isLoggedIn } from '@/platform/session.ts';

// Every team query's key starts with `teams`, so a join, leave or change refreshes them all.

/** `GET /api/teams`: live teams, by name search, most active or newest first. */
export const teamListQueryOptions = (q: string, sort: TeamSort) =>
  pagedQueryOptions<TeamCard>(['teams', 'list', q, sort], '/teams', { q: q || undefined, sort });

export const useTeamList = (q: string, sort: TeamSort) =>
  useInfiniteQuery(teamListQueryOptions(q, sort));

/** `GET /api/teams/detail?id=`: a team with its first members and my relation to it. */
export const teamDetailQueryOptions = (id: number) =>
  detailQueryOptions<TeamDetail>(['teams', 'detail', id], '/teams/detail', { id });

/** `GET /api/teams/members?id=`: all the members, the leader first. */
export const useTeamMembers = (id: number) =>
  useInfiniteQuery(
    pagedQueryOptions<TeamMember>(['teams', 'members', id], '/teams/members', { id }),
  );

/** `GET /api/teams/requests?id=`: pending requests (leader only). */
export const useTeamRequests = (id: number, enabled: boolean) =>
  useInfiniteQuery(
    pagedQueryOptions<TeamRequest>(
      ['teams', 'requests', id],
      '/teams/requests',
      { id },
      { loginRequired: true, enabled },
    ),
  );

/** `GET /api/teams/mine`: the teams I lead and the teams I am in. */
export const myTeamsQueryOptions = () =>
  getQueryOptions<MyTeams>(
    ['teams', 'mine'],
    '/teams/mine',
    {},
    {
      loginRequired: true,
      enabled: isLoggedIn(),
    },
  );

export const useMyTeams = () => useQuery(myTeamsQueryOptions());
