import type { CourseDetail } from '@portal/contract';
import { ErrorCode } from '@portal/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@/platform/request.ts';

/**
 * `GET /api/courses/detail?id=`: a course with its chapters. A 404 is the page's own empty
 * state, not a toast.
 */
export const courseDetailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['courses', 'detail', id],
    queryFn: ({ signal }) =>
      get<CourseDetail>('/courses/detail', { id }, { signal, quiet: [ErrorCode.notFound] }),
  });

export const useCourseDetail = (id: number | null) =>
  useQuery({ ...courseDetailQueryOptions(id ?? 0), enabled: id !== null });
