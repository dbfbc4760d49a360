import { afterEach, describe, expect, it, vi } from 'vitest';
import { listenPageLeave } from './page-leave.ts';

function setVisibility(state: 'hidden' | 'visible') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(() => setVisibility('visible'));

describe('listenPageLeave', () => {
  it('calls leave when the page is hidden or left, and reports each visibility change', () => {
    const leave = vi.fn();
    const visibility = vi.fn();
    const stop = listenPageLeave(leave, visibility);
    setVisibility('hidden');
    expect(leave).toHaveBeenCalledTimes(1);
    expect(visibility).toHaveBeenLastCalledWith(false);
    setVisibility('visible');
    expect(leave).toHaveBeenCalledTimes(1);
    expect(visibility).toHaveBeenLastCalledWith(true);
    window.dispatchEvent(new Event('pagehide'));
    expect(leave).toHaveBeenCalledTimes(2);
    stop();
  });

  it('stops listening when told', () => {
    const leave = vi.fn();
    listenPageLeave(leave)();
    setVisibility('hidden');
    window.dispatchEvent(new Event('pagehide'));
    expect(leave).not.toHaveBeenCalled();
  });
});
