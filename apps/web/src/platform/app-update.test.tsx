import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StatusBanners } from '@/ui/status-banners.tsx';
import { offerUpdate, resetAppUpdate, takeUpdateIfSafe } from './app-update.ts';

afterEach(() => {
  cleanup();
  resetAppUpdate();
  document.body.innerHTML = '';
});

/** A video on the page, playing or not. */
function video(playing: boolean) {
  const element = document.createElement('video');
  Object.defineProperty(element, 'paused', { value: !playing });
  Object.defineProperty(element, 'ended', { value: false });
  document.body.append(element);
}

describe('a new version of the portal (有新版本)', () => {
  it('shows nothing until a new version waits, then offers it', () => {
    render(<StatusBanners />);
    expect(document.querySelector('.status-banners')?.textContent).toBe('');
    act(() => offerUpdate(vi.fn()));
    expect(document.querySelector('.status-banners')?.textContent).toContain('有新版本');
  });

  it('takes it at the learner’s tap, once, saying it is updating', () => {
    const take = vi.fn();
    render(<StatusBanners />);
    act(() => offerUpdate(take));
    fireEvent.click(screen.getByRole('button', { name: '立即更新' }));
    fireEvent.click(screen.getByRole('button', { name: '立即更新' }));
    expect(take).toHaveBeenCalledTimes(1);
    expect(document.querySelector('.status-banners')?.textContent).toContain('正在更新');
    expect((screen.getByRole('button', { name: '立即更新' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('takes it on a move to another page, never while a video plays', () => {
    const take = vi.fn();
    expect(takeUpdateIfSafe()).toBe(false);
    offerUpdate(take);
    video(true);
    expect(takeUpdateIfSafe()).toBe(false);
    expect(take).not.toHaveBeenCalled();
    document.body.innerHTML = '';
    video(false);
    expect(takeUpdateIfSafe()).toBe(true);
    expect(take).toHaveBeenCalledTimes(1);
  });
});
