import type { CourseSort, CourseSummary, Page } from '@portal/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { nextPageParam } from '@/platform/queries/paged.ts';
import { get } from '@/platform/request.ts';

/** Courses per page of the list. */
export const COURSE_PAGE_SIZE = 20;

export interface CourseListParams {
  categoryId?: number;
  sort: CourseSort;
}

/** `GET /api/courses`: one page of the site's published courses. */
export function getCourses(params: CourseListParams & { page: number }, signal?: AbortSignal) {
  return get<Page<CourseSummary>>('/courses', { ...params, size: COURSE_PAGE_SIZE }, { signal });
}

/** The course list as an infinite query, one key per category and order. */
export const coursesQueryOptions = (params: CourseListParams) =>
  infiniteQueryOptions({
    queryKey: ['courses', 'list', params],
    queryFn: ({ pageParam, signal }) => getCourses({ ...params, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });

export const useCourses = (params: CourseListParams) =>
  useInfiniteQuery(coursesQueryOptions(params));
