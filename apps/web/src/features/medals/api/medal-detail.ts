import type { Medal } from '@portal/contract';
import { detailQueryOptions } from '@/platform/queries/detail.ts';

/** `GET /api/medals/detail?key=`: one medal, earned with its date or locked with progress. */
export const medalDetailQueryOptions = (key: string) =>
  detailQueryOptions<Medal>(
    ['medals', 'detail', key],
    '/medals/detail',
    { key },
    {
      loginRequired: true,
    },
  );
