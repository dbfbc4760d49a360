// @vitest-environment happy-dom
import type {
  StatsActive,
  StatsLearning,
  StatsLive,
  StatsPoints,
  StatsSignups,
  StatsSummary,
  StatsTop,
} from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatTime } from '@/ui/format.ts';
import { DashboardPage } from './DashboardPage.tsx';

// happy-dom draws no canvas: the charts stand in as the named images they are.
vi.mock('./charts.tsx', () => {
  const Chart = ({ label }: { label: string }) => <div role="img" aria-label={label} />;
  return {
    CHART_COLORS: ['#000', '#111', '#222', '#333'],
    LineChart: Chart,
    BarChart: Chart,
    DoughnutChart: Chart,
  };
});

const SUMMARY: StatsSummary = {
  learners: 1234,
  newLearners: 5,
  activeLearners: 8,
  learningMinutes: 750,
  signups: 3,
  pointsIssued: 40,
};
const ACTIVE: StatsActive = {
  daily: [
    { day: '2026-11-01', active: 4, joined: 1 },
    { day: '2026-11-02', active: 6, joined: 0 },
  ],
  weekly: [{ week: '2026-10-26', active: 7 }],
  monthly: [{ month: '2026-11', active: 8 }],
  rollup: { updatedAt: '2026-11-02T02:05:00.000Z', pending: 0 },
};
const LEARNING: StatsLearning = {
  byKind: [
    { kind: 'course', minutes: 600, learnerDays: 6 },
    { kind: 'live', minutes: 150, learnerDays: 3 },
  ],
  daily: [
    { day: '2026-11-01', minutes: 300 },
    { day: '2026-11-02', minutes: 450 },
  ],
  rollup: { updatedAt: '2026-11-02T02:05:00.000Z', pending: 0 },
};
const SIGNUPS: StatsSignups = {
  byKind: [
    { kind: 'activity', items: 2, capacity: 40, taken: 30, fillRate: 0.75, signups: 3 },
    { kind: 'live', items: 1, capacity: null, taken: 9, fillRate: null, signups: 0 },
  ],
};
const TOP: StatsTop = {
  courses: [{ id: 11, title: '=书法入门', learners: 6 }],
  activities: [],
  articles: [{ id: 21, title: '冬季学习节, 开幕', reads: 12 }],
};
const LIVE: StatsLive = { viewers: 0, sessions: [] };
const POINTS: StatsPoints = { issued: 40, deducted: 0, byRule: [], daily: [] };

const ANSWERS: Record<string, unknown> = {
  summary: SUMMARY,
  active: ACTIVE,
  learning: LEARNING,
  signups: SIGNUPS,
  top: TOP,
  live: LIVE,
};

/** Stubs `fetch` (the network edge): each stats call answered by its part; answers the addresses. */
function fakeNetwork(refused: Record<string, string> = {}, answers: Record<string, unknown> = {}) {
  const seen: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string) => {
      const url = new URL(input instanceof Request ? input.url : input, 'http://localhost');
      seen.push(url);
      const part = url.pathname.split('/').pop() ?? '';
      const reply =
        part in refused
          ? { code: 400, message: refused[part], data: null }
          : {
              code: 0,
              message: '',
              data: answers[part] ?? (part === 'points' ? POINTS : ANSWERS[part]),
            };
      return new Response(JSON.stringify(reply), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return seen;
}

function renderPage(address: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/dashboard', element: <DashboardPage /> }], {
    initialEntries: [address],
  });
  render(
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <QueryClientProvider client={client}>
        <App>
          <RouterProvider router={router} />
        </App>
      </QueryClientProvider>
    </ConfigProvider>,
  );
  return router;
}

const card = (title: string) =>
  screen.getByRole('heading', { name: title, level: 2 }).closest('.ant-card') as HTMLElement;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// The whole page (seven cards of antd tables and statistics) renders slowly on a busy machine.
