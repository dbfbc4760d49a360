import type { LessonContent } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { detailQueryOptions } from '@/platform/queries/detail.ts';

/** `GET /api/study/lesson?id=`: a lesson's video address or article. */
export const lessonQueryOptions = (id: number) =>
  detailQueryOptions<LessonContent>(
    ['courses', 'lesson', id],
    '/study/lesson',
    { id },
    { loginRequired: true, staleTime: 5 * 60_000 },
  );

export const useLesson = (id: number) => useQuery(lessonQueryOptions(id));
