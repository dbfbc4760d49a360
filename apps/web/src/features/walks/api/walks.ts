import type { WalkCard, WalkCheckin, WalkCheckinBody, WalkDetail } from '@portal/contract';
import { ErrorCode } from '@portal/contract/constants';
import { useInfiniteQuery } from '@tanstack/react-query';
import { sendOrKeep, warmOutbox } from '@/platform/outbox/outbox-lazy.ts';
import { detailQueryOptions } from '@/platform/queries/detail.ts';
import { useRefreshingMutation } from '@/platform/queries/mutation.ts';
import { pagedQueryOptions } from '@/platform/queries/paged.ts';
import { post } from '@/platform/request.ts';

// What this page writes may have to wait for the network: the outbox's code comes early.
warmOutbox();

// Every query's key starts with `walks`, so a signup or a check-in refreshes them all.
const WALK_QUERIES = { queryKey: ['walks'] };
/** The page shows these refusals itself, next to the button. */
const QUIET = {
  loginRequired: true,
  quiet: [ErrorCode.invalid, ErrorCode.conflict, ErrorCode.notFound],
} as const;

/** `GET /api/walks`: the site's walks with my progress. */
export const useWalkList = () =>
  useInfiniteQuery(pagedQueryOptions<WalkCard>(['walks', 'list'], '/walks'));

/** `GET /api/walks/detail?id=`: a walk's stops, sessions and my progress. */
export const walkDetailQueryOptions = (id: number) =>
  detailQueryOptions<WalkDetail>(['walks', 'detail', id], '/walks/detail', { id });

/** `POST /api/walks/signup` or `/api/walks/cancel` of a guided session. */
export const useWalkSignup = () =>
  useRefreshingMutation(
    ({ sessionId, cancel }: { sessionId: number; cancel: boolean }) =>
      post<null>(cancel ? '/walks/cancel' : '/walks/signup', { sessionId }, QUIET),
    WALK_QUERIES,
  );

/**
 * `POST /api/walks/checkin` with the position the browser reported; without a network it is
 * kept in the outbox with the moment it was made and sent later (null: kept, issue 32).
 */
export const useWalkCheckin = () =>
  useRefreshingMutation(
    (body: WalkCheckinBody) =>
      sendOrKeep<WalkCheckin>('/walks/checkin', body, { what: '打卡', stamped: true }),
    WALK_QUERIES,
  );
