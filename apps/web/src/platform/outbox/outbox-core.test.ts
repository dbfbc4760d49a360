import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  closeOutboxDb,
  entriesOf,
  flushEntries,
  MAX_AGE_MS,
  type OutboxEntry,
  putEntry,
  type Sender,
  takeRefusals,
} from './outbox-core.ts';

const NOW = Date.UTC(2026, 11, 2, 8, 0);
const ME: Sender = { learner: 'jingan:7', token: 'token-7', finger: 'finger' };

const entry = (key: string, madeAt: number, learner = ME.learner): OutboxEntry => ({
  key,
  learner,
  site: 'jingan',
  path: '/study/progress',
  body: { lessonId: 1, positionSeconds: 30, watchedSeconds: 30, recordedAt: madeAt },
  what: '学习进度',
  madeAt,
});

const answer = (code: number, message = '') =>
  new Response(JSON.stringify({ code, message, data: null }), {
    headers: { 'content-type': 'application/json' },
  });

afterEach(async () => {
  closeOutboxDb();
  await new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase('portal-outbox');
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
  });
});

describe('the outbox', () => {
  it('sends the learner’s entries in the order they were made, each with its key, then forgets them', async () => {
    await putEntry(entry('key-second', NOW - 1_000));
    await putEntry(entry('key-first', NOW - 2_000));
    const send = vi.fn(async () => answer(0));
    expect(await flushEntries(ME, NOW, send)).toEqual({ sent: 2, refused: 0, left: 0 });
    const calls = send.mock.calls as unknown as [string, RequestInit][];
    expect(calls.map(([url]) => url)).toEqual(['/api/study/progress', '/api/study/progress']);
    const headers = calls.map(([, init]) => init.headers as Record<string, string>);
    expect(headers.map((sent) => sent['Idempotency-Key'])).toEqual(['key-first', 'key-second']);
    expect(headers[0]).toMatchObject({ Authorization: 'Bearer token-7', 'X-Site': 'jingan' });
    expect(JSON.parse(String(calls[0]?.[1].body))).toMatchObject({ recordedAt: NOW - 2_000 });
    expect(await entriesOf(ME.learner)).toEqual([]);
  });

  it('stops at the first that cannot go now, and keeps it and the rest in order', async () => {
    await putEntry(entry('a-first', NOW - 3_000));
    await putEntry(entry('b-second', NOW - 2_000));
    await putEntry(entry('c-third', NOW - 1_000));
    const send = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(answer(0))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await flushEntries(ME, NOW, send)).toEqual({ sent: 1, refused: 0, left: 2 });
    expect((await entriesOf(ME.learner)).map((kept) => kept.key)).toEqual(['b-second', 'c-third']);
    // The login to renew, the same entry under way, too many at once: later, too.
    for (const code of [301, 409, 429]) {
      const later = vi.fn(async () => answer(code));
      expect((await flushEntries(ME, NOW, later)).left).toBe(2);
    }
    expect(await entriesOf(ME.learner)).toHaveLength(2);
  });

  it('drops what the server refuses, and tells that learner once', async () => {
    await putEntry(entry('refused-one', NOW - 2_000));
    await putEntry(entry('taken-one', NOW - 1_000));
    const send = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(answer(404, '课时不存在'))
      .mockResolvedValueOnce(answer(0));
    expect(await flushEntries(ME, NOW, send)).toEqual({ sent: 1, refused: 1, left: 0 });
    expect(await takeRefusals('jingan:8')).toEqual([]);
    expect(await takeRefusals(ME.learner)).toEqual([
      { learner: ME.learner, what: '学习进度', message: '课时不存在' },
    ]);
    expect(await takeRefusals(ME.learner)).toEqual([]);
  });

  it("never sends another learner's entries, and drops what waited more than a week", async () => {
    await putEntry(entry('theirs', NOW - 1_000, 'jingan:8'));
    await putEntry(entry('too-old', NOW - MAX_AGE_MS - 1));
    const send = vi.fn(async () => answer(0));
    expect(await flushEntries(ME, NOW, send)).toEqual({ sent: 0, refused: 1, left: 0 });
    expect(send).not.toHaveBeenCalled();
    expect(await entriesOf('jingan:8')).toHaveLength(1);
    expect(await takeRefusals(ME.learner)).toEqual([
      { learner: ME.learner, what: '学习进度', message: '离线记录已超过 7 天' },
    ]);
  });
});
