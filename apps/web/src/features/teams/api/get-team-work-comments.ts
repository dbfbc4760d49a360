import type { TeamWorkComment } from '@portal/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { pagedQueryOptions } from '@/platform/queries/paged.ts';

/** `GET /api/team-works/comments?workId=` (public): a work's comments, oldest first. */
export const teamWorkCommentsQueryOptions = (workId: number) =>
  pagedQueryOptions<TeamWorkComment>(
    ['team-works', 'comments', workId],
    '/team-works/comments',
    { workId },
    { size: 20 },
  );

export const useTeamWorkComments = (workId: number) =>
  useInfiniteQuery(teamWorkCommentsQueryOptions(workId));
