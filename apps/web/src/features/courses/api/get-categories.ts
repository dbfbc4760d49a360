import type { CourseCategory } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/platform/queries/get.ts';

/** `GET /api/courses/categories`: the site's course categories. */
export const categoriesQueryOptions = () =>
  getQueryOptions<CourseCategory[]>(
    ['courses', 'categories'],
    '/courses/categories',
    {},
    { staleTime: 5 * 60_000 },
  );

export const useCategories = () => useQuery(categoriesQueryOptions());
