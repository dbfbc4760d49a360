import type { Achievements, Medal, MedalList } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setFailurePolicy } from '@/platform/request.ts';
import { AchievementPage } from './achievement-page.tsx';
import { MedalPage } from './medal-page.tsx';

const medal = (over: Partial<Medal>): Medal => ({
  key: 'course-1',
  name: '初学乍练',
  description: '完成第 1 门课程',
  icon: 'courses_completed',
  metric: 'courses_completed',
  threshold: 1,
  current: 0,
  earned: false,
  earnedAt: null,
  ...over,
});

const WALL: MedalList = {
  earnedCount: 1,
  total: 2,
  medals: [
    medal({
      key: 'activity-1',
      name: '积极参与',
      metric: 'activities_attended',
      current: 1,
      earned: true,
      earnedAt: '2026-11-20T02:00:00.000Z',
    }),
    medal({ key: 'course-5', name: '学有所成', threshold: 5, current: 2 }),
  ],
};

const ACHIEVEMENTS: Achievements = {
  milestones: [
    {
      key: 'first-course',
      title: '完成第一门课程',
      description: '学完一门课程的全部课时',
      current: 1,
      target: 1,
      reachedAt: '2026-11-21T02:00:00.000Z',
    },
  ],
  certificates: [
    {
      id: 9,
      subjectType: 'course',
      subjectId: 3,
      title: '智能手机入门',
      hours: 1.5,
      completedAt: '2026-11-21T02:00:00.000Z',
      code: 'ABCDEFGHJKLMNPQR',
    },
  ],
};

const json = (code: number, data: unknown, message = '') =>
  new Response(JSON.stringify({ code, message, data }), {
    headers: { 'content-type': 'application/json' },
  });

/** A fake API at the network edge; `pdf` answers the certificate file. */
function fakeServer({ wall = WALL, pdf }: { wall?: MedalList | null; pdf?: () => Response } = {}) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string) => {
      const request = input instanceof Request ? input : new Request(input);
      const url = new URL(request.url);
      calls.push(`${url.pathname}${url.search}`);
      switch (url.pathname) {
        case '/api/medals':
          return wall ? json(0, wall) : new Response('oops', { status: 500 });
        case '/api/medals/detail':
          return json(
            0,
            WALL.medals.find((m) => m.key === url.searchParams.get('key')),
          );
        case '/api/achievements':
          return json(0, ACHIEVEMENTS);
        case '/api/certificates/file':
          return pdf ? pdf() : json(404, null, '证书不存在');
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

describe('/medal', () => {
  it('shows earned medals with their dates and locked ones with progress', async () => {
    fakeServer();
    renderAt('/medal', <MedalPage />);
    const earned = await screen.findByRole('region', { name: '已获得' });
    expect(within(earned).getByRole('button', { name: /积极参与.*2026-11-20/ })).toBeTruthy();
    const locked = screen.getByRole('region', { name: '未获得' });
    const tile = within(locked).getByRole('button', { name: /学有所成/ });
    expect(within(tile).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    expect(within(tile).getByText('2/5 门')).toBeTruthy();
    expect(screen.getByText(/枚勋章/).textContent).toContain('1 / 2');
  });

  it('opens a medal detail in place of the wall, with 分享 for an earned medal', async () => {
    const calls = fakeServer();
    renderAt('/medal', <MedalPage />);
    fireEvent.click(await screen.findByRole('button', { name: /积极参与/ }));
    const dialog = await screen.findByRole('region', { name: '勋章详情' });
    await within(dialog).findByRole('heading', { name: '积极参与' });
    expect(screen.queryByRole('region', { name: '未获得' })).toBeNull();
    expect(within(dialog).getByText('2026-11-20 获得')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: '分享' })).toBeTruthy();
    expect(calls).toContain('/api/medals/detail?key=activity-1');
  });

  it('shows the designed error state with 重试 when the wall fails to load', async () => {
    fakeServer({ wall: null });
    renderAt('/medal', <MedalPage />);
    expect(await screen.findByText('勋章没有加载出来')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });
});

describe('/achievement', () => {
  it('lists milestones and certificates, and downloads a certificate as a blob', async () => {
    const saved: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          saved.push(blob);
          return 'blob:cert';
        },
        revokeObjectURL: () => {},
      }),
    );
    const calls = fakeServer({
      pdf: () => new Response('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } }),
    });
    renderAt('/achievement', <AchievementPage />);
    expect(await screen.findByText('2026-11-21 达成')).toBeTruthy();
    expect(screen.getByText('验证码 ABCDEFGHJKLMNPQR')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '下载证书' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(await saved[0]?.text()).toBe('%PDF-1.7');
    expect(calls).toContain('/api/certificates/file?id=9');
  });
});
