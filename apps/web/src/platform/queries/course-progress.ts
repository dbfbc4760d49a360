import type { CourseProgress, ProgressResult } from '@portal/contract';
import { ErrorCode } from '@portal/contract/constants';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../request.ts';

/**
 * `GET /api/study/course-progress?courseId=`: the learner's progress in every lesson. Read by the
 * course pages and the study tab's class page, under one key.
 */
export const courseProgressQueryOptions = (courseId: number) =>
  queryOptions({
    queryKey: ['courses', 'progress', courseId],
    queryFn: ({ signal }) =>
      // A course gone from the catalogue has no progress to show: the page says so itself.
      get<CourseProgress>(
        '/study/course-progress',
        { courseId },
        { signal, loginRequired: true, quiet: [ErrorCode.notFound] },
      ),
  });

/** The learner's progress in a course; `courseId` null (a visitor, no course yet) asks nothing. */
export const useCourseProgress = (courseId: number | null) =>
  useQuery({ ...courseProgressQueryOptions(courseId ?? 0), enabled: courseId !== null });

/** Puts what the server answered to a report into the cached course progress. */
export function applyProgressResult(client: QueryClient, result: ProgressResult) {
  client.setQueryData<CourseProgress>(
    courseProgressQueryOptions(result.courseId).queryKey,
    (progress) =>
      progress && {
        ...progress,
        completedLessons: result.course.completedLessons,
        totalLessons: result.course.totalLessons,
        completed: result.course.completed,
        lastLessonId: result.lessonId,
        lessons: progress.lessons.map((lesson) =>
          lesson.lessonId === result.lessonId
            ? { ...lesson, positionSeconds: result.positionSeconds, completed: result.completed }
            : lesson,
        ),
      },
  );
}
