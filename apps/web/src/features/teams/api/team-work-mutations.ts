import type { TeamWorkComment, TeamWorkDetail, TeamWorkLikeResult } from '@portal/contract';
import { ErrorCode } from '@portal/contract/constants';
import { useRefreshingMutation } from '@/platform/queries/mutation.ts';
import { post, postMultipart } from '@/platform/request.ts';

/** Every team-works query: lists, details and comments show the counts a change moves. */
const TEAM_WORK_QUERIES = { queryKey: ['team-works'] };

/** What the compose sheet sends: the team, the text and the picked pictures in order. */
export interface NewTeamWork {
  teamId: number;
  content: string;
  images: readonly File[];
}

/** The multipart body of a post: `teamId`, `content` and each picture under `files`. */
export function teamWorkFormData({ teamId, content, images }: NewTeamWork): FormData {
  const data = new FormData();
  data.append('teamId', String(teamId));
  data.append('content', content);
  for (const image of images) data.append('files', image, image.name);
  return data;
}

/**
 * `POST /api/team-works` (multipart, members): the sheet shows a refusal (400, 403, 409, 429)
 * next to its button; the rest goes to the app's policy.
 */
export const usePostTeamWork = () =>
  useRefreshingMutation(
    (work: NewTeamWork) =>
      postMultipart<TeamWorkDetail>('/team-works', teamWorkFormData(work), {
        quiet: [ErrorCode.invalid, ErrorCode.forbidden, ErrorCode.conflict, ErrorCode.tooMany],
      }),
    TEAM_WORK_QUERIES,
  );

/** `POST /api/team-works/like` or `/unlike` (login): idempotent. */
export const useToggleTeamWorkLike = () =>
  useRefreshingMutation(
    ({ workId, like }: { workId: number; like: boolean }) =>
      post<TeamWorkLikeResult>(
        like ? '/team-works/like' : '/team-works/unlike',
        { workId },
        { loginRequired: true },
      ),
    TEAM_WORK_QUERIES,
  );

/** `POST /api/team-works/comment` (login): the form shows a 400 or 429 itself. */
export const useCommentTeamWork = () =>
  useRefreshingMutation(
    (comment: { workId: number; content: string }) =>
      post<TeamWorkComment>('/team-works/comment', comment, {
        loginRequired: true,
        quiet: [ErrorCode.invalid, ErrorCode.tooMany],
      }),
    TEAM_WORK_QUERIES,
  );

/** `POST /api/team-works/comment/delete` (the comment's author or the team's leader). */
export const useDeleteTeamWorkComment = () =>
  useRefreshingMutation(
    (commentId: number) =>
      post<null>('/team-works/comment/delete', { commentId }, { loginRequired: true }),
    TEAM_WORK_QUERIES,
  );

/**
 * `POST /api/team-works/delete` (the author or the team's leader). The work's own page is left
 * as it is (the page moves on to the team once it is gone); lists and other details refresh.
 */
export const useDeleteTeamWork = () =>
  useRefreshingMutation(
    (workId: number) => post<null>('/team-works/delete', { workId }, { loginRequired: true }),
    { queryKey: ['team-works'], predicate: (query) => query.queryKey[1] !== 'detail' },
  );

/** `POST /api/team-works/feature` (the team's leader). */
export const useFeatureTeamWork = () =>
  useRefreshingMutation(
    (input: { workId: number; featured: boolean }) =>
      post<TeamWorkDetail>('/team-works/feature', input, { loginRequired: true }),
    TEAM_WORK_QUERIES,
  );
