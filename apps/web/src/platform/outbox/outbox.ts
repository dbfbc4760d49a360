import { plainToast, withFeedbackKit } from '../feedback.ts';
import { fingerprint } from '../fingerprint.ts';
import { NetworkError, post, sendOnLeave } from '../request.ts';
import { subscribeLogin } from '../session.ts';
import { siteConfig } from '../site-config.ts';
import { local, StorageKey } from '../storage.ts';
import {
  entriesOf,
  flushEntries,
  putEntry,
  type Refusal,
  SYNC_TAG,
  takeRefusals,
  writeSender,
} from './outbox-core.ts';
import { learnerKey, OUTBOX_SENT_EVENT, setWaitingCount, waitingCount } from './outbox-count.ts';

/**
 * The page's side of the outbox (issue 32, see `outbox-core.ts`): a learner's write goes to the
 * server at once when it can, with an idempotency key; without a network (or while older writes
 * still wait, so that they keep their order) it is kept and sent later: when the network returns,
 * when the page comes back to the screen, at the next start, or by the service worker's
 * Background Sync with the page closed.
 */

/** What is written, for the learner's messages: 学习进度, 阅读进度, 收藏. */
export interface KeptWrite {
  what: string;
  /** A report of time: kept with when it was made (`recordedAt`), credited at that moment. */
  stamped?: boolean;
  /** The request layer shows no failure (a report the player makes on its own). */
  quiet?: boolean;
}

/** A fresh idempotency key. */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return [...crypto.getRandomValues(new Uint8Array(16))]
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('');
}

function toast(content: string) {
  withFeedbackKit(
    ({ Toast }) => Toast.show({ content, position: 'center', duration: 3000 }),
    () => plainToast(content),
  );
}

/** Tells the learner what the server did not take (once per round). */
function tellRefusals(refusals: Refusal[]) {
  const [first] = refusals;
  if (!first) return;
  const more = refusals.length > 1 ? `等 ${refusals.length} 条` : '';
  toast(`离线时的${first.what}${more}没有保存：${first.message || '服务器没有接受'}`);
}

interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/** Asks the service worker to send the outbox when the network returns, page open or not. */
async function askBackgroundSync() {
  const registration = await navigator.serviceWorker?.getRegistration();
  await (registration as SyncRegistration | undefined)?.sync?.register(SYNC_TAG);
}

/** Keeps who may send now for the service worker (their token changes at every start). */
async function rememberSender() {
  const learner = learnerKey();
  const token = local.get(StorageKey.token);
  await writeSender(learner && token ? { learner, token, finger: fingerprint() } : null);
}

async function keep(learner: string, key: string, path: string, body: object, write: KeptWrite) {
  const madeAt = Date.now();
  try {
    await putEntry({
      key,
      learner,
      site: siteConfig.siteKey,
      path,
      body: write.stamped ? { ...body, recordedAt: madeAt } : body,
      what: write.what,
      madeAt,
    });
  } catch {
    toast(`手机存储空间不足，这条${write.what}没有保存下来`);
    return;
  }
  setWaitingCount(learner, waitingCount(learner) + 1);
  startOutbox();
  await rememberSender().catch(() => undefined);
  await askBackgroundSync().catch(() => undefined);
}

/**
 * Sends a learner's write now, or keeps it for later: answers the server's answer, or null when
 * it was kept (the caller shows what it expects to happen). A visitor's goes as a plain call.
 */
export async function sendOrKeep<T>(
  path: string,
  body: object,
  write: KeptWrite,
): Promise<T | null> {
  const learner = learnerKey();
  const options = { quiet: write.quiet ?? true, loginRequired: true };
  if (!learner) return post<T>(path, body, options);
  const key = newKey();
  if (navigator.onLine === false || waitingCount(learner) > 0) {
    await keep(learner, key, path, body, write);
    return null;
  }
  try {
    return await post<T>(path, body, { ...options, headers: { 'Idempotency-Key': key } });
  } catch (error) {
    if (!(error instanceof NetworkError)) throw error;
    // Its answer may have been lost on the way: sent again with its key, it is done once.
    await keep(learner, key, path, body, write);
    return null;
  }
}

/** The same as the page is hidden or left; false when there is no login to write for. */
export function sendOrKeepOnLeave(path: string, body: object, write: KeptWrite): boolean {
  const learner = learnerKey();
  if (!learner) return false;
  const key = newKey();
  if (navigator.onLine === false || waitingCount(learner) > 0) {
    void keep(learner, key, path, body, write);
    return true;
  }
  return sendOnLeave(path, body, { 'Idempotency-Key': key });
}

let flushing: Promise<void> | null = null;

/** Sends what waits for the signed-in learner, in order; tells them what was refused. */
export function flushOutbox(): Promise<void> {
  flushing ??= (async () => {
    const learner = learnerKey();
    const token = local.get(StorageKey.token);
    if (!learner || !token) return;
    const sender = { learner, token, finger: fingerprint() };
    await writeSender(sender);
    const result = await flushEntries(sender, Date.now());
    setWaitingCount(learner, (await entriesOf(learner)).length);
    tellRefusals(await takeRefusals(learner));
    if (result.sent > 0) window.dispatchEvent(new Event(OUTBOX_SENT_EVENT));
  })()
    .catch(() => undefined)
    .finally(() => {
      flushing = null;
    });
  return flushing;
}

let started = false;

/**
 * Starts sending: now, and whenever the network returns or the page comes back to the screen;
 * after the service worker sent in the background, the page's figures are brought up to date.
 */
export function startOutbox(): void {
  if (started) return;
  started = true;
  window.addEventListener('online', () => void flushOutbox());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && navigator.onLine !== false) void flushOutbox();
  });
  // Another learner signed in: theirs may go; nobody signed in: the worker sends nothing.
  subscribeLogin(() => {
    void rememberSender().catch(() => undefined);
    void flushOutbox();
  });
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent) => {
    if ((event.data as { type?: string } | null)?.type !== 'OUTBOX_SENT') return;
    window.dispatchEvent(new Event(OUTBOX_SENT_EVENT));
    void flushOutbox();
  });
  if (navigator.onLine !== false) void flushOutbox();
}
