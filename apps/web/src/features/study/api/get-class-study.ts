import { useQueries } from '@tanstack/react-query';
import { courseProgressQueryOptions } from '@/platform/queries/course-progress.ts';

/** My progress in each of `courseIds` (`GET /api/study/course-progress`), one call per course. */
export function useCoursesProgress(courseIds: readonly number[], enabled: boolean) {
  return useQueries({
    queries: courseIds.map((courseId) => ({
      ...courseProgressQueryOptions(courseId),
      enabled,
      staleTime: 0,
    })),
  });
}
