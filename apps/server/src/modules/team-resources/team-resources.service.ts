import {
  ErrorCode,
  type Page,
  TEAM_RESOURCE_LIMIT,
  type TeamMemberProgress,
  type TeamProgress,
  type TeamProgressNumbers,
  type TeamProgressQuery,
  type TeamResourceCandidate,
  type TeamResourceCandidatesQuery,
  type TeamResourceKind,
  type TeamResourceRef,
  type TeamResourceState,
  type TeamResources,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError, conflict, invalid } from '../../platform/errors.ts';
import type { PublicCache } from '../../platform/public-cache.ts';
import { isoTime } from '../../platform/time.ts';
import { withCards } from '../content/content-kinds.ts';
import { isVisible } from '../favourites/favourites.queries.ts';
import type { FavouriteService } from '../favourites/favourites.service.ts';
import type { SearchService } from '../search/search.service.ts';
import { requireLeader, requireMember, teamAccess } from '../teams/team-roles.ts';
import {
  countLinked,
  countTeamResources,
  deleteTeamResource,
  findLinkedIds,
  giveResourcePlace,
  insertTeamResource,
  listMemberProgress,
  listTeamResourceRows,
  takeResourcePlace,
} from './team-resources.queries.ts';

export const TeamResourceMessages = {
  hidden: '资源不存在或已下线',
  duplicate: '该资源已关联到本团队',
  full: `每个团队最多关联 ${TEAM_RESOURCE_LIMIT} 个资源，请先取消关联一些`,
  emptySearch: '请输入搜索内容',
} as const;

const ZERO: TeamProgressNumbers = { lessons: 0, minutes: 0, activities: 0, pages: 0, classes: 0 };

/** A search hit or a favourite (a content card of `kind`) as a candidate to link. */
function candidateOf(
  kind: string,
  resourceId: number,
  card: { title: string; cover: string | null; subtitle: string },
): Omit<TeamResourceCandidate, 'linked'> {
  return {
    kind: kind as TeamResourceKind,
    resourceId,
    title: card.title,
    cover: card.cover,
    subtitle: card.subtitle,
  };
}

/**
 * A team's linked resources (团队资源): anyone sees them; only the team's leader links and
 * unlinks them (picking from a search of the site or from their favourites); the members and
 * the leader see each member's progress on them (学习进度).
 */
export class TeamResourcesService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly searches: SearchService,
    private readonly favourites: FavouriteService,
    private readonly now: () => number = () => Date.now(),
    /** Visitors' kept answers (the team's resources among them), dropped on a change. */
    private readonly publicCache?: PublicCache,
  ) {}

  /** The team's linked resources that are still published, newest first (public). */
  async list(siteKey: string, teamId: number): Promise<TeamResources> {
    await teamAccess(this.db, siteKey, teamId, null);
    const rows = await listTeamResourceRows(this.db, teamId);
    const cards = await withCards(this.db, siteKey, rows, (row) => [row.kind, row.resource_id]);
    return {
      limit: TEAM_RESOURCE_LIMIT,
      list: cards.map(({ row, card }) => ({
        kind: row.kind,
        resourceId: row.resource_id,
        ...card,
        linkedAt: isoTime(row.created_at),
      })),
    };
  }

  /**
   * Links a published resource of the site (leader only): 409 when it is linked already or the
   * team is at its limit, both decided by the database in one transaction.
   */
  async link(siteKey: string, userId: number, ref: TeamResourceRef): Promise<TeamResourceState> {
    await requireLeader(this.db, siteKey, ref.teamId, userId);
    if (!(await isVisible(this.db, siteKey, ref.kind, ref.resourceId))) {
      throw new AppError(ErrorCode.notFound, TeamResourceMessages.hidden);
    }
    const count = await this.db.transaction().execute(async (trx) => {
      const taken = await takeResourcePlace(trx, ref.teamId, TEAM_RESOURCE_LIMIT);
      if (taken === null) throw conflict(TeamResourceMessages.full);
      const inserted = await insertTeamResource(trx, { ...ref, userId, at: this.now() });
      if (!inserted) throw conflict(TeamResourceMessages.duplicate);
      return taken;
    });
    await this.publicCache?.invalidate(siteKey);
    return { linked: true, count };
  }

  /** Unlinks a resource (leader only); unlinking one that is not linked changes nothing. */
  async unlink(siteKey: string, userId: number, ref: TeamResourceRef): Promise<TeamResourceState> {
    await requireLeader(this.db, siteKey, ref.teamId, userId);
    const count = await this.db.transaction().execute(async (trx) => {
      const deleted = await deleteTeamResource(trx, ref);
      return deleted ? giveResourcePlace(trx, ref.teamId) : countTeamResources(trx, ref.teamId);
    });
    await this.publicCache?.invalidate(siteKey);
    return { linked: false, count };
  }

  /** What the leader may link: a search of the site or their favourites, each marked if linked. */
  async candidates(
    siteKey: string,
    userId: number,
    query: TeamResourceCandidatesQuery,
  ): Promise<Page<TeamResourceCandidate>> {
    await requireLeader(this.db, siteKey, query.teamId, userId);
    const { page, size, kind } = query;
    let found: Page<Omit<TeamResourceCandidate, 'linked'>>;
    if (query.source === 'search') {
      if (query.q === '') throw invalid(TeamResourceMessages.emptySearch);
      const results = await this.searches.search(siteKey, { q: query.q, type: kind, page, size });
      found = {
        ...results,
        list: results.list.map((item) => candidateOf(item.type, item.id, item)),
      };
    } else {
      const saved = await this.favourites.list(siteKey, userId, { contentType: kind, page, size });
      found = {
        ...saved,
        list: saved.list.map((item) => candidateOf(item.contentType, item.contentId, item)),
      };
    }
    const linked = await findLinkedIds(
      this.db,
      query.teamId,
      kind,
      found.list.map((item) => item.resourceId),
    );
    return {
      ...found,
      list: found.list.map((item) => ({ ...item, linked: linked.has(item.resourceId) })),
    };
  }

  /**
   * Each active member's progress on the team's linked resources, sorted (descending, then by
   * joining), with the team's totals: members and the leader only.
   */
  async progress(siteKey: string, userId: number, query: TeamProgressQuery): Promise<TeamProgress> {
    const { team } = await requireMember(this.db, siteKey, query.teamId, userId);
    const [members, linked] = await Promise.all([
      listMemberProgress(this.db, team.id),
      countLinked(this.db, team.id),
    ]);
    const rows: TeamMemberProgress[] = members.map((member) => ({
      userId: member.id,
      nickname: member.nickname,
      avatar: member.avatar,
      leader: member.id === team.leader_id,
      lessons: Number(member.lessons ?? 0),
      minutes: Math.floor(Number(member.seconds ?? 0) / 60),
      activities: Number(member.activities ?? 0),
      pages: Number(member.pages ?? 0),
      classes: Number(member.classes ?? 0),
    }));
    // A stable sort: members with equal numbers stay in the order they joined.
    rows.sort((a, b) => b[query.sort] - a[query.sort]);
    const totals = rows.reduce<TeamProgressNumbers>(
      (sum, row) => ({
        lessons: sum.lessons + row.lessons,
        minutes: sum.minutes + row.minutes,
        activities: sum.activities + row.activities,
        pages: sum.pages + row.pages,
        classes: sum.classes + row.classes,
      }),
      ZERO,
    );
    return {
      teamId: team.id,
      teamName: team.name,
      sort: query.sort,
      linked,
      members: rows,
      totals,
    };
  }
}
