import type { Statistics, StatisticsBucket } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setFailurePolicy } from '@/platform/request.ts';
import { StatisticsPage } from './statistics-page.tsx';

const day = (n: number) => `2026-11-${String(n).padStart(2, '0')}`;

/** 30 days ending 11-26 (from 10-28): 25 min of courses and 20 of live on 11-26, 10 on 11-25. */
function days(): StatisticsBucket[] {
  return Array.from({ length: 30 }, (_, i) => {
    const start = i < 4 ? `2026-10-${28 + i}` : day(i - 3);
    const seconds =
      start === day(26)
        ? { course: 1500, live: 1200 }
        : start === day(25)
          ? { course: 600, live: 0 }
          : { course: 0, live: 0 };
    return { start, end: start, seconds, total: seconds.course + seconds.live };
  });
}

const weeks = (): StatisticsBucket[] =>
  Array.from({ length: 12 }, (_, i) => ({
    start: `w${i}`,
    end: `w${i}e`,
    seconds: { course: i === 11 ? 3300 : 0, live: i === 11 ? 1200 : 0 },
    total: i === 11 ? 4500 : 0,
  })).map((bucket, i) => ({
    ...bucket,
    start: i === 11 ? day(23) : `2026-09-${String(7 + i).padStart(2, '0')}`,
    end: i === 11 ? day(29) : `2026-09-${String(13 + i).padStart(2, '0')}`,
  }));

function statistics(range: Statistics['range'], buckets: StatisticsBucket[]): Statistics {
  return {
    range,
    today: day(26),
    buckets,
    totals: { seconds: 36_000, days: 12, coursesCompleted: 2 },
    streak: { current: 2, longest: 9 },
  };
}

function fakeServer(answer: (range: string) => Statistics | null) {
  const ranges: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string) => {
      const request = input instanceof Request ? input : new Request(input);
      const url = new URL(request.url);
      const range = url.searchParams.get('range') ?? '';
      ranges.push(range);
      const data = url.pathname === '/api/statistics' ? answer(range) : null;
      if (!data) return new Response('oops', { status: 500 });
      return new Response(JSON.stringify({ code: 0, message: '', data }), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return ranges;
}

function renderAt(address: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[address]}>
        <StatisticsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

let restorePolicy: () => void;
beforeEach(() => {
  localStorage.setItem('token', 't');
  restorePolicy = setFailurePolicy(() => {});
});
afterEach(() => {
  cleanup();
  restorePolicy();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('/statistics', () => {
  it('shows the streaks and totals as figures', async () => {
    fakeServer(() => statistics('30d', days()));
    renderAt('/statistics');
    const figures = await screen.findByRole('region', { name: '学习概况' });
    const text = figures.textContent ?? '';
    expect(text).toContain('当前连续学习2 天');
    expect(text).toContain('最长连续学习9 天');
    expect(text).toContain('累计学习10 小时');
    expect(text).toContain('学习天数12 天');
    expect(text).toContain('完成课程2 门');
  });

  it('draws one stacked bar per day, a segment per kind, and sums the range up', async () => {
    fakeServer(() => statistics('30d', days()));
    const { container } = renderAt('/statistics');
    await screen.findByText(/近30天共学习/);
    expect(screen.getByText(/近30天共学习/).textContent).toBe('近30天共学习 55 分钟，2 天有学习');
    await waitFor(() => expect(container.querySelectorAll('.ct-bar')).toHaveLength(60));
    const chart = container.querySelector('.statistics-bars');
    expect(chart?.getAttribute('data-buckets')).toBe('30');
    expect(container.querySelectorAll('.statistics-series-course .ct-bar')).toHaveLength(30);
    expect(container.querySelectorAll('.statistics-series-live .ct-bar')).toHaveLength(30);
    const labels = [...container.querySelectorAll('.statistics-x-labels span')].map(
      (label) => label.textContent,
    );
    expect(labels.filter(Boolean)).toEqual(['10/29', '11/5', '11/12', '11/19', '11/26']);
    const legend = screen.getByRole('list', { name: '按内容分' });
    expect(legend.textContent).toContain('课程 35 分钟');
    expect(legend.textContent).toContain('直播 20 分钟');
  });

  it('gives the same numbers as a table, newest first, with row and column headers', async () => {
    fakeServer(() => statistics('30d', days()));
    renderAt('/statistics');
    const table = await screen.findByRole('table', { name: '近30天学习时长（分钟）' });
    const columns = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(columns).toEqual(['日期', '课程', '直播', '合计']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(30);
    const cells = (row: HTMLElement) =>
      [within(row).getByRole('rowheader'), ...within(row).getAllByRole('cell')].map(
        (cell) => cell.textContent,
      );
    expect(cells(rows[0] as HTMLElement)).toEqual(['11月26日', '25', '20', '45']);
    expect(cells(rows[1] as HTMLElement)).toEqual(['11月25日', '10', '0', '10']);
  });

  it('switches to 12 weeks: asks for them and draws 12 bars', async () => {
    const ranges = fakeServer((range) =>
      range === '12w' ? statistics('12w', weeks()) : statistics('30d', days()),
    );
    const { container } = renderAt('/statistics');
    await waitFor(() => expect(container.querySelectorAll('.ct-bar')).toHaveLength(60));
    fireEvent.click(screen.getByRole('button', { name: '近12周' }));
    await waitFor(() => expect(container.querySelectorAll('.ct-bar')).toHaveLength(24));
    expect(ranges).toContain('12w');
    expect(screen.getByRole('button', { name: '近12周' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    const table = screen.getByRole('table', { name: '近12周学习时长（分钟）' });
    expect(within(table).getAllByRole('row')[1]?.textContent).toBe('11月23日–11月29日552075');
  });

  it('shows a designed empty state for a range without learning', async () => {
    const empty = days().map((bucket) => ({
      ...bucket,
      seconds: { course: 0, live: 0 },
      total: 0,
    }));
    fakeServer(() => statistics('30d', empty));
    const { container } = renderAt('/statistics');
    await screen.findByRole('heading', { name: '这段时间还没有学习记录' });
    expect(screen.getByRole('link', { name: '去学课程' })).toBeTruthy();
    expect(container.querySelector('.ct-bar')).toBeNull();
  });

  it('offers a retry when the statistics could not be loaded', async () => {
    fakeServer(() => null);
    renderAt('/statistics');
    await screen.findByRole('heading', { name: '学习统计没有加载出来' });
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });
});
