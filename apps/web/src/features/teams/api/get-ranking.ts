import type { Ranking, RankingPeriod, RankingScope, TeamRank } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/platform/queries/get.ts';

/** `GET /api/rankings?scope=&period=`: the top 100, my place and my teams' places. */
export const rankingQueryOptions = (scope: RankingScope, period: RankingPeriod) =>
  getQueryOptions<Ranking>(
    ['teams', 'ranking', scope, period],
    '/rankings',
    { scope, period },
    { staleTime: 30_000 },
  );

export const useRanking = (scope: RankingScope, period: RankingPeriod) =>
  useQuery(rankingQueryOptions(scope, period));

/** `GET /api/rankings/team?teamId=`: one team's places this week, this month and in all. */
export const teamRankQueryOptions = (teamId: number) =>
  getQueryOptions<TeamRank>(
    ['teams', 'ranking', 'team', teamId],
    '/rankings/team',
    { teamId },
    { quiet: true, staleTime: 30_000 },
  );

export const useTeamRank = (teamId: number) => useQuery(teamRankQueryOptions(teamId));
