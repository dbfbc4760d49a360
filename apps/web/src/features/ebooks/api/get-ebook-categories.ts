import type { EbookCategory } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/platform/queries/get.ts';

/** `GET /api/ebooks/categories`: the site's e-book categories with their book counts. */
export const ebookCategoriesQueryOptions = () =>
  getQueryOptions<EbookCategory[]>(
    ['ebooks', 'categories'],
    '/ebooks/categories',
    {},
    { staleTime: 5 * 60_000 },
  );

export const useEbookCategories = () => useQuery(ebookCategoriesQueryOptions());
