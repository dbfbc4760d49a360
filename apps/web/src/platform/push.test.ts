import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/*
 * The reminders' offer (issue 32): once per learner, after a reservation or a signup, where the
 * browser can receive pushes; the subscription is sent to the server; at logout it goes.
 */

const dialog = vi.hoisted(() => ({ confirm: vi.fn() }));
vi.mock('./feedback.ts', () => ({
  loadFeedbackKit: async () => ({ Dialog: dialog, Toast: { show: vi.fn() } }),
  withFeedbackKit: vi.fn(),
  plainToast: vi.fn(),
}));
const calls = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('./request.ts', () => calls);

import { endReminders, keyBytes, offerReminders } from './push.ts';

const subscription = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
  toJSON: () => ({
    endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
    keys: { p256dh: 'BPk', auth: 'au' },
  }),
  unsubscribe: vi.fn(async () => true),
};
let current: typeof subscription | null;
const pushManager = {
  getSubscription: vi.fn(async () => current),
  subscribe: vi.fn(async () => {
    current = subscription;
    return subscription;
  }),
};

beforeEach(() => {
  current = null;
  localStorage.setItem('userInfo', JSON.stringify({ id: 7 }));
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => ({ pushManager }) },
  });
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', {
    permission: 'default',
    requestPermission: async () => 'granted',
  });
  calls.get.mockResolvedValue({ enabled: true, publicKey: 'AQID' });
  calls.post.mockResolvedValue({ subscribed: true });
});
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('reminders on this device', () => {
  it('offers them once per learner, and subscribes with the server’s key when accepted', async () => {
    await offerReminders();
    expect(dialog.confirm).toHaveBeenCalledOnce();
    const [{ title, confirmText, onConfirm }] = dialog.confirm.mock.calls[0] as [
      { title: string; confirmText: string; onConfirm: () => Promise<void> },
    ];
    expect([title, confirmText]).toEqual(['开启提醒', '开启提醒']);
    await onConfirm();
    expect(pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: new Uint8Array([1, 2, 3]),
    });
    expect(calls.post).toHaveBeenCalledWith('/push/subscribe', subscription.toJSON(), {
      quiet: true,
      loginRequired: true,
    });
    await offerReminders();
    expect(dialog.confirm).toHaveBeenCalledOnce();
  });

  it('offers nothing to a visitor, or where notifications were refused', async () => {
    localStorage.removeItem('userInfo');
    await offerReminders();
    localStorage.setItem('userInfo', JSON.stringify({ id: 8 }));
    vi.stubGlobal('Notification', { permission: 'denied' });
    await offerReminders();
    expect(dialog.confirm).not.toHaveBeenCalled();
  });

  it('ends the subscription at logout: the server forgets it, then the browser', async () => {
    current = subscription;
    await endReminders();
    expect(calls.post).toHaveBeenCalledWith(
      '/push/unsubscribe',
      { endpoint: subscription.endpoint },
      { quiet: true, loginRequired: true },
    );
    expect(subscription.unsubscribe).toHaveBeenCalledOnce();
  });

  it('reads a base64url key', () => {
    expect([...keyBytes('-_8')]).toEqual([251, 255]);
  });
});
