import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin, phoneSuite, registerInBrowser, storeLogin, tabLink } from './harness.ts';

const suite = phoneSuite();
const url = suite.url;
let page: Page;

/** The first published jingan course whose first lesson is a video. */
function videoCourse(): { id: number; lessonId: number } {
  const db = new Database(path.join(suite.portal.dataDir, 'portal.sqlite'));
  try {
    const row = db
      .prepare(
        `SELECT c.id AS id, l.id AS lessonId FROM courses c
         JOIN course_lessons l ON l.course_id = c.id
         WHERE c.published = 1 AND c.site_key = 'jingan' AND l.kind = 'video'
           AND l.sort = (SELECT MIN(sort) FROM course_lessons WHERE course_id = c.id)
         ORDER BY c.id LIMIT 1`,
      )
      .get() as { id: number; lessonId: number } | undefined;
    if (!row) throw new Error('no course with a video lesson in the demo content');
    return row;
  } finally {
    db.close();
  }
}

/** The newest published news article of jingan. */
function newsArticle(): number {
  const db = new Database(path.join(suite.portal.dataDir, 'portal.sqlite'));
  try {
    const row = db
      .prepare(
        `SELECT a.id AS id FROM articles a JOIN article_channels c ON c.id = a.channel_id
         WHERE a.published = 1 AND c.site_key = 'jingan' AND c.kind = 'news'
         ORDER BY a.published_at DESC LIMIT 1`,
      )
      .get() as { id: number } | undefined;
    if (!row) throw new Error('no news article in the demo content');
    return row.id;
  } finally {
    db.close();
  }
}

const video = () => page.locator('video.video-player');
const task = (name: string) => page.locator('.points-task', { hasText: name });

