import type { CourseCategory } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@/platform/request.ts';

/** `GET /api/courses/categories`: the site's course categories. */
export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['courses', 'categories'],
    queryFn: ({ signal }) => get<CourseCategory[]>('/courses/categories', {}, { signal }),
    staleTime: 5 * 60_000,
  });

export const useCategories = () => useQuery(categoriesQueryOptions());
