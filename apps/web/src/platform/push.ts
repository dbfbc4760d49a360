import type { PushKey } from '@portal/contract';
import { loadFeedbackKit, plainToast, withFeedbackKit } from './feedback.ts';
import { learnerKey } from './outbox/outbox-count.ts';
import { get, post } from './request.ts';
import { local } from './storage.ts';

/**
 * Reminders that reach a closed portal (Web Push, issue 32): offered once to a learner after
 * they reserve a live session or sign up for a class or an activity (never on a first visit),
 * where the browser can (not in the WeChat browser nor on an iPhone outside an installed app:
 * there the in-app message is the reminder). The subscription is this device's and goes at
 * logout. Loaded on demand.
 */

const offeredKey = (learner: string) => `pushOffered:${learner}`;

function toast(content: string) {
  withFeedbackKit(
    ({ Toast }) => Toast.show({ content, position: 'center', duration: 3000 }),
    () => plainToast(content),
  );
}

/** Whether this browser can receive pushes and the learner has not refused notifications. */
export function canPush(): boolean {
  return (
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window &&
    Notification.permission !== 'denied'
  );
}

/** The bytes of a base64url key (`applicationServerKey`). */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

/** Subscribes this device and tells the server; says so either way. */
async function subscribe(registration: ServiceWorkerRegistration): Promise<void> {
  const fallback = '这台手机暂时不能开启提醒，提醒会照常发到「我的消息」';
  try {
    if ((await Notification.requestPermission()) !== 'granted') {
      toast('没有允许通知，提醒会照常发到「我的消息」');
      return;
    }
    const key = await get<PushKey>('/push/key', {}, { quiet: true });
    if (!key.enabled || !key.publicKey) {
      toast(fallback);
      return;
    }
    const subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(key.publicKey),
    });
    await post('/push/subscribe', subscription.toJSON(), { quiet: true, loginRequired: true });
    toast('已开启提醒');
  } catch {
    toast(fallback);
  }
}

/**
 * Offers reminders on this device, once per learner: after a reservation or a signup, when the
 * browser can and the device is not subscribed yet.
 */
export async function offerReminders(): Promise<void> {
  const learner = learnerKey();
  if (!learner || !canPush() || local.get(offeredKey(learner))) return;
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return;
  local.set(offeredKey(learner), '1');
  if (await registration.pushManager.getSubscription()) return;
  const { Dialog } = await loadFeedbackKit();
  Dialog.confirm({
    title: '开启提醒',
    content: '开班、活动和直播开始前，即使没有打开学习网，手机也会收到提醒。',
    confirmText: '开启提醒',
    cancelText: '暂不',
    onConfirm: () => subscribe(registration),
  });
}

/** Ends this device's reminders (logout): the server forgets the subscription, then the browser. */
export async function endReminders(): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration();
  const subscription = await registration?.pushManager?.getSubscription();
  if (!subscription) return;
  await post(
    '/push/unsubscribe',
    { endpoint: subscription.endpoint },
    { quiet: true, loginRequired: true },
  ).catch(() => undefined);
  await subscription.unsubscribe().catch(() => false);
}
