import type { MedalList } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from './get.ts';

// The medal wall is read by the medals page and by 我的 (the earned count): one query, shared.

/** `GET /api/medals`: every medal, earned with its date or locked with progress. */
export const medalsQueryOptions = () =>
  getQueryOptions<MedalList>(
    ['medals', 'list'],
    '/medals',
    {},
    {
      loginRequired: true,
      staleTime: 30_000,
    },
  );

export const useMedals = () => useQuery(medalsQueryOptions());
