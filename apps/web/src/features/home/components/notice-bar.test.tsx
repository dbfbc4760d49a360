import type { ArticleSummary } from '@portal/contract';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOTICE_INTERVAL_MS, NoticeBar } from './notice-bar.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const notice = (id: number, title: string) => ({ id, title, kind: 'notice' }) as ArticleSummary;

describe('NoticeBar', () => {
  it('shows one 公告 title at a time, the next after the interval, linking to the lists', () => {
    vi.useFakeTimers();
    render(
      <MemoryRouter>
        <NoticeBar notices={[notice(1, '停电检修公告'), notice(2, '春季班招生公告')]} />
      </MemoryRouter>,
    );
    const main = screen.getByRole('link', { name: /停电检修公告/ });
    expect(main.getAttribute('href')).toBe('/index/notice');
    expect(screen.queryByText('春季班招生公告')).toBeNull();
    act(() => vi.advanceTimersByTime(NOTICE_INTERVAL_MS));
    expect(screen.getByRole('link', { name: /春季班招生公告/ })).toBeTruthy();
    act(() => vi.advanceTimersByTime(NOTICE_INTERVAL_MS));
    expect(screen.getByText('停电检修公告')).toBeTruthy();
    expect(screen.getByRole('link', { name: /^通知/ }).getAttribute('href')).toBe('/index/info');
  });

  it('shows nothing without notices', () => {
    const { container } = render(
      <MemoryRouter>
        <NoticeBar notices={[]} />
      </MemoryRouter>,
    );
    expect(container.textContent).toBe('');
  });
});
