import type { CourseDetail, CourseProgress } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { lessonToContinue } from './lesson-stage.tsx';

const lesson = (id: number) => ({
  id,
  title: `第${id}课`,
  kind: 'video' as const,
  durationSeconds: 60,
});

const course = {
  id: 7,
  chapters: [
    { id: 1, title: '第一章', lessons: [lesson(11), lesson(12)] },
    { id: 2, title: '第二章', lessons: [lesson(21), lesson(22)] },
  ],
} as unknown as CourseDetail;

function progress(last: number | null, completed: number[]): CourseProgress {
  const ids = [11, 12, 21, 22];
  return {
    courseId: 7,
    completedLessons: completed.length,
    totalLessons: ids.length,
    completed: completed.length === ids.length,
    lastLessonId: last,
    lessons: ids.map((id) => ({
      lessonId: id,
      positionSeconds: 0,
      completed: completed.includes(id),
    })),
  };
}

describe('lessonToContinue', () => {
  it('opens the first lesson before any study', () => {
    expect(lessonToContinue(course, undefined)).toBe(11);
    expect(lessonToContinue(course, progress(null, []))).toBe(11);
  });

  it('continues the lesson studied last while it is unfinished', () => {
    expect(lessonToContinue(course, progress(21, [11]))).toBe(21);
  });

  it('moves on to the next unfinished lesson once the last one is complete', () => {
    expect(lessonToContinue(course, progress(12, [11, 12]))).toBe(21);
    expect(
      lessonToContinue(
        course,
        progress(
          21,
          [11, 12, 21, 22].filter((id) => id !== 12),
        ),
      ),
    ).toBe(12);
  });

  it('opens the last lesson again when the course is complete', () => {
    expect(lessonToContinue(course, progress(22, [11, 12, 21, 22]))).toBe(22);
  });

  it('opens the first lesson when the last one is no longer in the course', () => {
    expect(lessonToContinue(course, progress(99, []))).toBe(11);
  });
});
