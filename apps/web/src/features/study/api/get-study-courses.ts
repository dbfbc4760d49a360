import type { Page, StudyCourse, StudyState } from '@portal/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { nextPageParam } from '@/platform/queries/paged.ts';
import { get } from '@/platform/request.ts';

/** `GET /api/study/courses`: the courses I am learning, or have completed, latest first. */
export const studyCoursesQueryOptions = (state: StudyState) =>
  infiniteQueryOptions({
    queryKey: ['study', 'courses', state],
    queryFn: ({ pageParam, signal }) =>
      get<Page<StudyCourse>>(
        '/study/courses',
        { state, page: pageParam, size: 20 },
        { signal, loginRequired: true },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    // Progress changes while the learner watches elsewhere; show the latest when they come back.
    staleTime: 0,
  });

export const useStudyCourses = (state: StudyState) =>
  useInfiniteQuery(studyCoursesQueryOptions(state));
