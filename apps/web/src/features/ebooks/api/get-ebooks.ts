import type { EbookSummary } from '@portal/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { pagedQueryOptions } from '@/platform/queries/paged.ts';

/** Books per page of the catalogue (a grid of two or three columns fills a phone twice). */
export const EBOOK_PAGE_SIZE = 18;

export interface EbookListParams {
  categoryId?: number;
  keyword?: string;
}

/** `GET /api/ebooks`: the published e-books, newest first; one key per category and keyword. */
export const ebooksQueryOptions = (params: EbookListParams) =>
  pagedQueryOptions<EbookSummary>(
    ['ebooks', 'list', params],
    '/ebooks',
    { ...params },
    {
      size: EBOOK_PAGE_SIZE,
    },
  );

export const useEbooks = (params: EbookListParams) => useInfiniteQuery(ebooksQueryOptions(params));
