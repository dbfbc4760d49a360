import { LIVE_STATES, type LiveState } from '@portal/contract/constants';
import { idParam } from '@/lib/id-param.ts';

/** The state in the address, or undefined (全部) for anything else. */
export const stateParam = (value: string | null): LiveState | undefined =>
  LIVE_STATES.find((state) => state === value);

/** The list's filters in the address (`?state=&channelId=`). */
export const listFilters = (params: URLSearchParams) => ({
  state: stateParam(params.get('state')),
  channelId: idParam(params.get('channelId')) ?? undefined,
});
