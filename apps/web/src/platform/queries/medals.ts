import type { MedalList } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../request.ts';

// The medal wall is read by the medals page and by 我的 (the earned count): one query, shared.

/** `GET /api/medals`: every medal, earned with its date or locked with progress. */
export const medalsQueryOptions = () =>
  queryOptions({
    queryKey: ['medals', 'list'],
    queryFn: ({ signal }) => get<MedalList>('/medals', {}, { loginRequired: true, signal }),
    staleTime: 30_000,
  });

export const useMedals = () => useQuery(medalsQueryOptions());
