import type { EbookDetail } from '@portal/contract';
import { ErrorCode } from '@portal/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@/platform/request.ts';

/**
 * `GET /api/ebooks/detail?id=`: a book with its PDF address and the learner's progress. A 404
 * (and a malformed id, 400) is the page's own empty state, not a toast.
 */
export const ebookDetailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['ebooks', 'detail', id],
    queryFn: ({ signal }) =>
      get<EbookDetail>(
        '/ebooks/detail',
        { id },
        { signal, quiet: [ErrorCode.notFound, ErrorCode.invalid] },
      ),
  });

export const useEbookDetail = (id: number | null) =>
  useQuery({ ...ebookDetailQueryOptions(id ?? 0), enabled: id !== null });
