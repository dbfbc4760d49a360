import type { Topic } from '@portal/contract';
import { ErrorCode } from '@portal/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@/platform/request.ts';

/**
 * `GET /api/topics/detail?slug=`: a topic with its sections. A 404 (an unknown or unpublished
 * topic) is the page's own empty state, not a toast.
 */
export const topicQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['topics', 'detail', slug],
    queryFn: ({ signal }) =>
      get<Topic>(
        '/topics/detail',
        { slug },
        { signal, quiet: [ErrorCode.notFound, ErrorCode.invalid] },
      ),
  });

export const useTopic = (slug: string | null) =>
  useQuery({ ...topicQueryOptions(slug ?? ''), enabled: slug !== null });
