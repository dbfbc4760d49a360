import { z } from 'zod';
import { idQuery } from './parts.ts';
import { RANKING_PERIODS, RANKING_SCOPES } from './team-values.ts';

/** `GET /api/rankings?scope=&period=` (login optional: a visitor sees the list only). */
export const rankingQuerySchema = z.object({
  scope: z.enum(RANKING_SCOPES).default('learner'),
  period: z.enum(RANKING_PERIODS).default('week'),
});
export type RankingQuery = z.infer<typeof rankingQuerySchema>;

/** Who is ranked, a learner or a team (`id` is theirs), and their points in the period. */
const standingShape = () => ({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string().nullable(),
  points: z.number().int(),
});

/**
 * One place: `rank` counts those with more points plus one, so equal points share a place
 * (1, 2, 2, 4); `id` is the learner's or the team's.
 */
export const rankingEntrySchema = z.object({
  rank: z.number().int(),
  ...standingShape(),
});
export type RankingEntry = z.infer<typeof rankingEntrySchema>;

/** The caller's own place, or one of their teams'; `rank` null with no points in the period. */
export const rankingPlaceSchema = z.object({
  ...standingShape(),
  rank: z.number().int().nullable(),
});
export type RankingPlace = z.infer<typeof rankingPlaceSchema>;

export const rankingSchema = z.object({
  scope: z.enum(RANKING_SCOPES),
  period: z.enum(RANKING_PERIODS),
  /** The dates counted (Asia/Shanghai), e.g. `2026-11-23 至 2026-11-29`; `全部` for all time. */
  range: z.string(),
  /** Learners (or teams) with points in the period. */
  ranked: z.number().int(),
  /** The top {@link RANKING_TOP}, best first. */
  list: z.array(rankingEntrySchema),
  /** The caller's place (learners), null for a visitor. */
  mine: rankingPlaceSchema.nullable(),
  /** The places of the caller's teams on the site (empty for a visitor or without teams). */
  myTeams: z.array(rankingPlaceSchema),
});
export type Ranking = z.infer<typeof rankingSchema>;

/** `GET /api/rankings/team?teamId=` (public): one team's place in each period. */
export const teamRankQuerySchema = idQuery('teamId');
export type TeamRankQuery = z.infer<typeof teamRankQuerySchema>;

export const teamRankSchema = z.object({
  teamId: z.number().int(),
  places: z.array(
    z.object({
      period: z.enum(RANKING_PERIODS),
      points: z.number().int(),
      /** Null with no points in the period. */
      rank: z.number().int().nullable(),
    }),
  ),
});
export type TeamRank = z.infer<typeof teamRankSchema>;
