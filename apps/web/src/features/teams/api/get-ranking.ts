import type { Ranking, RankingPeriod, RankingScope, TeamRank } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@/platform/request.ts';

/** `GET /api/rankings?scope=&period=`: the top 100, my place and my teams' places. */
export const rankingQueryOptions = (scope: RankingScope, period: RankingPeriod) =>
  queryOptions({
    queryKey: ['teams', 'ranking', scope, period],
    queryFn: ({ signal }) => get<Ranking>('/rankings', { scope, period }, { signal }),
    staleTime: 30_000,
  });

export const useRanking = (scope: RankingScope, period: RankingPeriod) =>
  useQuery(rankingQueryOptions(scope, period));

/** `GET /api/rankings/team?teamId=`: one team's places this week, this month and in all. */
export const teamRankQueryOptions = (teamId: number) =>
  queryOptions({
    queryKey: ['teams', 'ranking', 'team', teamId],
    queryFn: ({ signal }) => get<TeamRank>('/rankings/team', { teamId }, { signal, quiet: true }),
    staleTime: 30_000,
  });

export const useTeamRank = (teamId: number) => useQuery(teamRankQueryOptions(teamId));
