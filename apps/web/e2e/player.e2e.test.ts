import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin, type Login, phoneSuite, storeLogin } from './harness.ts';

const suite = phoneSuite();
const url = suite.url;
let page: Page;

/** A fresh phone with its first page; page errors fail the test. */
async function openPhone() {
  ({ page } = await suite.open());
  return page;
}

/** Runs `work` on the portal's SQLite database (the server keeps it open in WAL mode). */
function withDb<T>(work: (db: Database.Database) => T): T {
  const db = new Database(path.join(suite.portal.dataDir, 'portal.sqlite'));
  try {
    return work(db);
  } finally {
    db.close();
  }
}

/** Published courses of jingan whose first lesson is a video, in id order. */
function videoCourses(): Array<{ id: number; lessonId: number }> {
  return withDb(
    (db) =>
      db
        .prepare(
          `SELECT c.id AS id, l.id AS lessonId FROM courses c
         JOIN course_lessons l ON l.course_id = c.id
         WHERE c.published = 1 AND c.site_key = 'jingan' AND l.kind = 'video'
           AND l.sort = (SELECT MIN(sort) FROM course_lessons WHERE course_id = c.id)
         ORDER BY c.id LIMIT 10`,
        )
        .all() as Array<{ id: number; lessonId: number }>,
  );
}

async function api<T>(login: Login, pathname: string): Promise<T> {
  const response = await fetch(url(`/api${pathname}`), {
    headers: { authorization: `Bearer ${login.token}`, 'x-site': 'jingan' },
  });
  const body = (await response.json()) as { code: number; data: T };
  expect(body.code).toBe(0);
  return body.data;
}

const video = () => page.locator('video.video-player');
const currentTime = () => video().evaluate((element: HTMLVideoElement) => element.currentTime);

