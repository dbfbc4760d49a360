import { afterEach, describe, expect, it, vi } from 'vitest';

// The kit's chunk cannot be downloaded (the network went away before it ever arrived).
vi.mock('./feedback-kit.ts', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

const { plainToast, warmFeedbackKitOnFirstTouch, withFeedbackKit } = await import('./feedback.ts');

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('the pop-up kit', () => {
  it('shows a plain toast when the kit cannot be loaded, and closes it after 2 s', async () => {
    const use = vi.fn();
    const closed = vi.fn();
    withFeedbackKit(use, () => plainToast('网络异常', closed));
    await vi.waitFor(() => expect(document.querySelector('.plain-toast')).not.toBeNull());
    const toast = document.querySelector('.plain-toast');
    expect(toast?.textContent).toBe('网络异常');
    expect(toast?.getAttribute('role')).toBe('status');
    expect(use).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(closed).toHaveBeenCalled(), { timeout: 3000 });
    expect(document.querySelector('.plain-toast')).toBeNull();
  });

  it('starts loading at the first touch, once', () => {
    const target = new EventTarget() as Window;
    const added = vi.spyOn(target, 'addEventListener');
    const removed = vi.spyOn(target, 'removeEventListener');
    warmFeedbackKitOnFirstTouch(target);
    expect(added.mock.calls.map(([type]) => type)).toEqual(['pointerdown', 'keydown']);
    target.dispatchEvent(new Event('pointerdown'));
    expect(removed.mock.calls.map(([type]) => type)).toEqual(['pointerdown', 'keydown']);
  });
});
