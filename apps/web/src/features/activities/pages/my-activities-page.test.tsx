import type { MyActivity } from '@portal/contract';
import { APPLICATION_STATES } from '@portal/contract/constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setFailurePolicy } from '@/platform/request.ts';
import { clearAntd, useAntdRender } from '@/testing/antd.ts';
import { fakeNetwork, ok } from '@/testing/fake-network.tsx';
import { MyActivitiesPage } from './my-activities-page.tsx';

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

const hour = 3600_000;

function row(
  id: number,
  title: string,
  state: MyActivity['state'],
  application: Partial<MyActivity['application']>,
  more: Partial<MyActivity> = {},
): MyActivity {
  const now = Date.now();
  return {
    id,
    title,
    cover: '/files/cover.svg',
    kind: '志愿服务',
    organiser: '静安区图书馆',
    place: '静安区图书馆',
    mapPlaceId: null,
    capacity: 50,
    seatsTaken: 50,
    seatsLeft: 0,
    signupStart: new Date(now - 24 * hour).toISOString(),
    signupEnd: new Date(now + 24 * hour).toISOString(),
    startAt: new Date(now + 48 * hour).toISOString(),
    endAt: new Date(now + 50 * hour).toISOString(),
    status: '已满',
    application: {
      id,
      status: 'active',
      appliedAt: new Date(now).toISOString(),
      place: null,
      reason: null,
      checkedInAt: null,
      ...application,
    },
    state,
    canCancel: state !== '未通过',
    checkinCode: null,
    attachments: [],
    ...more,
  };
}

function renderPage(address = '/myActive') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[address]}>
        <MyActivitiesPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const page = (list: MyActivity[]) => ok({ list, total: list.length, page: 1, size: 20 });

describe('/myActive', () => {
  it('has a tab for every state of an application', () => {
    fakeNetwork(page([]));
    renderPage();
    const tabs = within(screen.getByRole('tablist', { name: '报名状态' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['全部', ...APPLICATION_STATES]);
  });

  it('shows where each application stands, the code only for a confirmed one', async () => {
    fakeNetwork(
      page([
        row(1, '社区图书馆值班', '候补中', { status: 'waiting', place: 2 }),
        row(2, '苏州河畔清洁行动', '待审核', { status: 'pending' }),
        row(3, '非遗剪纸体验', '未通过', { status: 'rejected', reason: '需有志愿者证' }),
        row(4, '经典诗词朗诵大赛', '已报名', {}, { checkinCode: 'ABCD1234' }),
      ]),
    );
    renderPage();
    const item = (title: string) =>
      screen.getAllByRole('listitem').find((li) => li.textContent?.includes(title)) as HTMLElement;
    await screen.findByText('候补第 2 位');

    const waiting = item('社区图书馆值班');
    within(waiting).getByText('有名额空出时按候补顺序为您递补，届时会发消息通知您');
    within(waiting).getByRole('button', { name: /^取消候补/ });
    expect(within(waiting).queryByRole('button', { name: /签到码/ })).toBeNull();

    const pending = item('苏州河畔清洁行动');
    within(pending).getByText('待审核');
    within(pending).getByText('报名已提交，等待工作人员审核，名额已为您保留');
    within(pending).getByRole('button', { name: /^取消报名/ });
    expect(within(pending).queryByRole('button', { name: /签到码/ })).toBeNull();

    const refused = item('非遗剪纸体验');
    within(refused).getByText('未通过原因：需有志愿者证');
    expect(within(refused).queryByRole('button')).toBeNull();

    within(item('经典诗词朗诵大赛')).getByRole('button', { name: /签到码/ });
  });

  it('asks the server for the state of the tab', async () => {
    const seen = fakeNetwork(page([]));
    renderPage(`/myActive?state=${encodeURIComponent('候补中')}`);
    await screen.findByText('没有候补中的活动');
    expect(screen.getByRole('tab', { name: '候补中' }).getAttribute('aria-selected')).toBe('true');
    expect(seen[0]?.path).toBe('/activities/mine');
  });
});
