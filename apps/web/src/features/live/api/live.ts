import type {
  LiveChannel,
  LiveReservationResult,
  LiveSessionDetail,
  LiveSessionSummary,
  LiveState,
} from '@portal/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { thenOfferReminders } from '@/platform/push-offer.ts';
import { detailQueryOptions } from '@/platform/queries/detail.ts';
import { getQueryOptions } from '@/platform/queries/get.ts';
import { useRefreshingMutation } from '@/platform/queries/mutation.ts';
import { pagedQueryOptions } from '@/platform/queries/paged.ts';
import { post } from '@/platform/request.ts';

/** `GET /api/live/channels`: the site's live channels. */
export const liveChannelsQueryOptions = () =>
  getQueryOptions<LiveChannel[]>(['live', 'channels'], '/live/channels');

export const useLiveChannels = () => useQuery(liveChannelsQueryOptions());

/** The list's filters; `undefined` is 全部. */
export interface LiveListParams {
  state?: LiveState;
  channelId?: number;
}

/** `GET /api/live/sessions`: without a state, live first, then upcoming, then ended. */
export const liveSessionsQueryOptions = (params: LiveListParams) =>
  pagedQueryOptions<LiveSessionSummary>(['live', 'list', params], '/live/sessions', {
    state: params.state,
    channelId: params.channelId,
  });

export const useLiveSessions = (params: LiveListParams) =>
  useInfiniteQuery(liveSessionsQueryOptions(params));

/** `GET /api/live/sessions/detail?id=`: a session, with `reserved` for the caller. */
export const liveDetailQueryOptions = (id: number) =>
  detailQueryOptions<LiveSessionDetail>(['live', 'detail', id], '/live/sessions/detail', { id });

/** 预约 / 取消预约 (login; both idempotent); a 409 is shown with the server's message. */
export const useReservation = (sessionId: number) =>
  useRefreshingMutation(
    (reserve: boolean) =>
      post<LiveReservationResult>(
        reserve ? '/live/reservations' : '/live/reservations/remove',
        { sessionId },
        { loginRequired: true },
      ).then((result) => (reserve ? thenOfferReminders(result) : result)),
    { queryKey: ['live'] },
  );
