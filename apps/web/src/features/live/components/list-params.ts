import { LIVE_STATES, type LiveState } from '@portal/contract/constants';
import { idParam } from '@/lib/id-param.ts';

/** The state in the address, or undefined (全部) for anything else. */
export const stateParam = (value: string | null): LiveState | undefined =>
  LIVE_STATES.find((state) => state === value);

/** The address query of the list's filters (`?state=&channelId=`), 全部 left out. */
export function filterSearch(filters: { state?: LiveState; channelId?: number }) {
  const search = new URLSearchParams();
  if (filters.state) search.set('state', filters.state);
  if (filters.channelId) search.set('channelId', String(filters.channelId));
  return search;
}

export { idParam };
