import type { TeamProgress, TeamProgressSort } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/platform/queries/get.ts';

/** `GET /api/team-resources/progress?teamId=&sort=`: each member's progress and the totals. */
export const teamProgressQueryOptions = (teamId: number, sort: TeamProgressSort) =>
  getQueryOptions<TeamProgress>(
    ['teams', 'progress', teamId, sort],
    '/team-resources/progress',
    { teamId, sort },
    { loginRequired: true, quiet: [403, 404, 409], staleTime: 0 },
  );

export const useTeamProgress = (teamId: number, sort: TeamProgressSort) =>
  useQuery(teamProgressQueryOptions(teamId, sort));
