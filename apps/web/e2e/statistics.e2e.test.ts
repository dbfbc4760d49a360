import type { Statistics, StatisticsSummary } from '@portal/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin, type Login, phoneSuite, storeLogin, tabLink } from './harness.ts';

const suite = phoneSuite();
const url = suite.url;

async function api<T>(login: Login, apiPath: string): Promise<T> {
  const answer = await fetch(url(`/api${apiPath}`), {
    headers: { authorization: `Bearer ${login.token}`, 'x-site': 'jingan' },
  });
  const body = (await answer.json()) as { code: number; data: T };
  if (body.code !== 0) throw new Error(`${apiPath}: code ${body.code}`);
  return body.data;
}

const bars = (page: Page) => page.locator('.statistics-chart svg .ct-bar');
const figure = (page: Page, label: string) =>
  page.locator('.statistics-figure', { hasText: label }).locator('strong');
const minutes = (seconds: number) => String(Math.floor(seconds / 60));

describe('学习统计', () => {
  it('opens from 我的 with today’s minutes and the streak, and charts the API’s buckets per range', async () => {
    const login = await apiLogin(suite.portal.baseUrl);
    const summary = await api<StatisticsSummary>(login, '/statistics/summary');
    const month = await api<Statistics>(login, '/statistics?range=30d');
    expect(summary.streak.current).toBeGreaterThan(0);
    const { page } = await suite.open();
    await storeLogin(page, suite.portal.baseUrl, login);

    await page.goto(url('/index/home'));
    await tabLink(page, '我的').click();
    await page.waitForURL(url('/index/userInfo'));
    const entry = page.getByRole('link', { name: /今日学习.*连续学习.*学习统计/ });
    await expect
      .poll(() => entry.textContent())
      .toBe(
        `今日学习${minutes(summary.todaySeconds)} 分钟连续学习${summary.streak.current} 天学习统计`,
      );
    await entry.click();
    await page.waitForURL(url('/statistics'));
    await page.getByRole('heading', { name: '学习统计' }).waitFor();

    // 30 days: a stacked bar (course and live segments) per day, the figures of the API.
    await expect.poll(() => bars(page).count()).toBe(60);
    expect(await figure(page, '当前连续学习').textContent()).toBe(String(month.streak.current));
    expect(await figure(page, '最长连续学习').textContent()).toBe(String(month.streak.longest));
    expect(await figure(page, '学习天数').textContent()).toBe(String(month.totals.days));
    const rows = page.locator('.statistics-table tbody tr');
    expect(await rows.count()).toBe(30);
    const today = month.buckets.at(-1);
    expect(await rows.first().locator('td').last().textContent()).toBe(minutes(today?.total ?? 0));

    // 12 weeks, then 12 months: 12 bars each, the newest row as the API answers it.
    for (const [label, range, heading] of [
      ['近12周', '12w', '周'],
      ['近12个月', '12m', '月份'],
    ] as const) {
      await page.getByRole('button', { name: label }).click();
      await page.waitForURL(url(`/statistics?range=${range}`));
      const answer = await api<Statistics>(login, `/statistics?range=${range}`);
      await expect.poll(() => bars(page).count()).toBe(24);
      expect(await page.locator('.statistics-table thead th').first().textContent()).toBe(heading);
      await expect.poll(() => rows.count()).toBe(12);
      const newest = answer.buckets.at(-1);
      expect(await rows.first().locator('td').last().textContent()).toBe(
        minutes(newest?.total ?? 0),
      );
      expect(await page.getByRole('button', { name: label }).getAttribute('aria-pressed')).toBe(
        'true',
      );
    }

    // The table opens for reading the exact numbers.
    await page.getByText('查看明细').click();
    await page.getByRole('table', { name: '近12个月学习时长（分钟）' }).waitFor();
  });

  it('shows another learner their own figures: nothing learned today yet', async () => {
    const login = await apiLogin(suite.portal.baseUrl, '13800000002');
    const answer = await api<Statistics>(login, '/statistics?range=30d');
    const { page } = await suite.open();
    await storeLogin(page, suite.portal.baseUrl, login);
    await page.goto(url('/index/userInfo'));
    const entry = page.getByRole('link', { name: /今日学习.*学习统计/ });
    await expect.poll(() => entry.textContent()).toMatch(/^今日学习0 分钟连续学习\d+ 天/);
    await entry.click();
    await page.waitForURL(url('/statistics'));
    await expect.poll(() => bars(page).count()).toBe(60);
    expect(await figure(page, '当前连续学习').textContent()).toBe(String(answer.streak.current));
    expect(await figure(page, '学习天数').textContent()).toBe(String(answer.totals.days));
    expect(answer.buckets.at(-1)?.total).toBe(0);
  });
});
