import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '@/lib/format-date.ts';
import { LoadFailed } from '@/ui/state-view.tsx';
import { StatusBanners } from '@/ui/status-banners.tsx';
import { noteAnswer, noteNetwork, resetOfflineState } from './offline-state.ts';

afterEach(() => {
  cleanup();
  resetOfflineState();
});

const kept = (at: number) =>
  new Headers({ 'x-portal-offline': '1', 'x-portal-kept-at': String(at) });
const banner = () => document.querySelector('.status-banners')?.textContent;

describe('离线: what the page shows offline', () => {
  it('says when the kept answers shown were received, the oldest of them', () => {
    render(<StatusBanners />);
    expect(banner()).toBe('');
    const older = new Date(2026, 11, 1, 9, 5).getTime();
    const newer = new Date(2026, 11, 2, 8, 0).getTime();
    act(() => noteAnswer(kept(newer)));
    act(() => noteAnswer(kept(older)));
    expect(banner()).toBe(`离线：显示的是 ${formatDate(older, 'M月d日 hh:mm')} 保存的内容`);
    expect(banner()).toContain('12月1日 09:05');
  });

  it('goes when a fresh answer comes, and says so when the network goes before any', () => {
    render(<StatusBanners />);
    act(() => noteAnswer(kept(Date.now())));
    expect(banner()).toContain('离线');
    act(() => noteAnswer(new Headers({ 'content-type': 'application/json' })));
    expect(banner()).toBe('');
    act(() => noteNetwork(false));
    expect(banner()).toBe('离线：网络未连接');
    act(() => window.dispatchEvent(new Event('online')));
    expect(banner()).toBe('');
  });
});

describe('what never loaded, offline', () => {
  it('says the network is gone instead of blaming the page, with 重试', () => {
    const onRetry = vi.fn();
    render(
      <MemoryRouter>
        <LoadFailed title="首页内容没有加载出来" onRetry={onRetry} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading').textContent).toBe('首页内容没有加载出来');
    expect(screen.getByText('请检查网络后重试。')).toBeTruthy();
    act(() => noteNetwork(false));
    expect(screen.getByRole('heading').textContent).toBe('网络未连接');
    expect(screen.getByText(/还没有在这台手机上打开过/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(onRetry).toHaveBeenCalledOnce();
    act(() => noteNetwork(true));
    expect(screen.getByRole('heading').textContent).toBe('首页内容没有加载出来');
  });
});
