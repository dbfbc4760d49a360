import { z } from 'zod';

/**
 * Web Push (issue 32): reminders that reach a learner with the portal closed. The server's
 * public VAPID key, and a browser's subscription as `PushManager.subscribe` gives it.
 */

/** `GET /api/push/key`: whether reminders can be pushed, and the key to subscribe with. */
export const pushKeySchema = z.object({
  enabled: z.boolean(),
  /** The application server key (P-256, base64url), null when push is off. */
  publicKey: z.string().nullable(),
});
export type PushKey = z.infer<typeof pushKeySchema>;

const base64url = (what: string, max: number) =>
  z
    .string({ error: `${what}不能为空` })
    .min(1, `${what}不能为空`)
    .max(max, `${what}过长`)
    .regex(/^[A-Za-z0-9_-]+=*$/, `${what}格式不正确`);

/** `POST /api/push/subscribe`: a browser's subscription (`PushSubscription.toJSON()`). */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ error: '推送地址格式不正确' }).max(1000, '推送地址过长'),
  keys: z.object({
    p256dh: base64url('推送公钥', 200),
    auth: base64url('推送密钥', 100),
  }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionSchema>;

/** `POST /api/push/unsubscribe`: the browser's subscription goes (logout, reminders off). */
export const pushUnsubscribeSchema = z.object({
  endpoint: z.url({ error: '推送地址格式不正确' }).max(1000, '推送地址过长'),
});

/** The answer of subscribe and unsubscribe. */
export const pushStateSchema = z.object({ subscribed: z.boolean() });
export type PushState = z.infer<typeof pushStateSchema>;

/** What a push message carries (the service worker shows it as a notification). */
export interface PushPayload {
  title: string;
  body: string;
  /** The address to open when it is tapped (under the site's prefix). */
  url: string;
  /** Replaces an earlier notification with the same tag (one per reminder). */
  tag: string;
  /** The site's icon. */
  icon?: string;
}
