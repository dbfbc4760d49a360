import type {
  CreateDeliveryRequestBody,
  DeliveryDecideBody,
  DeliveryKind,
  DeliveryRequestCard,
  DeliveryRequestDetail,
  DeliveryResourceCard,
  DeliveryResourceDetail,
  DeliveryRole,
  DeliveryStatus,
  RateDeliveryBody,
} from '@portal/contract';
import { ErrorCode } from '@portal/contract/constants';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { detailQueryOptions } from '@/platform/queries/detail.ts';
import { getQueryOptions } from '@/platform/queries/get.ts';
import { useRefreshingMutation } from '@/platform/queries/mutation.ts';
import { pagedQueryOptions } from '@/platform/queries/paged.ts';
import { post } from '@/platform/request.ts';
import { isLoggedIn } from '@/platform/session.ts';

// Every delivery query's key starts with `delivery`, so a request or a change refreshes them all.
const DELIVERY_QUERIES = { queryKey: ['delivery'] };
/** The pages show these refusals themselves, next to the button. */
const QUIET = {
  loginRequired: true,
  quiet: [ErrorCode.invalid, ErrorCode.conflict, ErrorCode.forbidden, ErrorCode.notFound],
} as const;

/** `GET /api/delivery/resources`: the catalogue, of a kind when given. */
export const useDeliveryResources = (kind: DeliveryKind | null) =>
  useInfiniteQuery(
    pagedQueryOptions<DeliveryResourceCard>(
      ['delivery', 'resources', kind ?? 'all'],
      '/delivery/resources',
      { kind: kind ?? undefined },
    ),
  );

/** `GET /api/delivery/resources/detail?id=`. */
export const deliveryResourceQueryOptions = (id: number) =>
  detailQueryOptions<DeliveryResourceDetail>(
    ['delivery', 'resource', id],
    '/delivery/resources/detail',
    { id },
  );

/** `GET /api/delivery/requests/mine`: my requests, newest first. */
export const useMyDeliveryRequests = (enabled: boolean) =>
  useInfiniteQuery(
    pagedQueryOptions<DeliveryRequestCard>(
      ['delivery', 'mine'],
      '/delivery/requests/mine',
      {},
      { loginRequired: true, enabled },
    ),
  );

/** `GET /api/delivery/requests/detail?id=`: a request with its history. */
export const deliveryRequestQueryOptions = (id: number) =>
  detailQueryOptions<DeliveryRequestDetail>(
    ['delivery', 'request', id],
    '/delivery/requests/detail',
    { id },
    { loginRequired: true },
  );

/** `GET /api/delivery/staff/role`: whether I handle the site's requests. */
export const useDeliveryRole = () =>
  useQuery(
    getQueryOptions<DeliveryRole>(
      ['delivery', 'role'],
      '/delivery/staff/role',
      {},
      {
        loginRequired: true,
        enabled: isLoggedIn(),
        staleTime: 60_000,
      },
    ),
  );

/** `GET /api/delivery/staff/requests?status=`: the site's requests to handle (staff). */
export const useStaffRequests = (status: DeliveryStatus, enabled: boolean) =>
  useInfiniteQuery(
    pagedQueryOptions<DeliveryRequestCard>(
      ['delivery', 'staff', status],
      '/delivery/staff/requests',
      { status },
      { loginRequired: true, enabled },
    ),
  );

/** `POST /api/delivery/requests`: asks for a resource. */
export const useCreateDeliveryRequest = () =>
  useRefreshingMutation(
    (body: CreateDeliveryRequestBody) =>
      post<DeliveryRequestDetail>('/delivery/requests', body, QUIET),
    DELIVERY_QUERIES,
  );

/** `POST /api/delivery/requests/withdraw`. */
export const useWithdrawDelivery = () =>
  useRefreshingMutation(
    (requestId: number) =>
      post<DeliveryRequestDetail>('/delivery/requests/withdraw', { requestId }, QUIET),
    DELIVERY_QUERIES,
  );

/** `POST /api/delivery/requests/rate`. */
export const useRateDelivery = () =>
  useRefreshingMutation(
    (body: RateDeliveryBody) => post<DeliveryRequestDetail>('/delivery/requests/rate', body, QUIET),
    DELIVERY_QUERIES,
  );

/** `POST /api/delivery/staff/decide` (staff). */
export const useDecideDelivery = () =>
  useRefreshingMutation(
    (body: DeliveryDecideBody) =>
      post<DeliveryRequestDetail>('/delivery/staff/decide', body, QUIET),
    DELIVERY_QUERIES,
  );
