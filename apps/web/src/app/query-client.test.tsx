import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { get, type RequestFailure, setFailurePolicy } from '@/platform/request.ts';
import { createQueryClient } from './query-client.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Course({ label }: { label: string }) {
  const query = useQuery({ queryKey: ['courses', 1], queryFn: () => get('/courses/1') });
  return <p>{query.isError ? `${label}: 出错` : `${label}: …`}</p>;
}

it('shows one failure once, however many components ask for the same data', async () => {
  const failures: RequestFailure[] = [];
  const restore = setFailurePolicy((failure) => failures.push(failure));
  const fetch = vi.fn(async () => Response.json({ code: 404, message: '课程不存在', data: null }));
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Course label="甲" />
      <Course label="乙" />
    </QueryClientProvider>,
  );
  await screen.findByText('甲: 出错');
  await screen.findByText('乙: 出错');
  expect(fetch).toHaveBeenCalledTimes(1);
  expect(failures.map((failure) => failure.message)).toEqual(['课程不存在']);
  restore();
});

it('does not fetch a failed prefetch again when the page mounts (one failure, one toast)', async () => {
  const failures: RequestFailure[] = [];
  const restore = setFailurePolicy((failure) => failures.push(failure));
  const fetch = vi.fn(async () => Response.json({ code: 409, message: '请稍后再试', data: null }));
  vi.stubGlobal('fetch', fetch);
  const client = createQueryClient();
  await client.prefetchQuery({ queryKey: ['courses', 1], queryFn: () => get('/courses/1') });
  render(
    <QueryClientProvider client={client}>
      <Course label="甲" />
    </QueryClientProvider>,
  );
  await screen.findByText('甲: 出错');
  expect(fetch).toHaveBeenCalledTimes(1);
  expect(failures).toHaveLength(1);
  restore();
});
