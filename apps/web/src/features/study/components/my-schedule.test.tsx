import type { Page, ScheduleItem } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { myScheduleQueryOptions } from '../api/get-my-schedule.ts';
import { MySchedule } from './my-schedule.tsx';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-26T10:00:00+08:00'));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const item = (over: Partial<ScheduleItem>): ScheduleItem => ({
  kind: 'live',
  id: 1,
  title: '太极养生',
  cover: '/c.svg',
  place: '社区直播间',
  startsAt: '2026-11-27T14:00:00+08:00',
  endsAt: '2026-11-27T15:30:00+08:00',
  ...over,
});

function renderSchedule(list: ScheduleItem[], total = list.length) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  const page: Page<ScheduleItem> = { list, total, page: 1, size: 5 };
  client.setQueryData(myScheduleQueryOptions().queryKey, { pages: [page], pageParams: [1] });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <MySchedule />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('MySchedule', () => {
  it('lists entries by day, an entry under way under today, each linking to its page', () => {
    renderSchedule(
      [
        item({
          kind: 'class',
          id: 7,
          title: '书法班',
          place: '社区学院三楼',
          startsAt: '2026-11-01T09:00:00+08:00',
          endsAt: '2026-12-20T11:00:00+08:00',
        }),
        item({}),
        item({ kind: 'activity', id: 9, title: '读书会', startsAt: '2026-11-27T19:00:00+08:00' }),
      ],
      8,
    );
    const region = screen.getByRole('region', { name: '我的日程' });
    const headings = within(region)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(headings).toEqual(['今天 · 11月26日 周四', '明天 · 11月27日 周五']);
    const links = within(region).getAllByRole('link', { name: /书法班|太极养生|读书会/ });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/classDetails?id=7',
      '/liveDetails?id=1',
      '/activityDetails?id=9',
    ]);
    expect(links[0]?.textContent).toContain('进行中');
    expect(links[0]?.textContent).toContain('班级');
    expect(links[1]?.textContent).toContain('14:00-15:30');
    expect(screen.getByRole('button', { name: '查看更多日程（共 8 项）' })).toBeTruthy();
  });

  it('says when nothing is coming up, with ways to fill it', () => {
    renderSchedule([]);
    expect(screen.getByText(/近期没有日程/)).toBeTruthy();
    expect(screen.getByRole('link', { name: '去选直播' }).getAttribute('href')).toBe('/liveZzxk');
    expect(screen.queryByRole('button', { name: /查看更多/ })).toBeNull();
  });
});
