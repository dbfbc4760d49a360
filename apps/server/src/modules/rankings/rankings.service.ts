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
import { ShortCache } from '../../platform/short-cache.ts';
import { teamAccess } from '../teams/team-roles.ts';
import { periodKey, periodRange } from './rankings.periods.ts';
import {
  countLearnersAbove,
  countTeamsAbove,
  type Face,
  findLearnerFaces,
  findLearnerPoints,
  findLiveTeamFaces,
  findProfile,
  findTeamPoints,
  lastLedgerId,
  lastTeamChange,
  listLearnerSpread,
  listMyTeams,
  listTeamSpread,
  listTopLearnerIds,
  listTopTeamIds,
  type PeriodFilter,
  type Standing,
} from './rankings.queries.ts';

/**
 * How long one instance reuses a period's standings (its top ids with their names and avatars,
 * and how many hold each total). Others' points, names and avatars reach a ranking within this
 * delay; a learner's own never wait, nor does a change of a team (see {@link RankingsService}).
 */
export const RANKING_CACHE_MS = 3_000;

/** Teams read beyond the top, so that dissolved ones among them can be left out. */
const DISSOLVED_SLACK = 20;

type Scope = RankingQuery['scope'];

/** Where a period stands: its top and the number of learners (or live teams) above any total. */
interface Standings {
  /** The top ids, best first (teams: {@link DISSOLVED_SLACK} more, dissolved ones among them). */
  top(): Promise<Standing[]>;
  /** How many have more than `points` (with `points` 0: all with any). */
  above(points: number): Promise<number>;
}

/**
 * The standings of a period as read at one moment: the top ids with their names and avatars,
 * and the totals' spread as sorted arrays, so a place is a binary search. `ledgerMark` is the
 * newest ledger row when they were read: a learner with a newer row of their own has changed
 * them since. `teamMark` is the site's latest team change then: a team renamed or dissolved since
 * (by anyone: a leader's own action among them) makes them out of date for teams.
 */
class Snapshot implements Standings {
  /** `totals[i]` descending; `atLeast[i]`: how many hold `totals[i]` or more. */
  private readonly totals: number[] = [];
  private readonly atLeast: number[] = [];

  constructor(
    readonly ledgerMark: number,
    readonly teamMark: number,
    private readonly best: Standing[],
    spread: readonly { points: number; count: number }[],
    /** The names and avatars of `best` (teams: the live ones). */
    readonly faces: Map<number, Face>,
  ) {
    let sum = 0;
    for (const bucket of spread) {
      sum += bucket.count;
      this.totals.push(bucket.points);
      this.atLeast.push(sum);
    }
  }

  async top() {
    return this.best;
  }

  async above(points: number) {
    // The last total greater than `points` (the totals descend).
    let low = 0;
    let high = this.totals.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((this.totals[middle] as number) > points) low = middle + 1;
      else high = middle;
    }
    return low === 0 ? 0 : (this.atLeast[low - 1] as number);
  }
}

/** The standings read from the database at each call: for a learner who just changed them. */
function liveStandings(db: Kysely<Database>, filter: PeriodFilter, scope: Scope): Standings {
  return scope === 'learner'
    ? {
        top: () => listTopLearnerIds(db, filter, RANKING_TOP),
        above: (points) => countLearnersAbove(db, filter, points),
      }
    : {
        top: () => listTopTeamIds(db, filter, RANKING_TOP + DISSOLVED_SLACK),
        above: (points) => countTeamsAbove(db, filter, points),
      };
}

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
 *
 * Each instance keeps a period's standings, with the top's names and avatars, for
 * {@link RANKING_CACHE_MS}, so a district's learners reading the rankings cost a binary search
 * each, not a count over the totals and a hundred names. What a learner's own action changes is
 * never answered from them: their own points, name and avatar and their teams' are read at each
 * call; a learner whose own ledger has a row newer than the standings is answered from the
 * database, and so is everyone once a team of the site changed (renamed, dissolved...) since
 * they were read, which its `updated_at` tells.
 */
