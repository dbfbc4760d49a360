import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/**
 * The outbox (issue 32): a learner's writes made without a network (lesson progress, reading
 * positions, favourites), kept in the browser's IndexedDB and sent when the connection returns,
 * by the page (at start, when it comes back to the screen, when the network returns) or by the
 * service worker (Background Sync, the page closed). Each carries an idempotency key the server
 * honours, so an entry sent twice is done once. This module is shared by both: no DOM in it.
 *
 * - Entries are the learner's own: each names its learner (site and id), and only the learner
 *   signed in now sends theirs; another learner's wait for them on the phone.
 * - An entry the server refuses (the lesson went offline, too old) is dropped, and the refusal
 *   kept for the page to tell the learner; one the server cannot take now (no network, the
 *   login to renew, the same entry under way, too many at once) is sent again later.
 * - An entry older than {@link MAX_AGE_MS} is dropped unsent, with a message as well.
 */

/** One write waiting to be sent. */
export interface OutboxEntry {
  /** Its idempotency key (sent as `Idempotency-Key`): the entry's identity. */
  key: string;
  /** Whose it is: `<site>:<learner id>`. */
  learner: string;
  /** The site it was made on (`X-Site`). */
  site: string;
  /** The API path, without `/api`: `/study/progress`. */
  path: string;
  body: unknown;
  /** What it is, for the learner: 学习进度, 阅读进度, 收藏. */
  what: string;
  /** When it was made (epoch ms): entries go in that order. */
  madeAt: number;
}

/** The learner who may send now, and how (kept by the page whenever the login changes). */
export interface Sender {
  learner: string;
  token: string;
  finger: string;
}

/** An entry the server refused, kept until the page has told the learner. */
export interface Refusal {
  learner: string;
  what: string;
  message: string;
}

interface OutboxDb extends DBSchema {
  entries: { key: string; value: OutboxEntry; indexes: { learner: string } };
  state: { key: string; value: Sender | Refusal[] };
}

/** How long an entry waits at most (the server takes a report made up to a week ago). */
export const MAX_AGE_MS = 7 * 24 * 3600_000;
/** The Background Sync tag. */
export const SYNC_TAG = 'portal-outbox';

const SENDER = 'sender';
const REFUSED = 'refused';

let opened: Promise<IDBPDatabase<OutboxDb>> | null = null;

/** The outbox's database (opened once per page or worker). */
export function outboxDb(): Promise<IDBPDatabase<OutboxDb>> {
  opened ??= openDB<OutboxDb>('portal-outbox', 1, {
    upgrade(db) {
      db.createObjectStore('entries', { keyPath: 'key' }).createIndex('learner', 'learner');
      db.createObjectStore('state');
    },
  });
  return opened;
}

/** For tests: forgets the opened database. */
export function closeOutboxDb(): void {
  void opened?.then((db) => db.close());
  opened = null;
}

/** Keeps an entry to send later. */
export async function putEntry(entry: OutboxEntry): Promise<void> {
  await (await outboxDb()).put('entries', entry);
}

/** The learner's entries, oldest first. */
export async function entriesOf(learner: string): Promise<OutboxEntry[]> {
  const entries = await (await outboxDb()).getAllFromIndex('entries', 'learner', learner);
  return entries.sort((a, b) => a.madeAt - b.madeAt);
}

/** Drops the learner's entries (the learner chose to discard them). */
export async function dropEntries(learner: string): Promise<number> {
  const db = await outboxDb();
  const keys = await db.getAllKeysFromIndex('entries', 'learner', learner);
  const tx = db.transaction('entries', 'readwrite');
  await Promise.all([...keys.map((key) => tx.store.delete(key)), tx.done]);
  return keys.length;
}

export async function readSender(): Promise<Sender | null> {
  const sender = await (await outboxDb()).get('state', SENDER);
  return sender && !Array.isArray(sender) ? sender : null;
}

/** Keeps who may send now (null: nobody is signed in). */
export async function writeSender(sender: Sender | null): Promise<void> {
  const db = await outboxDb();
  if (sender) await db.put('state', sender, SENDER);
  else await db.delete('state', SENDER);
}

async function addRefusals(refusals: Refusal[]): Promise<void> {
  if (refusals.length === 0) return;
  const db = await outboxDb();
  const tx = db.transaction('state', 'readwrite');
  const kept = await tx.store.get(REFUSED);
  await tx.store.put([...(Array.isArray(kept) ? kept : []), ...refusals], REFUSED);
  await tx.done;
}

/** Takes the learner's refusals not told yet (they are told once). */
export async function takeRefusals(learner: string): Promise<Refusal[]> {
  const db = await outboxDb();
  const tx = db.transaction('state', 'readwrite');
  const kept = await tx.store.get(REFUSED);
  const all = Array.isArray(kept) ? kept : [];
  await tx.store.put(
    all.filter((refusal) => refusal.learner !== learner),
    REFUSED,
  );
  await tx.done;
  return all.filter((refusal) => refusal.learner === learner);
}

/** What the server's answer to an entry means for it. */
export type Verdict = 'sent' | 'refused' | 'later';

/** Codes that mean "not now": the login to renew (301), under way (409), too many (429). */
const LATER_CODES = new Set([301, 409, 429]);

/** The verdict on an answer: its envelope's code, or `later` when it is not the envelope. */
export async function verdictOf(
  response: Response,
): Promise<{ verdict: Verdict; message: string }> {
  if (!response.ok) return { verdict: 'later', message: '' };
  try {
    const { code, message } = (await response.json()) as { code?: unknown; message?: unknown };
    if (code === 0) return { verdict: 'sent', message: '' };
    if (typeof code !== 'number' || LATER_CODES.has(code)) return { verdict: 'later', message: '' };
    return { verdict: 'refused', message: typeof message === 'string' ? message : '' };
  } catch {
    return { verdict: 'later', message: '' };
  }
}

/** What a round of sending did. */
export interface FlushResult {
  sent: number;
  refused: number;
  /** Entries still waiting (the network went again, or the server said later). */
  left: number;
}

/**
 * Sends the signed-in learner's entries in the order they were made, each once until the server
 * has answered it; stops at the first that cannot go now (the rest keep their order).
 */
export async function flushEntries(
  sender: Sender,
  now: number,
  send: typeof fetch = fetch,
): Promise<FlushResult> {
  const entries = await entriesOf(sender.learner);
  const db = await outboxDb();
  const result: FlushResult = { sent: 0, refused: 0, left: 0 };
  const refusals: Refusal[] = [];
  for (const [index, entry] of entries.entries()) {
    if (now - entry.madeAt > MAX_AGE_MS) {
      await db.delete('entries', entry.key);
      result.refused += 1;
      refusals.push({ learner: entry.learner, what: entry.what, message: '离线记录已超过 7 天' });
      continue;
    }
    let verdict: { verdict: Verdict; message: string };
    try {
      const response = await send(`/api${entry.path}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json;charset=UTF-8',
          'X-Site': entry.site,
          'X-Finger': sender.finger,
          Authorization: `Bearer ${sender.token}`,
          'Idempotency-Key': entry.key,
        },
        body: JSON.stringify(entry.body),
      });
      verdict = await verdictOf(response);
    } catch {
      verdict = { verdict: 'later', message: '' };
    }
    if (verdict.verdict === 'later') {
      result.left = entries.length - index;
      break;
    }
    await db.delete('entries', entry.key);
    if (verdict.verdict === 'sent') result.sent += 1;
    else {
      result.refused += 1;
      refusals.push({ learner: entry.learner, what: entry.what, message: verdict.message });
    }
  }
  await addRefusals(refusals);
  return result;
}
