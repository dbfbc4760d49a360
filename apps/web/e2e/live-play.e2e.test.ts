import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin, type Login, phoneSuite, storeLogin } from './harness.ts';

const suite = phoneSuite();
const url = suite.url;
let page: Page;

interface SessionRow {
  id: number;
  title: string;
  startsAt: string;
  hasReplay: boolean;
}

/** An API call of the running portal, as a learner when a token is given. */
async function api<T>(pathname: string, token?: string): Promise<T> {
  const answer = await fetch(url(`/api${pathname}`), {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const envelope = (await answer.json()) as { code: number; data: T; message: string };
  if (envelope.code !== 0) throw new Error(`${pathname}: ${envelope.code} ${envelope.message}`);
  return envelope.data;
}

const sessions = async (state: string) =>
  (await api<{ list: SessionRow[] }>(`/live/sessions?state=${state}&size=50`)).list;

async function openPhone(login?: Login) {
  ({ page } = await suite.open());
  if (login) await storeLogin(page, suite.portal.baseUrl, login);
  return page;
}

const video = () => page.locator('video.video-player');
const currentTime = () => video().evaluate((element: HTMLVideoElement) => element.currentTime);

/** Starts playback as a tap would (a tap on the page, then play). */
async function play() {
  await page.locator('.live-section h1').click();
  await video().evaluate((element: HTMLVideoElement) => element.play());
}

describe('watching a live session', () => {
  it('plays the stream near its live edge, counts the viewer and credits learning time', async () => {
    const [live] = await sessions('live');
    if (!live) throw new Error('the demo has no live session');
    const login = await apiLogin(suite.portal.baseUrl, '13800000002');
    const before = await api<{ seconds: number }>('/study/today', login.token);
    await openPhone(login);
    const playlists: Array<{ at: number; text: string }> = [];
    const segments: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/media/live/stream.m3u8')) {
        const at = Date.now();
        void response.text().then((text) => playlists.push({ at, text }));
      }
    });
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.endsWith('.ts')) segments.push(pathname);
    });

    await page.goto(url(`/liveDetails?id=${live.id}`));
    await video().waitFor();
    await page.locator('.video-overlay').getByText('直播中').waitFor();
    expect(await page.getByRole('link', { name: '添加到日历' }).count()).toBe(1);
    await play();
    await expect.poll(currentTime, { timeout: 15_000 }).toBeGreaterThan(0);
    const started = await currentTime();
    await expect.poll(currentTime, { timeout: 10_000, interval: 250 }).toBeGreaterThan(started + 2);

    // The playlist is the live one: no end, its window ending at the segment of the moment.
    const first = playlists[0] ?? { at: 0, text: '' };
    expect(first.text).not.toContain('#EXT-X-ENDLIST');
    const sequence = Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(first.text)?.[1]);
    const playingNow = Math.floor((first.at - Date.parse(live.startsAt)) / 6000);
    expect(Math.abs(sequence + 3 - playingNow)).toBeLessThanOrEqual(1);
    // The player loads segments of that window and plays within a few of the end of it.
    const windowUris = first.text.split('\n').filter((line) => line.startsWith('/media/'));
    expect(windowUris).toContain(segments[0]);
    const behind = await video().evaluate((element: HTMLVideoElement) => {
      const { buffered } = element;
      return buffered.end(buffered.length - 1) - element.currentTime;
    });
    expect(behind).toBeGreaterThanOrEqual(0);
    expect(behind).toBeLessThan(20);

    // The heartbeat counted this viewer.
    await page
      .locator('.live-viewers')
      .getByText(/^[1-9]\d* 人在看$/)
      .waitFor();

    // Pausing reports the watching: today's learning time grows by about what was watched.
    await video().evaluate((element: HTMLVideoElement) => element.pause());
    await expect
      .poll(async () => (await api<{ seconds: number }>('/study/today', login.token)).seconds, {
        timeout: 10_000,
      })
      .toBeGreaterThan(before.seconds);
    const after = await api<{ seconds: number }>('/study/today', login.token);
    expect(after.seconds - before.seconds).toBeLessThan(30);
  });

  it('resumes a replay where the learner stopped, after a reload', async () => {
    const ended = (await sessions('ended')).find((session) => session.hasReplay);
    if (!ended) throw new Error('the demo has no replay');
    const login = await apiLogin(suite.portal.baseUrl, '13800000002');
    await openPhone(login);
    await page.goto(url(`/liveDetails?id=${ended.id}`));
    await video().waitFor();
    await page.locator('.video-overlay').getByText('回放').waitFor();
    await play();
    await expect.poll(currentTime, { timeout: 15_000 }).toBeGreaterThan(0.5);
    await video().evaluate((element: HTMLVideoElement) => {
      element.currentTime = 20;
    });
    await expect.poll(currentTime, { timeout: 10_000, interval: 250 }).toBeGreaterThan(21);
    const stoppedAt = await currentTime();

    // Leaving (a reload) saves the position; the replay opens there again.
    await page.reload();
    await video().waitFor();
    await expect.poll(currentTime, { timeout: 15_000 }).toBeGreaterThan(15);
    expect(Math.abs((await currentTime()) - stoppedAt)).toBeLessThan(3);
    const stored = await api<{ positionSeconds: number }>(
      `/study/live-progress?sessionId=${ended.id}`,
      login.token,
    );
    expect(Math.abs(stored.positionSeconds - stoppedAt)).toBeLessThan(3);
  });

  it('downloads an upcoming session as a calendar file with its title', async () => {
    const [upcoming] = await sessions('upcoming');
    if (!upcoming) throw new Error('the demo has no upcoming session');
    await openPhone();
    await page.goto(url(`/liveDetails?id=${upcoming.id}`));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: '添加到日历' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${upcoming.title}.ics`);
    const text = fs.readFileSync((await download.path()) as string, 'utf8');
    const unfolded = text.replace(/\r\n /g, '');
    expect(unfolded).toContain('BEGIN:VEVENT');
    expect(unfolded).toContain(`SUMMARY:${upcoming.title}`);
  });
});
