import type { MyClass, MySignup } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setFailurePolicy } from '@/platform/request.ts';
import { clearAntd, useAntdRender } from '@/testing/antd.ts';
import { fakeNetwork, ok } from '@/testing/fake-network.tsx';
import { MyClassesPage } from './my-classes-page.tsx';

beforeAll(() => useAntdRender());

let restorePolicy: () => void;
beforeEach(() => {
  localStorage.setItem('token', 't');
  restorePolicy = setFailurePolicy(() => {});
});
afterEach(async () => {
  cleanup();
  await clearAntd();
  restorePolicy();
  localStorage.clear();
  vi.unstubAllGlobals();
});

function myClass(id: number, title: string, signup: Partial<MySignup>): MyClass {
  const now = Date.now();
  const status = signup.status ?? 'active';
  return {
    id,
    title,
    cover: '/files/cover.svg',
    term: '2026年冬季',
    schedule: '每周六 18:30-20:00',
    place: '天目西路街道社区学校',
    teacherName: '郭佩玲',
    capacity: 60,
    seatsTaken: 60,
    seatsLeft: 0,
    signupStart: new Date(now - 3600_000).toISOString(),
    signupEnd: new Date(now + 3600_000).toISOString(),
    startAt: new Date(now + 7200_000).toISOString(),
    endAt: new Date(now + 9000_000).toISOString(),
    status: '已满',
    signedUpAt: new Date(now).toISOString(),
    mySignup: {
      status,
      signedUpAt: new Date(now).toISOString(),
      place: null,
      reason: null,
      ...signup,
    },
    canCancel: status !== 'rejected',
  };
}

describe('/myClassroom', () => {
  it('shows where each sign-up stands, with the right way to cancel', async () => {
    fakeNetwork(
      ok({
        list: [
          myClass(4, '日语五十音入门班', { status: 'waiting', place: 6 }),
          myClass(11, '茶艺与茶文化体验班', { status: 'pending' }),
          myClass(12, '书法入门班', { status: 'rejected', reason: '本期名额优先本街道居民' }),
          myClass(13, '电子琴入门班', { status: 'active' }),
        ],
        total: 4,
        page: 1,
        size: 20,
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <MyClassesPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByText('候补第 6 位');
    const item = (title: string) =>
      screen.getAllByRole('listitem').find((li) => li.textContent?.includes(title)) as HTMLElement;

    within(item('日语五十音入门班')).getByRole('button', { name: /^取消候补/ });
    within(item('茶艺与茶文化体验班')).getByText('待审核');
    within(item('茶艺与茶文化体验班')).getByText('报名已提交，等待工作人员审核，名额已为您保留');
    within(item('茶艺与茶文化体验班')).getByRole('button', { name: /^取消报名/ });
    within(item('书法入门班')).getByText('未通过原因：本期名额优先本街道居民');
    expect(within(item('书法入门班')).queryByRole('button')).toBeNull();
    within(item('电子琴入门班')).getByText('已报名');
  });
});
