import { z } from 'zod';
import { idParam, idQuery, pagedIdQuery, profileShape } from './parts.ts';
import { TEAM_WORK_COMMENT_MAX } from './team-work-limits.ts';

export * from './team-work-limits.ts';

/** Who wrote a work or a comment, as others see them. */
export const teamWorkAuthorSchema = z.object({
  id: z.number().int(),
  ...profileShape(),
});
export type TeamWorkAuthor = z.infer<typeof teamWorkAuthorSchema>;

/** A picture of a work: the resized WebP and its square thumbnail, both public URLs. */
export const teamWorkImageSchema = z.object({
  url: z.string(),
  thumbUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type TeamWorkImage = z.infer<typeof teamWorkImageSchema>;

/** What the viewer may do with a work (all false for a visitor). */
export const teamWorkPermissionsSchema = z.object({
  /** The author or the team's leader. */
  canDelete: z.boolean(),
  /** The team's leader. */
  canFeature: z.boolean(),
});

/** A work in a team's list. */
export const teamWorkSummarySchema = z.object({
  id: z.number().int(),
  teamId: z.number().int(),
  author: teamWorkAuthorSchema,
  /** Plain text (render as text, never as HTML). */
  text: z.string(),
  images: z.array(teamWorkImageSchema),
  featured: z.boolean(),
  likeCount: z.number().int(),
  commentCount: z.number().int(),
  /** Whether the viewer liked it (false for a visitor). */
  liked: z.boolean(),
  createdAt: z.number().int(),
});
export type TeamWorkSummary = z.infer<typeof teamWorkSummarySchema>;

/** `GET /api/team-works/detail?id=` (public): the work, its team's name and what the viewer may do. */
export const teamWorkDetailSchema = teamWorkSummarySchema.extend({
  teamName: z.string(),
  permissions: teamWorkPermissionsSchema,
  /** Whether the viewer may post in this team (a member or its leader). */
  viewerIsMember: z.boolean(),
});
export type TeamWorkDetail = z.infer<typeof teamWorkDetailSchema>;

/** `GET /api/team-works?teamId=` (public): featured first, then newest. */
export const teamWorkListQuerySchema = pagedIdQuery('teamId');
export type TeamWorkListQuery = z.infer<typeof teamWorkListQuerySchema>;

export const teamWorkDetailQuerySchema = idQuery();

/** A comment on a work; `canDelete` for its author and the team's leader. */
export const teamWorkCommentSchema = z.object({
  id: z.number().int(),
  author: teamWorkAuthorSchema,
  text: z.string(),
  createdAt: z.number().int(),
  canDelete: z.boolean(),
});
export type TeamWorkComment = z.infer<typeof teamWorkCommentSchema>;

/** `GET /api/team-works/comments?workId=` (public): oldest first. */
export const teamWorkCommentListQuerySchema = pagedIdQuery('workId');
export type TeamWorkCommentListQuery = z.infer<typeof teamWorkCommentListQuerySchema>;

/** `POST /api/team-works/like` and `/unlike` (login): idempotent. */
export const teamWorkIdBodySchema = idQuery('workId');
/** The work's like state after a like or unlike. */
export const teamWorkLikeResultSchema = z.object({
  liked: z.boolean(),
  likeCount: z.number().int(),
});
export type TeamWorkLikeResult = z.infer<typeof teamWorkLikeResultSchema>;

/** `POST /api/team-works/comment` (login; any learner of the site). */
export const teamWorkCommentBodySchema = z.object({
  workId: idParam,
  content: z.string().trim().min(1).max(TEAM_WORK_COMMENT_MAX),
});
export const teamWorkCommentIdBodySchema = idQuery('commentId');

/** `POST /api/team-works/feature` (the team's leader). */
export const teamWorkFeatureBodySchema = z.object({ workId: idParam, featured: z.boolean() });