describe('watching a lesson', () => {
  it('plays, resumes after a reload, counts today’s learning time and completes at 90%', async () => {
    const [course] = videoCourses();
    if (!course) throw new Error('no course with a video lesson in the demo content');
    const login = await apiLogin(suite.portal.baseUrl, '13800000002');
    const before = await api<{ seconds: number }>(login, '/study/today');
    await openPhone();
    await storeLogin(page, suite.portal.baseUrl, login);

    await page.goto(url(`/scourseDetail?id=${course.id}`));
    await page.getByRole('heading', { name: '课程目录' }).waitFor();
    // The cover until a lesson is chosen; no player code loaded yet.
    expect(await video().count()).toBe(0);
    await page.getByRole('button', { name: '开始学习' }).click();
    await page.waitForURL(url(`/scourseDetail?id=${course.id}&lessonId=${course.lessonId}`));
    await video().waitFor();
    expect(await video().getAttribute('playsinline')).not.toBeNull();
    expect(await video().getAttribute('preload')).toBe('metadata');
    const current = page.locator('.course-lesson-link[aria-current="true"]');
    expect(await current.getAttribute('href')).toBe(
      `/scourseDetail?id=${course.id}&lessonId=${course.lessonId}`,
    );

    // The tap on 开始学习 starts playback; let it play about 8 s of the real MP4.
    await expect.poll(currentTime, { timeout: 15_000 }).toBeGreaterThan(1);
    await expect.poll(currentTime, { timeout: 20_000, interval: 250 }).toBeGreaterThan(8);
    const stoppedAt = await currentTime();

    // Leaving (a reload) saves the position with a keepalive fetch; the page resumes there.
    await page.reload();
    await video().waitFor();
    await expect
      .poll(() => video().evaluate((element: HTMLVideoElement) => element.readyState), {
        timeout: 15_000,
      })
      .toBeGreaterThanOrEqual(1);
    await expect.poll(currentTime, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(Math.abs((await currentTime()) - stoppedAt)).toBeLessThan(3);
    const stored = await api<{ lessons: Array<{ lessonId: number; positionSeconds: number }> }>(
      login,
      `/study/course-progress?courseId=${course.id}`,
    );
    const saved = stored.lessons.find((lesson) => lesson.lessonId === course.lessonId);
    expect(Math.abs((saved?.positionSeconds ?? 0) - stoppedAt)).toBeLessThan(3);

    // Real learning time was counted for today (Asia/Shanghai).
    const today = await api<{ seconds: number }>(login, '/study/today');
    expect(today.seconds - before.seconds).toBeGreaterThanOrEqual(5);
    expect(today.seconds - before.seconds).toBeLessThan(30);

    // No tick yet; a seek to 95% completes the lesson: the tick and the course count show.
    const tick = current.getByRole('img', { name: '已学完' });
    expect(await tick.count()).toBe(0);
    await video().evaluate((element: HTMLVideoElement) => {
      element.currentTime = element.duration * 0.95;
    });
    await tick.waitFor({ timeout: 10_000 });
    await page.locator('.lesson-done-badge', { hasText: '已学完' }).waitFor();
    await page.getByText(/已学\s*1\/\d+\s*课时/).waitFor();

    // Back on the course without a lesson: 继续学习 opens the next lesson.
    await page.goto(url(`/scourseDetail?id=${course.id}`));
    await page.getByRole('button', { name: '继续学习' }).click();
    await page.waitForURL(/lessonId=\d+/);
    expect(new URL(page.url()).searchParams.get('lessonId')).not.toBe(String(course.lessonId));
  });

  it('offers large speed buttons that say which one is on', async () => {
    const [course] = videoCourses();
    if (!course) throw new Error('no course with a video lesson');
    await openPhone();
    await storeLogin(page, suite.portal.baseUrl, await apiLogin(suite.portal.baseUrl));
    await page.goto(url(`/scourseDetail?id=${course.id}&lessonId=${course.lessonId}`));
    const speeds = page.getByRole('group', { name: '倍速' });
    await speeds.waitFor();
    const buttons = speeds.getByRole('button');
    expect(await buttons.allTextContents()).toEqual(['0.75倍', '1倍', '1.25倍', '1.5倍', '2倍']);
    await speeds.getByRole('button', { name: '1.5倍' }).click();
    expect(await speeds.getByRole('button', { name: '1.5倍' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(await video().evaluate((element: HTMLVideoElement) => element.playbackRate)).toBe(1.5);
    for (const box of await Promise.all(
      (await buttons.all()).map((button) => button.boundingBox()),
    )) {
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
    }

    // Elder mode: 60 px targets.
    await page.evaluate(() => localStorage.setItem('elderMode', '1'));
    await page.reload();
    await speeds.waitFor();
    for (const box of await Promise.all(
      (await buttons.all()).map((button) => button.boundingBox()),
    )) {
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(60);
    }
  });

  it('plays an HLS lesson through hls.js where Media Source Extensions exist, native HLS or not', async () => {
    const [, course] = videoCourses();
    if (!course) throw new Error('no second course with a video lesson');
    withDb((db) =>
      db
        .prepare('UPDATE course_lessons SET video_url = ? WHERE id = ?')
        .run('/media/demo/lesson.m3u8', course.lessonId),
    );
    await openPhone();
    // This Chromium plays HLS itself too: hls.js is chosen all the same (it starts low and
    // climbs, where the browser's own player need not).
    expect(
      await page.evaluate(() =>
        document.createElement('video').canPlayType('application/vnd.apple.mpegurl'),
      ),
    ).not.toBe('');
    const segments: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('.ts')) segments.push(request.url());
    });
    await storeLogin(page, suite.portal.baseUrl, await apiLogin(suite.portal.baseUrl));
    await page.goto(url(`/scourseDetail?id=${course.id}`));
    await page.getByRole('button', { name: /开始学习|继续学习/ }).click();
    await video().waitFor();
    await expect.poll(currentTime, { timeout: 20_000 }).toBeGreaterThan(2);
    // hls.js feeds the element through Media Source Extensions (a blob: address).
    expect(await video().evaluate((element: HTMLVideoElement) => element.currentSrc)).toMatch(
      /^blob:/,
    );
    expect(segments.some((segment) => segment.endsWith('/media/demo/lesson0.ts'))).toBe(true);
  });

  it('asks a visitor to log in before playing', async () => {
    const [course] = videoCourses();
    if (!course) throw new Error('no course with a video lesson');
    await openPhone();
    // A shared link to a lesson shows the cover and a way to log in, no player.
    await page.goto(url(`/scourseDetail?id=${course.id}&lessonId=${course.lessonId}`));
    await page.getByText('登录后即可观看本课时').waitFor();
    expect(await video().count()).toBe(0);
    await page.getByRole('button', { name: '登录后学习' }).click();
    await page.getByText('您还未登录或登录已过期，请先登录').waitFor();
    await page.getByRole('button', { name: '取消' }).click();
    await page.locator('.adm-dialog').waitFor({ state: 'detached' });

    // 开始学习 on the course runs the login check.
    await page.goto(url(`/scourseDetail?id=${course.id}`));
    await page.getByRole('button', { name: '开始学习' }).click();
    await page.getByText('您还未登录或登录已过期，请先登录').waitFor();
    await page.getByRole('button', { name: '取消' }).click();
    await page.locator('.adm-dialog').waitFor({ state: 'detached' });
    expect(page.url()).toBe(url(`/scourseDetail?id=${course.id}`));

    // So does a lesson link, instead of opening the lesson; confirming goes to the login page.
    await page.locator('.course-lesson-link').nth(1).click();
    await page.getByText('您还未登录或登录已过期，请先登录').waitFor();
    expect(page.url()).toBe(url(`/scourseDetail?id=${course.id}`));
    await page.getByRole('button', { name: '去登录' }).click();
    await page.waitForURL(/\/sso\/login\?/);
  });
});
