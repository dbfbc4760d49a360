import type { ClassDetail, CourseProgress, MyClass, Page } from '@portal/contract';
import { ErrorCode } from '@portal/contract/constants';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQueries,
  useQuery,
} from '@tanstack/react-query';
import { get } from '@/platform/request.ts';

/** `GET /api/classes/mine`: the classes I am signed up for (the study tab's 我的班级). */
export const studyClassesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['study', 'classes'],
    queryFn: ({ pageParam, signal }) =>
      get<Page<MyClass>>(
        '/classes/mine',
        { page: pageParam, size: 20 },
        { signal, loginRequired: true },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.size < last.total ? last.page + 1 : undefined),
    staleTime: 0,
  });

export const useStudyClasses = () => useInfiniteQuery(studyClassesQueryOptions());

/** `GET /api/classes/detail?id=` with my signup; a 404 is the page's own empty state. */
export const classForStudyQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['study', 'class', id],
    queryFn: ({ signal }) =>
      get<ClassDetail>('/classes/detail', { id }, { signal, quiet: [ErrorCode.notFound] }),
    staleTime: 0,
  });

export const useClassForStudy = (id: number | null) =>
  useQuery({ ...classForStudyQueryOptions(id ?? 0), enabled: id !== null });

/** My progress in each of `courseIds` (`GET /api/study/course-progress`), one call per course. */
export function useCoursesProgress(courseIds: readonly number[], enabled: boolean) {
  return useQueries({
    queries: courseIds.map((courseId) => ({
      queryKey: ['study', 'course-progress', courseId],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        get<CourseProgress>(
          '/study/course-progress',
          { courseId },
          { signal, loginRequired: true, quiet: [ErrorCode.notFound] },
        ),
      enabled,
      staleTime: 0,
    })),
  });
}
