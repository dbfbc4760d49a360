import {
  RANKING_PERIODS,
  RANKING_TOP,
  type Ranking,
  type RankingEntry,
  type RankingQuery,
  type TeamRank,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { teamAccess } from '../teams/team-roles.ts';
import { periodKey, periodRange } from './rankings.periods.ts';
import {
  countLearnersAbove,
  countTeamsAbove,
  findLearnerPoints,
  findProfile,
  findTeamPoints,
  listMyTeams,
  listTopLearners,
  listTopTeams,
  type PeriodFilter,
} from './rankings.queries.ts';

interface Scored {
  id: number;
  name: string;
  avatar: string | null;
  points: number | string;
}

/** Places of a list sorted best first: equal points share a place (1, 2, 2, 4). */
function placed(rows: Scored[]): RankingEntry[] {
  const entries: RankingEntry[] = [];
  rows.forEach((row, index) => {
    const points = Number(row.points);
    const previous = entries[index - 1];
    const rank = previous && previous.points === points ? previous.rank : index + 1;
    entries.push({ rank, id: row.id, name: row.name, avatar: row.avatar, points });
  });
  return entries;
}

/**
 * Rankings (排行榜) of a site's learners and teams by the points they earned this week, this
 * month or in all, read from the aggregates the points awards keep (`rankings.aggregate.ts`),
 * never by summing the ledger. A place is 1 + those with more points.
 */
export class RankingsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async ranking(siteKey: string, userId: number | null, query: RankingQuery): Promise<Ranking> {
    const at = this.now();
    const filter: PeriodFilter = { siteKey, period: periodKey(query.period, at) };
    const learners = query.scope === 'learner';
    const [top, ranked, mine, myTeams] = await Promise.all([
      learners
        ? listTopLearners(this.db, filter, RANKING_TOP)
        : listTopTeams(this.db, filter, RANKING_TOP),
      learners ? countLearnersAbove(this.db, filter, 0) : countTeamsAbove(this.db, filter, 0),
      userId === null ? null : this.learnerPlace(filter, userId),
      userId === null ? [] : this.teamPlaces(filter, userId),
    ]);
    return {
      scope: query.scope,
      period: query.period,
      range: periodRange(query.period, at),
      ranked,
      list: placed(top),
      mine,
      myTeams,
    };
  }

  /** One live team's points and place this week, this month and in all (public). */
  async teamRank(siteKey: string, teamId: number): Promise<TeamRank> {
    await teamAccess(this.db, siteKey, teamId, null);
    const at = this.now();
    const places = await Promise.all(
      RANKING_PERIODS.map(async (period) => {
        const filter: PeriodFilter = { siteKey, period: periodKey(period, at) };
        const points = await findTeamPoints(this.db, filter, teamId);
        const rank = points > 0 ? 1 + (await countTeamsAbove(this.db, filter, points)) : null;
        return { period, points, rank };
      }),
    );
    return { teamId, places };
  }

  private async learnerPlace(filter: PeriodFilter, userId: number) {
    const [profile, points] = await Promise.all([
      findProfile(this.db, userId),
      findLearnerPoints(this.db, filter, userId),
    ]);
    const rank = points > 0 ? 1 + (await countLearnersAbove(this.db, filter, points)) : null;
    return {
      id: userId,
      name: profile?.nickname ?? '',
      avatar: profile?.avatar ?? null,
      points,
      rank,
    };
  }

  private async teamPlaces(filter: PeriodFilter, userId: number) {
    const teams = await listMyTeams(this.db, filter, userId);
    return Promise.all(
      teams.map(async (team) => {
        const points = Number(team.points ?? 0);
        const rank = points > 0 ? 1 + (await countTeamsAbove(this.db, filter, points)) : null;
        return { id: team.id, name: team.name, avatar: team.avatar, points, rank };
      }),
    );
  }
}
