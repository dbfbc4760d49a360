import type { TimetableSession } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { TimetableItem } from './timetable-item.tsx';

afterEach(cleanup);

const session = (over: Partial<TimetableSession>): TimetableSession => ({
  id: 1,
  title: '太极养生',
  cover: '/c.svg',
  channelId: 1,
  channelName: '社区直播间',
  speaker: '张老师',
  speakerTitle: '',
  startsAt: '2026-11-27T14:00:00+08:00',
  endsAt: '2026-11-27T15:30:00+08:00',
  state: 'upcoming',
  hasReplay: false,
  reserved: false,
  clashesWith: [],
  ...over,
});

function renderItem(item: TimetableSession, others: TimetableSession[] = [], mine = false) {
  const byId = new Map([item, ...others].map((s) => [s.id, s]));
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <ul>
          <TimetableItem session={item} byId={byId} today="2026-11-26" mine={mine} />
        </ul>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('TimetableItem', () => {
  it('shows the time range, state, channel and speaker, linking the title to the session', () => {
    renderItem(session({}));
    expect(screen.getByText('14:00-15:30')).toBeTruthy();
    expect(screen.getByText('预告')).toBeTruthy();
    expect(screen.getByRole('link', { name: '太极养生' }).getAttribute('href')).toBe(
      '/liveDetails?id=1',
    );
    expect(screen.getByText(/社区直播间/).textContent).toContain('张老师');
    const pick = screen.getByRole('button', { name: '选课：太极养生' });
    expect(pick.getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByText('时间冲突')).toBeNull();
  });

  it('marks a picked session that overlaps another picked one, naming the other', () => {
    const other = session({
      id: 2,
      title: '书法入门',
      startsAt: '2026-11-27T14:45:00+08:00',
      endsAt: '2026-11-27T16:15:00+08:00',
      reserved: true,
      clashesWith: [1],
    });
    renderItem(session({ reserved: true, clashesWith: [2] }), [other]);
    expect(screen.getByText('时间冲突')).toBeTruthy();
    expect(screen.getByText(/与《书法入门》（14:45-16:15）时间重叠/)).toBeTruthy();
    expect(
      screen.getByRole('button', { name: '已选：太极养生' }).getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('does not mark an unpicked session that would clash, and names another day in full', () => {
    const other = session({
      id: 2,
      title: '书法入门',
      startsAt: '2026-11-28T14:45:00+08:00',
      endsAt: '2026-11-28T16:15:00+08:00',
      reserved: true,
      clashesWith: [1],
    });
    renderItem(session({ clashesWith: [2] }), [other]);
    expect(screen.queryByText('时间冲突')).toBeNull();
    cleanup();
    renderItem(session({ reserved: true, clashesWith: [2] }), [other]);
    expect(screen.getByText(/《书法入门》（后天 · 11月28日 周六 14:45-16:15）/)).toBeTruthy();
  });

  it('offers 移除 in 我的日程, and no pick for a live or ended session', () => {
    renderItem(session({ reserved: true }), [], true);
    const remove = screen.getByRole('button', { name: '移除：太极养生' });
    expect(remove.getAttribute('aria-pressed')).toBeNull();
    cleanup();
    renderItem(session({ state: 'live' }));
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: /进入直播/ }).getAttribute('href')).toBe(
      '/liveDetails?id=1',
    );
    cleanup();
    renderItem(session({ state: 'ended' }));
    expect(screen.queryByRole('button')).toBeNull();
  });
});
