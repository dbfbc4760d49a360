import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin, phoneSuite, storeLogin } from './harness.ts';

const suite = phoneSuite();
const url = suite.url;
let page: Page;

/** A fresh phone with its first page; page errors fail the test. */
async function openPhone() {
  ({ page } = await suite.open());
  return page;
}

interface CourseRow {
  id: number;
  title: string;
}

/** The newest courses of the default site, straight from the API. */
async function courses(count: number): Promise<CourseRow[]> {
  const answer = await fetch(url(`/api/courses?size=${count}`));
  const body = (await answer.json()) as { data: { list: CourseRow[] } };
  return body.data.list;
}

async function openCourse(course: CourseRow) {
  await page.goto(url(`/scourseDetail?id=${course.id}`));
  await page.getByRole('heading', { level: 1, name: course.title }).waitFor();
}

describe('favourites and history', () => {
  it('favourites a course, finds it in 我的收藏, opens it from there and removes it', async () => {
    const [course] = await courses(1);
    if (!course) throw new Error('no demo course');
    await openPhone();
    await storeLogin(page, suite.portal.baseUrl, await apiLogin(suite.portal.baseUrl));
    await openCourse(course);
    const toggle = page.getByRole('button', { name: '收藏', exact: true });
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    // The heart fills at once (optimistic); the stored favourite is what the list shows.
    const stored = page.waitForResponse(
      (answer) => answer.url().endsWith('/api/favourites') && answer.request().method() === 'POST',
    );
    await toggle.click();
    await stored;
    const pressed = page.getByRole('button', { name: '已收藏' });
    await pressed.waitFor();
    expect(await pressed.getAttribute('aria-pressed')).toBe('true');

    await page.goto(url('/collect'));
    const row = page.locator('.saved-item', { hasText: course.title });
    await row.waitFor();
    await row.getByRole('link').click();
    await page.waitForURL(url(`/scourseDetail?id=${course.id}`));
    await page.getByRole('button', { name: '已收藏' }).waitFor();

    await page.goBack();
    const again = page.locator('.saved-item', { hasText: course.title });
    await again.getByRole('button', { name: /^取消收藏/ }).click();
    await again.getByRole('button', { name: /^确认取消收藏/ }).click();
    await again.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: '还没有收藏' }).waitFor();
  });

  it('lists two opened courses in 学习足迹, the latest first, and clears them', async () => {
    const [first, second] = await courses(2);
    if (!first || !second) throw new Error('no demo courses');
    await openPhone();
    await storeLogin(
      page,
      suite.portal.baseUrl,
      await apiLogin(suite.portal.baseUrl, '13800000002'),
    );
    await openCourse(first);
    await page.waitForTimeout(300);
    await openCourse(second);
    await page.waitForTimeout(300);

    await page.goto(url('/footmark'));
    await page.locator('.saved-item').first().waitFor();
    const titles = await page.locator('.saved-item-title').allTextContents();
    expect(titles.slice(0, 2)).toEqual([second.title, first.title]);

    await page.getByRole('button', { name: '清空足迹' }).click();
    await page.getByRole('button', { name: '确认清空足迹' }).click();
    await page.getByRole('heading', { name: '还没有学习足迹' }).waitFor();
  });

  it('favourites an article and a live session, and finds them under their tabs', async () => {
    const listed = async <T>(path: string) => {
      const answer = await fetch(url(path), { headers: { 'x-site': 'jingan' } });
      return ((await answer.json()) as { data: { list: T[] } }).data.list;
    };
    const [article] = await listed<{ id: number; title: string }>('/api/articles?kind=news&size=1');
    const [live] = await listed<{ id: number; title: string }>('/api/live/sessions?size=1');
    if (!article || !live) throw new Error('no demo article or live session');
    await openPhone();
    await storeLogin(page, suite.portal.baseUrl, await apiLogin(suite.portal.baseUrl));
    for (const [address, title] of [
      [`/contentDetails?id=${article.id}`, article.title],
      [`/liveDetails?id=${live.id}`, live.title],
    ] as const) {
      await page.goto(url(address));
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      const stored = page.waitForResponse(
        (answer) =>
          answer.url().endsWith('/api/favourites') && answer.request().method() === 'POST',
      );
      await page.getByRole('button', { name: '收藏', exact: true }).click();
      await page.getByRole('button', { name: '已收藏' }).waitFor();
      await stored;
    }

    await page.goto(url('/collect'));
    await page.locator('.adm-tabs-tab', { hasText: '资讯' }).click();
    const row = page.locator('.saved-item', { hasText: article.title });
    await row.waitFor();
    expect(await page.locator('.saved-item').count()).toBe(1);
    expect(await row.locator('.content-type').textContent()).toBe('资讯');
    await page.locator('.adm-tabs-tab', { hasText: '直播' }).click();
    await page.locator('.saved-item', { hasText: live.title }).getByRole('link').click();
    await page.waitForURL(url(`/liveDetails?id=${live.id}`));
    await page.getByRole('button', { name: '已收藏' }).waitFor();

    // Both openings are in 学习足迹, the live session (opened last) first.
    await page.goto(url('/footmark'));
    await page.locator('.saved-item').nth(1).waitFor();
    const titles = await page.locator('.saved-item-title').allTextContents();
    expect(titles.slice(0, 2)).toEqual([live.title, article.title]);
  });

  it('asks a visitor to log in when they tap 收藏', async () => {
    const [course] = await courses(1);
    if (!course) throw new Error('no demo course');
    await openPhone();
    await openCourse(course);
    await page.getByRole('button', { name: '收藏', exact: true }).click();
    await page.getByText('您还未登录或登录已过期，请先登录').waitFor();
    await page.getByRole('button', { name: '取消' }).click();
    expect(
      await page.getByRole('button', { name: '收藏', exact: true }).getAttribute('aria-pressed'),
    ).toBe('false');
  });
});
