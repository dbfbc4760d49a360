import type { EbookSummary, Page } from '@portal/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { nextPageParam } from '@/platform/queries/paged.ts';
import { get } from '@/platform/request.ts';

/** Books per page of the catalogue (a grid of two or three columns fills a phone twice). */
export const EBOOK_PAGE_SIZE = 18;

export interface EbookListParams {
  categoryId?: number;
  keyword?: string;
}

/** `GET /api/ebooks`: one page of the site's published e-books, newest first. */
export function getEbooks(params: EbookListParams & { page: number }, signal?: AbortSignal) {
  return get<Page<EbookSummary>>('/ebooks', { ...params, size: EBOOK_PAGE_SIZE }, { signal });
}

/** The catalogue as an infinite query, one key per category and keyword. */
export const ebooksQueryOptions = (params: EbookListParams) =>
  infiniteQueryOptions({
    queryKey: ['ebooks', 'list', params],
    queryFn: ({ pageParam, signal }) => getEbooks({ ...params, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });

export const useEbooks = (params: EbookListParams) => useInfiniteQuery(ebooksQueryOptions(params));
