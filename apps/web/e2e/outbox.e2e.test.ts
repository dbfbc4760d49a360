import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { phoneSuite, registerInBrowser } from './harness.ts';

/*
 * The outbox (issue 32) on a phone in Chromium against the real server: a learner reads a lesson,
 * the network goes (the browser's offline mode), the reading goes on and the learner moves on;
 * the progress is kept on the phone, the 离线 banner says it waits, and when the network
 * returns it is sent: the server credits the learning time once, exactly what the phone
 * reported, and the same entry sent again changes nothing.
 */

const suite = phoneSuite();

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

async function api<T>(path: string, init: RequestInit = {}): Promise<Envelope<T>> {
  const response = await fetch(`${suite.portal.baseUrl}/api${path}`, {
    ...init,
    headers: { 'x-site': 'jingan', ...(init.headers as Record<string, string>) },
  });
  return (await response.json()) as Envelope<T>;
}

/** A published demo course with an article lesson (图文), and that lesson. */
async function articleLesson(): Promise<{ courseId: number; lessonId: number }> {
  const { data } = await api<{ list: { id: number }[] }>('/courses?page=1&size=50');
  for (const { id } of data.list) {
    const detail = await api<{ chapters: { lessons: { id: number; kind: string }[] }[] }>(
      `/courses/detail?id=${id}`,
    );
    const lesson = detail.data.chapters
      .flatMap((chapter) => chapter.lessons)
      .find((candidate) => candidate.kind === 'article');
    if (lesson) return { courseId: id, lessonId: lesson.id };
  }
  throw new Error('no demo course has an article lesson');
}

interface KeptEntry {
  key: string;
  path: string;
  body: { lessonId: number; watchedSeconds: number; recordedAt: number };
}

/** The entries kept in the page's outbox (its IndexedDB). */
const keptEntries = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<KeptEntry[]>((resolve, reject) => {
        const open = indexedDB.open('portal-outbox');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('entries').objectStore('entries').getAll();
          all.onsuccess = () => resolve(all.result as KeptEntry[]);
          all.onerror = () => reject(all.error);
        };
      }),
  );

describe('the outbox', () => {
  it('keeps reading done offline and sends it once the network returns, credited once', async () => {
    const { context, page } = await suite.open();
    await registerInBrowser(page, suite.portal.baseUrl, '13912349001');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const auth = { authorization: `Bearer ${token}` };
    const today = async () =>
      (await api<{ seconds: number }>('/study/today', { headers: auth })).data;
    expect((await today()).seconds).toBe(0);

    const { courseId, lessonId } = await articleLesson();
    await page.goto(suite.url(`/scourseDetail?id=${courseId}&lessonId=${lessonId}`));
    await page.locator('.lesson-article').waitFor();
    // Opening the article was reported online (it completes it): the outbox's code is loaded.
    await expect
      .poll(
        async () =>
          (
            await api<{ lessons: { lessonId: number; completed: boolean }[] }>(
              `/study/course-progress?courseId=${courseId}`,
              { headers: auth },
            )
          ).data.lessons.find((lesson) => lesson.lessonId === lessonId)?.completed,
        { timeout: 10_000 },
      )
      .toBe(true);

    // The network goes; the learner reads on, then moves on: the reading is kept on the phone.
    await context.setOffline(true);
    await page.waitForTimeout(4_000);
    await page.locator('.course-lesson-link:not([aria-current])').first().click();
    await expect.poll(async () => (await keptEntries(page)).length, { timeout: 10_000 }).toBe(1);
    const [kept] = (await keptEntries(page)) as [KeptEntry];
    expect(kept).toMatchObject({ path: '/study/progress', body: { lessonId } });
    expect(kept.body.watchedSeconds).toBeGreaterThanOrEqual(3);
    const banner = page.locator('.status-banner').filter({ hasText: '离线' });
    await banner.waitFor();
    expect(await banner.textContent()).toContain('1 条学习记录待联网后上传');
    await page.screenshot({ path: '/tmp/pwa/outbox-waiting.png' });

    // The network returns: sent at once, and the server credits exactly what was reported (its
    // day's total in whole seconds).
    await context.setOffline(false);
    await expect.poll(async () => (await keptEntries(page)).length, { timeout: 10_000 }).toBe(0);
    await banner.waitFor({ state: 'detached' });
    expect((await today()).seconds).toBe(Math.floor(kept.body.watchedSeconds));

    // The same entry sent again (an answer lost on the way): answered again, not counted again.
    const again = await fetch(`${suite.portal.baseUrl}/api${kept.path}`, {
      method: 'POST',
      headers: {
        ...auth,
        'x-site': 'jingan',
        'content-type': 'application/json',
        'idempotency-key': kept.key,
      },
      body: JSON.stringify(kept.body),
    });
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    expect(((await again.json()) as Envelope<unknown>).code).toBe(0);
    await page.reload();
    await page.locator('.boot-splash').waitFor({ state: 'detached' });
    expect((await today()).seconds).toBe(Math.floor(kept.body.watchedSeconds));
  });
});
