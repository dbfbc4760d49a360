import type { LessonContent } from '@portal/contract';
import { ErrorCode } from '@portal/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@/platform/request.ts';

/**
 * `GET /api/study/lesson?id=`: a lesson's video address or article. A 404 is the page's own
 * state, not a toast.
 */
export const lessonQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['courses', 'lesson', id],
    queryFn: ({ signal }) =>
      get<LessonContent>(
        '/study/lesson',
        { id },
        { signal, loginRequired: true, quiet: [ErrorCode.notFound] },
      ),
    staleTime: 5 * 60_000,
  });

export const useLesson = (id: number | null) =>
  useQuery({ ...lessonQueryOptions(id ?? 0), enabled: id !== null });
