import type { PointsLedgerEntry, PointsTask } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setFailurePolicy } from '@/platform/request.ts';
import { PointsRecordPage } from './points-record-page.tsx';
import { PointsTaskPage } from './points-task-page.tsx';

const task = (over: Partial<PointsTask>): PointsTask => ({
  key: 'login',
  name: '每日登录',
  unit: '次',
  pointsPerUnit: 2,
  dailyCap: 1,
  doneUnits: 0,
  pointsToday: 0,
  done: false,
  page: 'home',
  ...over,
});

const entry = (over: Partial<PointsLedgerEntry>): PointsLedgerEntry => ({
  id: 1,
  ruleKey: 'login',
  ruleName: '每日登录',
  title: '',
  amount: 2,
  balanceAfter: 2,
  day: '2026-11-26',
  createdAt: '2026-11-26T01:00:00.000Z',
  ...over,
});

const LEDGER = [
  entry({ id: 4, ruleKey: 'learning_minute', ruleName: '有效学习', amount: 1, balanceAfter: 18 }),
  entry({ id: 3, ruleKey: 'login', amount: 2, balanceAfter: 17 }),
  entry({
    id: 2,
    ruleKey: 'spend',
    ruleName: '积分消费',
    amount: -5,
    balanceAfter: 15,
    day: '2026-11-25',
  }),
  entry({
    id: 1,
    ruleKey: 'course_complete',
    ruleName: '完成课程',
    title: '智能手机入门',
    amount: 20,
    balanceAfter: 20,
    day: '2026-11-20',
  }),
];

/** A fake points API at the network edge; answers the ledger filtered as the server does. */
function fakeServer(fail: string[] = []) {
  const calls: string[] = [];
  const ok = (data: unknown) =>
    new Response(JSON.stringify({ code: 0, message: '', data }), {
      headers: { 'content-type': 'application/json' },
    });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string) => {
      const request = input instanceof Request ? input : new Request(input);
      const url = new URL(request.url);
      calls.push(`${url.pathname}${url.search}`);
      if (fail.includes(url.pathname)) return new Response('', { status: 500 });
      switch (url.pathname) {
        case '/api/points/summary':
          return ok({ balance: 18, todayEarned: 3, day: '2026-11-26' });
        case '/api/points/tasks':
          return ok({
            day: '2026-11-26',
            tasks: [
              task({ doneUnits: 1, pointsToday: 2, done: true }),
              task({
                key: 'learning_minute',
                name: '有效学习',
                unit: '分钟',
                pointsPerUnit: 1,
                dailyCap: 30,
                doneUnits: 12,
                page: 'courseList',
              }),
            ],
          });
        case '/api/points/ledger': {
          const type = url.searchParams.get('type');
          const list = LEDGER.filter(
            (row) => !type || (type === 'earned' ? row.amount > 0 : row.amount < 0),
          );
          return ok({ list, total: list.length, page: 1, size: 20 });
        }
        default:
          return new Response('{}', { status: 404 });
      }
    }),
  );
  return calls;
}

function renderAt(address: string, page: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[address]}>{page}</MemoryRouter>
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

describe('/pointsTask', () => {
  it('shows the balance, today’s total and each task’s progress, done or with 去完成', async () => {
    fakeServer();
    renderAt('/pointsTask', <PointsTaskPage />);
    const head = await screen.findByRole('region', { name: '我的积分' });
    await waitFor(() => expect(within(head).getByText('18')).toBeTruthy());
    expect(within(head).getByText('+3')).toBeTruthy();
    const rows = await screen.findAllByRole('listitem');
    const [login, minutes] = rows as [HTMLElement, HTMLElement];
    expect(within(login).getByText('1/1 次')).toBeTruthy();
    expect(within(login).getByText('已完成')).toBeTruthy();
    expect(within(login).queryByRole('link', { name: '去完成' })).toBeNull();
    expect(within(minutes).getByText('12/30 分钟')).toBeTruthy();
    expect(
      within(minutes)
        .getByRole('progressbar', { name: '有效学习进度' })
        .getAttribute('aria-valuenow'),
    ).toBe('40');
    expect(within(minutes).getByRole('link', { name: '去完成' }).getAttribute('href')).toBe(
      '/scourseList',
    );
  });

  it('offers a retry when the tasks could not load', async () => {
    fakeServer(['/api/points/tasks']);
    renderAt('/pointsTask', <PointsTaskPage />);
    expect(await screen.findByRole('heading', { name: '任务没有加载出来' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });
});

describe('/pointsRecord', () => {
  it('groups the ledger by day, newest first, with the balance after each row', async () => {
    fakeServer();
    renderAt('/pointsRecord', <PointsRecordPage />);
    await screen.findByRole('heading', { name: '今天' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      '今天',
      '昨天',
      '11月20日',
    ]);
    expect(screen.getByText('+20')).toBeTruthy();
    expect(screen.getByText('-5')).toBeTruthy();
    expect(screen.getByText(/余额 18/)).toBeTruthy();
    expect(screen.getByText('智能手机入门')).toBeTruthy();
  });

  it('filters earned and spent rows with the 获得 and 消费 tabs', async () => {
    const calls = fakeServer();
    renderAt('/pointsRecord?type=earned', <PointsRecordPage />);
    await screen.findByText('+20');
    expect(screen.queryByText('-5')).toBeNull();
    expect(screen.getByRole('tab', { name: '获得' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: '消费' }));
    await screen.findByText('-5');
    expect(screen.queryByText('+20')).toBeNull();
    expect(calls.some((call) => call.includes('type=spent'))).toBe(true);
  });
});