describe('DashboardPage', { timeout: 20_000 }, () => {
  it('reads every part for the range in the address and shows its figures', async () => {
    const seen = fakeNetwork();
    renderPage('/dashboard?from=2026-11-01&to=2026-11-02');
    await screen.findByText('1,234');
    expect(screen.getByRole('heading', { name: '数据统计', level: 1 })).toBeTruthy();
    const summary = card('概况');
    // 750 minutes read as hours.
    expect(within(summary).getByText('学习时长').closest('.ant-statistic')?.textContent).toBe(
      '学习时长12.5小时',
    );
    expect(new Set(seen.map((url) => url.pathname.split('/').pop()))).toEqual(
      new Set(['summary', 'active', 'learning', 'signups', 'top', 'live', 'points']),
    );
    for (const url of seen) {
      expect(url.searchParams.get('from')).toBe('2026-11-01');
      expect(url.searchParams.get('to')).toBe('2026-11-02');
    }
    await within(card('报名与满员率')).findByText('75.0%');
    expect(within(card('报名与满员率')).getByText('不限')).toBeTruthy();
    expect(
      screen.getByRole('img', {
        name: /^折线图：每日活跃学员与新增学员，2026-11-01 至 2026-11-02/,
      }),
    ).toBeTruthy();
    expect(
      within(card('热门内容')).getByRole('link', { name: '=书法入门' }).getAttribute('href'),
    ).toBe('/courses/edit?id=11');
    // A part with nothing in the range says so.
    await within(card('直播观看')).findByText('这段时间没有开播的直播');
  });

  it('says when the series were computed, and when some are still being computed', async () => {
    fakeNetwork(
      {},
      {
        active: {
          daily: [{ day: '2026-11-01', active: 0, joined: 0 }],
          weekly: [],
          monthly: [],
          rollup: { updatedAt: null, pending: 3 },
        },
        learning: { ...LEARNING, rollup: { updatedAt: '2026-11-02T02:05:00.000Z', pending: 2 } },
      },
    );
    renderPage('/dashboard?from=2026-11-01&to=2026-11-02');
    const active = card('活跃学员');
    await within(active).findByText('这段时间的数据正在汇总，请稍后刷新');
    expect(within(active).getByText('数据尚未汇总，另有 3 项正在汇总')).toBeTruthy();
    const learning = card('学习时长');
    await within(learning).findByText(
      `数据更新于 ${formatTime('2026-11-02T02:05:00.000Z')}，另有 2 项正在汇总`,
    );
    expect(within(learning).getByRole('columnheader', { name: '学习人次' })).toBeTruthy();
  });

  it('shows a part that failed with a retry, and the others as they came', async () => {
    fakeNetwork({ points: '统计范围最多 366 天' });
    renderPage('/dashboard?from=2026-11-01&to=2026-11-02');
    const points = card('积分发放');
    await within(points).findByText('积分发放没有加载出来');
    expect(within(points).getByText('统计范围最多 366 天')).toBeTruthy();
    expect(within(points).getByRole('button', { name: '重试' })).toBeTruthy();
    await within(card('活跃学员')).findByText('2026-11-02');
  });

  it('opens 近30天 for a wrong range, and a preset puts its range in the address', async () => {
    fakeNetwork();
    const router = renderPage('/dashboard?from=2026-11-09&to=2026-11-01');
    const seen = new URLSearchParams(router.state.location.search);
    expect(seen.get('from')).toBe('2026-11-09');
    await screen.findByText('1,234');
    // The 30 days ending today are shown: 近30天 is the preset chosen.
    expect(screen.getByText('近30天').closest('.ant-segmented-item')?.className).toContain(
      'selected',
    );
    fireEvent.click(screen.getByText('近7天'));
    const params = new URLSearchParams(router.state.location.search);
    const from = params.get('from') ?? '';
    const to = params.get('to') ?? '';
    expect((Date.parse(to) - Date.parse(from)) / 86_400_000).toBe(6);
  });

  it('exports a table as CSV, named after it and the range, formulas neutralised', async () => {
    fakeNetwork();
    const blobs: Blob[] = [];
    const names: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:csv';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    renderPage('/dashboard?from=2026-11-01&to=2026-11-02');
    fireEvent.click(await screen.findByRole('button', { name: '导出 CSV：热门课程' }));
    expect(names).toEqual(['数据统计-热门课程-2026-11-01至2026-11-02.csv']);
    expect(await blobs[0]?.text()).toBe("\uFEFF课程,学习人数\r\n'=书法入门,6\r\n");
    fireEvent.click(screen.getByRole('button', { name: '导出 CSV：热门文章' }));
    expect(await blobs[1]?.text()).toBe('\uFEFF文章,阅读人数\r\n"冬季学习节, 开幕",12\r\n');
    // A table without rows has nothing to export.
    expect(
      screen.getByRole('button', { name: '导出 CSV：热门活动' }).hasAttribute('disabled'),
    ).toBe(true);
  });
});
