import type { PushKey, PushPayload, PushState, PushSubscriptionBody } from '@portal/contract';
import { sitePrefix } from '@portal/contract/constants';
import type { Kysely } from 'kysely';
import webpush from 'web-push';
import type { Database, MessageReminderRow } from '../../db/schema.ts';
import { invalid } from '../../platform/errors.ts';
import { MessageTexts } from '../messages/message-texts.ts';
import {
  deleteSubscription,
  deleteSubscriptionById,
  subscriptionsOf,
  upsertSubscription,
} from './push.queries.ts';
import type { VapidKeys } from './push-keys.ts';

/**
 * The browsers' own push services a subscription may name (a subscription is an address this
 * server will post to: any other would let a learner make it call anywhere), by host suffix.
 */
const BROWSER_PUSH_SERVICES = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
];

/** How long a push service keeps a reminder for a phone that is off (an hour). */
const TTL_SECONDS = 3600;

/** What one reminder's push did. */
export interface PushRun {
  sent: number;
  /** Subscriptions the push service said are gone (404/410), removed. */
  removed: number;
  failed: number;
}

/** The page a reminder opens, under the site's prefix. */
function reminderUrl(row: Pick<MessageReminderRow, 'site_key' | 'subject_type' | 'subject_id'>) {
  const pages: Record<string, string> = {
    live: '/liveDetails',
    class: '/classDetails',
    activity: '/activityDetails',
  };
  const page = pages[row.subject_type] ?? '/messages';
  return `${sitePrefix(row.site_key)}${page}?id=${row.subject_id}`;
}

/**
 * Web Push (issue 32): a learner's subscriptions, one per device they allowed reminders on, and
 * the reminders pushed to them besides the in-app message (which stays the fallback where push
 * is not available). A subscription the push service answers 404 or 410 for is removed.
 */
export class PushService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly keys: VapidKeys,
    private readonly hosts: readonly string[],
    private readonly onError: (error: unknown) => void,
    private readonly now: () => number = Date.now,
  ) {}

  key(): PushKey {
    return { enabled: true, publicKey: this.keys.publicKey };
  }

  /** Whether the server may post to `endpoint`: a browser's push service, or one set up. */
  private allowed(endpoint: string): boolean {
    const url = new URL(endpoint);
    if (this.hosts.includes(url.host.toLowerCase())) return true;
    const host = url.hostname.toLowerCase();
    return (
      url.protocol === 'https:' &&
      BROWSER_PUSH_SERVICES.some((service) => host === service || host.endsWith(`.${service}`))
    );
  }

  async subscribe(
    siteKey: string,
    userId: number,
    body: PushSubscriptionBody,
    finger: string | null,
  ): Promise<PushState> {
    if (!this.allowed(body.endpoint)) throw invalid('推送地址不是浏览器的推送服务');
    await upsertSubscription(this.db, {
      user_id: userId,
      site_key: siteKey,
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      finger: finger?.slice(0, 64) ?? null,
      created_at: this.now(),
    });
    return { subscribed: true };
  }

  async unsubscribe(userId: number, endpoint: string): Promise<PushState> {
    await deleteSubscription(this.db, userId, endpoint);
    return { subscribed: false };
  }

  /** Pushes `payload` to each of the learner's devices on the site. */
  async notify(userId: number, siteKey: string, payload: PushPayload): Promise<PushRun> {
    const run: PushRun = { sent: 0, removed: 0, failed: 0 };
    const targets = await subscriptionsOf(this.db, userId, siteKey);
    await Promise.all(
      targets.map(async (target) => {
        // web-push encrypts and signs; the request goes out with fetch, within 10 s.
        const request = webpush.generateRequestDetails(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(payload),
          {
            vapidDetails: this.keys,
            TTL: TTL_SECONDS,
            urgency: 'high',
            topic: payload.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32) || undefined,
          },
        );
        try {
          const response = await fetch(request.endpoint, {
            method: request.method,
            headers: request.headers as Record<string, string>,
            body: request.body,
            redirect: 'error',
            signal: AbortSignal.timeout(10_000),
          });
          await response.body?.cancel();
          if (response.ok) {
            run.sent += 1;
            return;
          }
          // The browser unsubscribed, or the subscription expired: it goes.
          if (response.status === 404 || response.status === 410) {
            await deleteSubscriptionById(this.db, target.id);
            run.removed += 1;
            return;
          }
          throw new Error(`push service answered HTTP ${response.status}`);
        } catch (error) {
          run.failed += 1;
          this.onError(error);
        }
      }),
    );
    return run;
  }

  /** Pushes a reminder that was just sent as a message (a class, an activity, a live session). */
  notifyReminder(row: MessageReminderRow): Promise<PushRun> {
    const { title, body } = MessageTexts.reminder(row);
    return this.notify(row.user_id, row.site_key, {
      title,
      body,
      url: reminderUrl(row),
      tag: `reminder-${row.id}`,
      icon: `${sitePrefix(row.site_key)}/app-icon-192.png`,
    });
  }
}
