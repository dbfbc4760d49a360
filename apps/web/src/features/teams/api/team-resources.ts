import type {
  TeamResourceCandidate,
  TeamResourceKind,
  TeamResourceRef,
  TeamResourceState,
  TeamResources,
} from '@portal/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getQueryOptions } from '@/platform/queries/get.ts';
import { pagedQueryOptions } from '@/platform/queries/paged.ts';
import { post } from '@/platform/request.ts';

/** `GET /api/team-resources?teamId=`: what the team links (public). */
export const teamResourcesQueryOptions = (teamId: number) =>
  getQueryOptions<TeamResources>(['teams', 'resources', teamId], '/team-resources', { teamId });

export const useTeamResources = (teamId: number) => useQuery(teamResourcesQueryOptions(teamId));

/** Where the leader picks from: a search of the site (with `q`) or their favourites. */
export type CandidateSource = 'search' | 'favourites';

/** `GET /api/team-resources/candidates`: one kind's search hits or favourites, marked if linked. */
export const teamResourceCandidatesQueryOptions = (
  teamId: number,
  kind: TeamResourceKind,
  source: CandidateSource,
  q: string,
) =>
  pagedQueryOptions<TeamResourceCandidate>(
    ['teams', 'resources', teamId, 'candidates', kind, source, q],
    '/team-resources/candidates',
    { teamId, kind, source, q: source === 'search' ? q : undefined },
    { loginRequired: true, staleTime: 0 },
  );

export const useTeamResourceCandidates = (
  teamId: number,
  kind: TeamResourceKind,
  source: CandidateSource,
  q: string,
) =>
  useInfiniteQuery({
    ...teamResourceCandidatesQueryOptions(teamId, kind, source, q),
    enabled: source === 'favourites' || q !== '',
  });

/** 关联 / 取消关联: refreshes the team's resources and the candidate lists. */
export function useLinkTeamResource(teamId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ link, ...ref }: TeamResourceRef & { link: boolean }) =>
      post<TeamResourceState>(link ? '/team-resources/link' : '/team-resources/unlink', ref, {
        loginRequired: true,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: ['teams', 'resources', teamId] }),
  });
}
