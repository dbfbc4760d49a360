import type { TeamWorkSummary } from '@portal/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { pagedQueryOptions } from '@/platform/queries/paged.ts';

/** `GET /api/team-works?teamId=` (public): a team's works, featured first, then newest. */
export const teamWorksQueryOptions = (teamId: number, size = 10) =>
  pagedQueryOptions<TeamWorkSummary>(
    ['team-works', 'list', teamId, size],
    '/team-works',
    { teamId },
    { size },
  );

export const useTeamWorks = (teamId: number, size?: number) =>
  useInfiniteQuery(teamWorksQueryOptions(teamId, size));
