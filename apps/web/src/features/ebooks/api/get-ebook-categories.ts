import type { EbookCategory } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@/platform/request.ts';

/** `GET /api/ebooks/categories`: the site's e-book categories with their book counts. */
export const ebookCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['ebooks', 'categories'],
    queryFn: ({ signal }) => get<EbookCategory[]>('/ebooks/categories', {}, { signal }),
    staleTime: 5 * 60_000,
  });

export const useEbookCategories = () => useQuery(ebookCategoriesQueryOptions());
