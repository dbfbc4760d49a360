import type { TeamWorkDetail } from '@portal/contract';
import { detailQueryOptions } from '@/platform/queries/detail.ts';

/** `GET /api/team-works/detail?id=` (public): a work with what the viewer may do with it. */
export const teamWorkDetailQueryOptions = (id: number) =>
  detailQueryOptions<TeamWorkDetail>(['team-works', 'detail', id], '/team-works/detail', { id });
