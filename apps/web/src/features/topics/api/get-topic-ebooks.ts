import type { EbookSummary, Page } from '@portal/contract';
import { ErrorCode } from '@portal/contract/constants';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { nextPageParam } from '@/platform/queries/paged.ts';
import { get } from '@/platform/request.ts';

/** Books per page of a topic's list. */
export const TOPIC_EBOOK_PAGE_SIZE = 18;

/** `GET /api/topics/ebooks?slug=`: the topic's e-books as an infinite query. */
export const topicEbooksQueryOptions = (slug: string) =>
  infiniteQueryOptions({
    queryKey: ['topics', 'ebooks', slug],
    queryFn: ({ pageParam, signal }) =>
      get<Page<EbookSummary>>(
        '/topics/ebooks',
        { slug, page: pageParam, size: TOPIC_EBOOK_PAGE_SIZE },
        { signal, quiet: [ErrorCode.notFound, ErrorCode.invalid] },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });

export const useTopicEbooks = (slug: string | null) =>
  useInfiniteQuery({ ...topicEbooksQueryOptions(slug ?? ''), enabled: slug !== null });
