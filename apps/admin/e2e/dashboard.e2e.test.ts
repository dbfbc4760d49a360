import fs from 'node:fs';
import type { StatsActive, StatsSummary } from '@portal/contract';
import type { Page as BrowserPage } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin } from '../../web/e2e/harness.ts';
import { consoleSuite } from './console-suite.ts';

/*
 * 数据统计 in the operators' console, in desktop Chromium against the real server: its rollup job
 * (统计汇总) computes the demo's learning history at start, then the demo site admin opens the
 * dashboard from the menu on the last 30 days, reads the same headline figures the API gives for
 * them and when the series were computed, switches to 近7天 (the address follows, and the
 * figures with it), exports the daily active learners as CSV (the demo's learners learned on
 * those days), and the page passes axe with its charts drawn.
 */

const SITE_ADMIN = '13800000011';

// The rollups' first round at start; no other in the test's time.
const suite = consoleSuite({ STATS_ROLLUP_INTERVAL_MS: '3600000' });
const { signedIn, seriousFindings, menu } = suite;

let siteAdmin: Promise<string> | undefined;

/** The site admin's answer to a console call (a refusal fails the test). */
async function asSiteAdmin<T>(path: string): Promise<T> {
  siteAdmin ??= apiLogin(suite.portal.baseUrl, SITE_ADMIN).then((login) => login.token);
  const response = await fetch(suite.url(path), {
    headers: { authorization: `Bearer ${await siteAdmin}`, 'x-site': 'jingan' },
  });
  const answer = (await response.json()) as { code: number; message: string; data: T };
  if (answer.code !== 0) throw new Error(`${path}: ${answer.code} ${answer.message}`);
  return answer.data;
}

/** Today's Asia/Shanghai date, `days` later (earlier when negative). */
const shanghaiDate = (days = 0) =>
  new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);

/** A count as antd's Statistic shows it: `1,234`. */
const shown = (value: number) => value.toLocaleString('en-US');

/** The figures the 概况 card shows, by title. */
async function summaryShown(page: BrowserPage): Promise<Record<string, string>> {
  const card = page.locator('.ant-card', {
    has: page.getByRole('heading', { name: '概况', exact: true }),
  });
  await card.locator('.ant-statistic').first().waitFor();
  const figures: Record<string, string> = {};
  for (const statistic of await card.locator('.ant-statistic').all()) {
    const title = await statistic.locator('.ant-statistic-title').innerText();
    figures[title] = await statistic.locator('.ant-statistic-content-value').innerText();
  }
  return figures;
}

/** What the 概况 card should show for the API's answer (learning time aside: minutes or hours). */
const expectedSummary = (summary: StatsSummary) => ({
  学员总数: shown(summary.learners),
  新增学员: shown(summary.newLearners),
  '活跃学员（学习过）': shown(summary.activeLearners),
  报名人次: shown(summary.signups),
  发放积分: shown(summary.pointsIssued),
});

describe('数据统计 (the dashboard) in the operators’ console', () => {
  it('shows the API’s figures for the range in the address, and exports a table as CSV', async () => {
    const today = shanghaiDate();
    // The job's first round, through the real queue, computes every day since the first learning.
    let rolled: StatsActive['rollup'] | undefined;
    await expect
      .poll(
        async () => {
          rolled = (
            await asSiteAdmin<StatsActive>(
              `/api/admin/stats/active?from=${shanghaiDate(-29)}&to=${today}`,
            )
          ).rollup;
          return rolled.pending;
        },
        { timeout: 30_000, interval: 250 },
      )
      .toBe(0);
    expect(rolled?.updatedAt).not.toBeNull();
    const month = await asSiteAdmin<StatsSummary>(
      `/api/admin/stats/summary?from=${shanghaiDate(-29)}&to=${today}`,
    );
    const page = await signedIn(SITE_ADMIN);

    await menu(page).getByRole('link', { name: '数据统计' }).click();
    await page.getByRole('heading', { name: '数据统计', level: 1 }).waitFor();
    // 近30天 unless the address says otherwise.
    await expect
      .poll(async () => {
        const figures = await summaryShown(page);
        return Object.fromEntries(Object.keys(expectedSummary(month)).map((k) => [k, figures[k]]));
      })
      .toEqual(expectedSummary(month));

    // 近7天: the address names the range, and the figures are the API's for it.
    const week = await asSiteAdmin<StatsSummary>(
      `/api/admin/stats/summary?from=${shanghaiDate(-6)}&to=${today}`,
    );
    await page.locator('.ant-segmented-item', { hasText: '近7天' }).click();
    await page.waitForURL(
      (url) =>
        url.pathname === '/admin/dashboard' &&
        url.searchParams.get('from') === shanghaiDate(-6) &&
        url.searchParams.get('to') === today,
    );
    await expect
      .poll(async () => {
        const figures = await summaryShown(page);
        return Object.fromEntries(Object.keys(expectedSummary(week)).map((k) => [k, figures[k]]));
      })
      .toEqual(expectedSummary(week));

    // The daily active learners as CSV: Excel's byte order mark, the header, a row per day; the
    // demo's first learner learned every day of the last two weeks.
    const from = shanghaiDate(-6);
    const active = await asSiteAdmin<StatsActive>(
      `/api/admin/stats/active?from=${from}&to=${today}`,
    );
    expect(active.daily.every((row) => row.active > 0)).toBe(true);
    const activeCard = page.locator('.ant-card', {
      has: page.getByRole('heading', { name: '活跃学员', exact: true }),
    });
    await activeCard.getByText(/^数据更新于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/).waitFor();
    const exportButton = page.getByRole('button', { name: '导出 CSV：活跃学员' });
    await exportButton.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), exportButton.click()]);
    expect(download.suggestedFilename()).toBe(`数据统计-活跃学员-${from}至${today}.csv`);
    const csv = fs.readFileSync(await download.path(), 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe('日期,活跃学员,新增学员');
    expect(lines.slice(1, -1)).toEqual(
      active.daily.map((row) => `${row.day},${row.active},${row.joined}`),
    );

    // Every card loaded (no failure shown), the charts named for a screen reader.
    await page.getByRole('img', { name: /^折线图：每日活跃学员与新增学员/ }).waitFor();
    expect(await page.getByText('没有加载出来').count()).toBe(0);
    expect(await seriousFindings(page)).toEqual([]);
  });
});