describe('points', () => {
  it('shows today’s sign-in and a watched lesson in 积分任务 and 积分记录, reached from 我的', async () => {
    const course = videoCourse();
    const login = await apiLogin(suite.portal.baseUrl, '13800000002');
    ({ page } = await suite.open());
    await storeLogin(page, suite.portal.baseUrl, login);

    // The app's start refreshes the token: the day's first sign-in earns its points.
    await page.goto(url('/index/home'));
    await tabLink(page, '我的').click();
    await page.waitForURL(url('/index/userInfo'));
    const pointsRow = page.locator('.mine-link', { hasText: '我的积分' });
    await pointsRow.locator('.mine-points-figure').waitFor();
    const balanceBefore = Number.parseInt(
      (await pointsRow.locator('.mine-points-figure').textContent()) ?? '',
      10,
    );
    expect(balanceBefore).toBeGreaterThanOrEqual(2);
    await pointsRow.click();
    await page.waitForURL(url('/pointsTask'));
    await page.getByRole('heading', { name: '积分任务' }).waitFor();
    await page.getByRole('heading', { name: '今日任务' }).waitFor();
    await task('每日登录').getByText('1/1 次').waitFor();
    await task('每日登录').getByText('已完成').waitFor();
    await task('完成课时').getByText('0/10 个').waitFor();
    expect(await task('完成课时').getByRole('link', { name: '去完成' }).getAttribute('href')).toBe(
      '/scourseList',
    );
    expect(await page.locator('.points-head-balance').textContent()).toBe(String(balanceBefore));

    // Watch a lesson to its end through the real player.
    await page.goto(url(`/scourseDetail?id=${course.id}`));
    await page.getByRole('button', { name: '开始学习' }).click();
    await video().waitFor();
    await expect
      .poll(() => video().evaluate((element: HTMLVideoElement) => element.currentTime), {
        timeout: 15_000,
      })
      .toBeGreaterThan(1);
    await video().evaluate((element: HTMLVideoElement) => {
      element.currentTime = element.duration * 0.95;
    });
    await page.locator('.lesson-done-badge', { hasText: '已学完' }).waitFor({ timeout: 10_000 });

    // 我的 -> 积分记录: today's rows, newest first, with the balance after each.
    await page.goto(url('/index/userInfo'));
    await page.locator('.mine-link', { hasText: '积分记录' }).click();
    await page.waitForURL(url('/pointsRecord'));
    await page.getByRole('heading', { name: '今天' }).waitFor();
    const first = page.locator('.points-entry').first();
    await first.getByText('完成课时').waitFor();
    expect(await first.locator('.points-entry-amount').textContent()).toBe('+5');
    expect(await first.getByText(`余额 ${balanceBefore + 5}`).count()).toBe(1);
    await page.locator('.points-entry', { hasText: '每日登录' }).first().waitFor();
    expect(await page.locator('.points-head-balance').textContent()).toBe(
      String(balanceBefore + 5),
    );

    // The filters: nothing spent yet.
    await page.getByRole('tab', { name: '消费' }).click();
    await page.getByRole('heading', { name: '还没有消费积分' }).waitFor();
    await page.getByRole('tab', { name: '获得' }).click();
    await page.locator('.points-entry', { hasText: '完成课时' }).waitFor();

    // Back to the tasks: the lesson counts.
    await page.goto(url('/pointsTask'));
    await task('完成课时').getByText('1/10 个').waitFor();
  });

  it('rewards an article read to its end, once the reader has spent the time on it', async () => {
    const id = newsArticle();
    const login = await apiLogin(suite.portal.baseUrl);
    ({ page } = await suite.open());
    await storeLogin(page, suite.portal.baseUrl, login);
    await page.goto(url(`/contentDetails?id=${id}`));
    await page.locator('.article-body').waitFor();
    await page.locator('.article-end').scrollIntoViewIfNeeded();
    // The page waits out the server's least reading time before it reports the end.
    const reported = page.waitForResponse(
      (answer) => answer.url().endsWith('/api/articles/read-end'),
      {
        timeout: 20_000,
      },
    );
    expect((await (await reported).json()).code).toBe(0);
    await page.goto(url('/pointsRecord'));
    await page.locator('.points-entry', { hasText: '读完文章' }).waitFor();
  });

  it('credits a new learner’s real watching by the minute: 积分任务, 积分记录 and 学习统计 show it', async () => {
    const course = videoCourse();
    ({ page } = await suite.open());
    await registerInBrowser(page, suite.portal.baseUrl, '13912340901');
    await page.goto(url(`/scourseDetail?id=${course.id}`));
    await page.getByRole('button', { name: '开始学习' }).click();
    await video().waitFor();
    const started = Date.now();
    // The demo lesson is a minute long: watched through, then from the start again, until the
    // server's own clock has seen more than a minute of it (it credits no more than it saw).
    await video().evaluate((element: HTMLVideoElement) => {
      element.muted = true;
      void element.play();
    });
    await expect
      .poll(() => video().evaluate((element: HTMLVideoElement) => element.ended), {
        timeout: 80_000,
        interval: 1000,
      })
      .toBe(true);
    await video().evaluate((element: HTMLVideoElement) => {
      element.currentTime = 0;
      void element.play();
    });
    await page.waitForTimeout(Math.max(0, 72_000 - (Date.now() - started)));
    const reported = page.waitForResponse((answer) => answer.url().includes('/api/study/'));
    await video().evaluate((element: HTMLVideoElement) => element.pause());
    await reported;

    await page.goto(url('/pointsTask'));
    await task('有效学习').getByText('1/30 分钟').waitFor();
    await task('完成课时').getByText('1/10 个').waitFor();
    await page.goto(url('/pointsRecord'));
    const minute = page.locator('.points-entry', { hasText: '有效学习' });
    await minute.first().waitFor();
    expect(await minute.count()).toBe(1);
    expect(await minute.locator('.points-entry-amount').textContent()).toBe('+1');
    await page.goto(url('/index/userInfo'));
    const today = page.getByRole('link', { name: /今日学习.*连续学习.*学习统计/ });
    await expect.poll(() => today.textContent()).toBe('今日学习1 分钟连续学习1 天学习统计');
  }, 150_000);
});