export class RankingsService {
  private readonly snapshots = new ShortCache<Snapshot>(RANKING_CACHE_MS);

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async ranking(siteKey: string, userId: number | null, query: RankingQuery): Promise<Ranking> {
    const at = this.now();
    const filter: PeriodFilter = { siteKey, period: periodKey(query.period, at) };
    const [snapshot, ownMark, teamMark] = await Promise.all([
      this.snapshot(filter, query.scope, at),
      userId === null ? 0 : lastLedgerId(this.db, { siteKey, userId }),
      lastTeamChange(this.db, siteKey),
    ]);
    // A learner who changed their own points since the snapshot is answered from the database,
    // and so is a team ranking after a change of a team (its name, or a dissolution).
    const ownPoints = ownMark > snapshot.ledgerMark;
    const fresh = ownPoints || (query.scope === 'team' && teamMark !== snapshot.teamMark);
    const standings = fresh ? liveStandings(this.db, filter, query.scope) : snapshot;
    const [list, ranked, mine, myTeams] = await Promise.all([
      this.list(query.scope, standings, fresh ? null : snapshot.faces),
      standings.above(0),
      userId === null ? null : this.learnerPlace(filter, userId, standings),
      userId === null ? [] : this.teamPlaces(filter, userId, at, ownPoints, teamMark),
    ]);
    return {
      scope: query.scope,
      period: query.period,
      range: periodRange(query.period, at),
      ranked,
      // The learner's own name and avatar as they are now (the kept names are others').
      list:
        mine === null || query.scope !== 'learner'
          ? list
          : list.map((entry) =>
              entry.id === mine.id ? { ...entry, name: mine.name, avatar: mine.avatar } : entry,
            ),
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
        const [points, standings] = await Promise.all([
          findTeamPoints(this.db, filter, teamId),
          this.snapshot(filter, 'team', at),
        ]);
        const rank = points > 0 ? 1 + (await standings.above(points)) : null;
        return { period, points, rank };
      }),
    );
    return { teamId, places };
  }

  /** A period's standings as this instance last read them, read again when too old. */
  private snapshot(filter: PeriodFilter, scope: Scope, at: number): Promise<Snapshot> {
    return this.snapshots.get(`${filter.siteKey}\n${filter.period}\n${scope}`, at, async () => {
      // The marks first: an award or a team change they count was written before the rest is read.
      const [ledgerMark, teamMark] = await Promise.all([
        lastLedgerId(this.db),
        lastTeamChange(this.db, filter.siteKey),
      ]);
      const live = liveStandings(this.db, filter, scope);
      const [top, spread] = await Promise.all([
        live.top(),
        scope === 'learner' ? listLearnerSpread(this.db, filter) : listTeamSpread(this.db, filter),
      ]);
      return new Snapshot(ledgerMark, teamMark, top, spread, await this.faces(scope, top));
    });
  }

  /** The names and avatars of `top` as they are now (of live teams only). */
  private faces(scope: Scope, top: readonly Standing[]): Promise<Map<number, Face>> {
    const ids = top.map((row) => row.id);
    return scope === 'learner' ? findLearnerFaces(this.db, ids) : findLiveTeamFaces(this.db, ids);
  }

  /**
   * The top with names and avatars (dissolved teams left out), placed: the names kept with the
   * standings when given, else read now.
   */
  private async list(
    scope: Scope,
    standings: Standings,
    kept: Map<number, Face> | null,
  ): Promise<RankingEntry[]> {
    const top = await standings.top();
    const faces = kept ?? (await this.faces(scope, top));
    const named = top.flatMap((row) => {
      const face: Face | undefined = faces.get(row.id);
      return face ? [{ id: row.id, ...face, points: row.points }] : [];
    });
    return placed(named.slice(0, RANKING_TOP));
  }

  private async learnerPlace(filter: PeriodFilter, userId: number, standings: Standings) {
    const [profile, points] = await Promise.all([
      findProfile(this.db, userId),
      findLearnerPoints(this.db, filter, userId),
    ]);
    const rank = points > 0 ? 1 + (await standings.above(points)) : null;
    return {
      id: userId,
      name: profile?.nickname ?? '',
      avatar: profile?.avatar ?? null,
      points,
      rank,
    };
  }
  /**
   * The learner's live teams with their places: from the kept team standings unless the learner
   * changed their points since, or a team changed since they were read (`teamMark`, now).
   */
  private async teamPlaces(
    filter: PeriodFilter,
    userId: number,
    at: number,
    ownPoints: boolean,
    teamMark: number,
  ) {
    const [teams, snapshot] = await Promise.all([
      listMyTeams(this.db, filter, userId),
      this.snapshot(filter, 'team', at),
    ]);
    const standings =
      ownPoints || snapshot.teamMark !== teamMark
        ? liveStandings(this.db, filter, 'team')
        : snapshot;
    return Promise.all(
      teams.map(async (team) => {
        const points = Number(team.points ?? 0);
        const rank = points > 0 ? 1 + (await standings.above(points)) : null;
        return { id: team.id, name: team.name, avatar: team.avatar, points, rank };
      }),
    );
  }
}
