import type { CourseDetail, CourseProgress } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { warmHlsFor } from '@/ui/hls-source.ts';
import { LessonStage } from './lesson-stage.tsx';

// The player's chunk never arrives: whatever the stage asks for, it asks before it.
vi.mock('./lesson-player.tsx', () => new Promise(() => {}));
vi.mock('@/ui/hls-source.ts', () => ({ warmHlsFor: vi.fn() }));

const course = {
  id: 7,
  title: '太极入门',
  cover: '/files/covers/taiji.webp',
  chapters: [
    {
      id: 1,
      title: '第一章',
      lessons: [{ id: 11, title: '起势', kind: 'video', durationSeconds: 600 }],
    },
  ],
} as unknown as CourseDetail;

const progress: CourseProgress = {
  courseId: 7,
  completedLessons: 0,
  totalLessons: 1,
  completed: false,
  lastLessonId: null,
  lessons: [],
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

it('asks for the lesson, and warms hls.js for its video, while the player’s chunk downloads', async () => {
  localStorage.setItem('token', 'a-token');
  const video = '/media/ladders/jingan/abc/master.m3u8';
  const fetch = vi.fn(
    async () =>
      new Response(
        JSON.stringify({
          code: 0,
          message: '',
          data: { id: 11, kind: 'video', title: '起势', videoUrl: video },
        }),
        { headers: { 'content-type': 'application/json' } },
      ),
  );
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // Awaited: the stage suspends on the player's chunk, and its fallback commits.
  await act(async () => {
    render(
      <QueryClientProvider client={client}>
        <LessonStage
          course={course}
          lessonId={11}
          loggedIn
          progress={{ data: progress, isError: false, refetch: () => {} }}
          autoPlay
        />
      </QueryClientProvider>,
    );
  });
  await waitFor(() => expect(warmHlsFor).toHaveBeenCalledWith(video));
  const asked = fetch.mock.calls.map((call) => ((call as unknown[])[0] as Request).url);
  expect(asked.some((url) => url.includes('/study/lesson?id=11'))).toBe(true);
  // Still waiting for the player: the stage shows its busy box.
  expect(screen.getByRole('status', { name: '加载中' })).toBeTruthy();
});
