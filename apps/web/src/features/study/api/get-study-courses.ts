import type { StudyCourse, StudyState } from '@portal/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { pagedQueryOptions } from '@/platform/queries/paged.ts';

/** `GET /api/study/courses`: the courses I am learning, or have completed, latest first. */
export const studyCoursesQueryOptions = (state: StudyState) =>
  pagedQueryOptions<StudyCourse>(
    ['study', 'courses', state],
    '/study/courses',
    { state },
    // Progress changes while the learner watches elsewhere; show the latest when they come back.
    { loginRequired: true, staleTime: 0 },
  );

export const useStudyCourses = (state: StudyState) =>
  useInfiniteQuery(studyCoursesQueryOptions(state));
