import type { CourseSort, CourseSummary } from '@portal/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { pagedQueryOptions } from '@/platform/queries/paged.ts';

/** Courses per page of the list. */
export const COURSE_PAGE_SIZE = 20;

export interface CourseListParams {
  categoryId?: number;
  sort: CourseSort;
}

/** `GET /api/courses`: the site's published courses, one key per category and order. */
export const coursesQueryOptions = (params: CourseListParams) =>
  pagedQueryOptions<CourseSummary>(
    ['courses', 'list', params],
    '/courses',
    { ...params },
    {
      size: COURSE_PAGE_SIZE,
    },
  );

export const useCourses = (params: CourseListParams) =>
  useInfiniteQuery(coursesQueryOptions(params));
