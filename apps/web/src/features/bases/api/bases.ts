import type {
  BaseBooking,
  BaseCard,
  BaseDetail,
  BookingWhen,
  BookSlotBody,
} from '@portal/contract';
import { ErrorCode } from '@portal/contract/constants';
import { useInfiniteQuery } from '@tanstack/react-query';
import { detailQueryOptions } from '@/platform/queries/detail.ts';
import { useRefreshingMutation } from '@/platform/queries/mutation.ts';
import { pagedQueryOptions } from '@/platform/queries/paged.ts';
import { post } from '@/platform/request.ts';

// Every query's key starts with `bases`, so a booking or a cancel refreshes them all.
const BASE_QUERIES = { queryKey: ['bases'] };
/** The page shows these refusals itself, next to the button. */
const QUIET = {
  loginRequired: true,
  quiet: [ErrorCode.invalid, ErrorCode.conflict, ErrorCode.notFound],
} as const;

/** `GET /api/bases`: the site's experience bases with their next open slot. */
export const useBaseList = () =>
  useInfiniteQuery(pagedQueryOptions<BaseCard>(['bases', 'list'], '/bases'));

/** `GET /api/bases/detail?id=`: a base with its programmes and upcoming slots. */
export const baseDetailQueryOptions = (id: number) =>
  detailQueryOptions<BaseDetail>(['bases', 'detail', id], '/bases/detail', { id });

/** `GET /api/bases/bookings?when=`: my bookings, upcoming or past. */
export const useMyBookings = (when: BookingWhen, enabled: boolean) =>
  useInfiniteQuery(
    pagedQueryOptions<BaseBooking>(
      ['bases', 'bookings', when],
      '/bases/bookings',
      { when },
      { loginRequired: true, enabled },
    ),
  );

/** `POST /api/bases/book`. */
export const useBookSlot = () =>
  useRefreshingMutation(
    (body: BookSlotBody) => post<BaseBooking>('/bases/book', body, QUIET),
    BASE_QUERIES,
  );

/** `POST /api/bases/cancel`. */
export const useCancelBooking = () =>
  useRefreshingMutation(
    (bookingId: number) => post<null>('/bases/cancel', { bookingId }, QUIET),
    BASE_QUERIES,
  );
