import type { TeamProgress, TeamProgressSort } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@/platform/request.ts';

/** `GET /api/team-resources/progress?teamId=&sort=`: each member's progress and the totals. */
export const teamProgressQueryOptions = (teamId: number, sort: TeamProgressSort) =>
  queryOptions({
    queryKey: ['teams', 'progress', teamId, sort],
    queryFn: ({ signal }) =>
      get<TeamProgress>(
        '/team-resources/progress',
        { teamId, sort },
        { signal, loginRequired: true, quiet: [403, 404, 409] },
      ),
    staleTime: 0,
  });

export const useTeamProgress = (teamId: number, sort: TeamProgressSort) =>
  useQuery(teamProgressQueryOptions(teamId, sort));
