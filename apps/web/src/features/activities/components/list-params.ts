import type { ActivityKind, ClassStatus } from '@portal/contract/constants';
import { ACTIVITY_KINDS, CLASS_STATUSES } from '@portal/contract/constants';

/** The kind a query parameter names, or undefined (全部) for anything else. */
export const kindParam = (value: string | null): ActivityKind | undefined =>
  ACTIVITY_KINDS.find((kind) => kind === value);

/** The status a query parameter names, or undefined (全部) for anything else. */
export const statusParam = (value: string | null): ClassStatus | undefined =>
  CLASS_STATUSES.find((status) => status === value);

/** The list's filters in the address (`?kind=&status=`). */
export const listFilters = (params: URLSearchParams) => ({
  kind: kindParam(params.get('kind')),
  status: statusParam(params.get('status')),
});
