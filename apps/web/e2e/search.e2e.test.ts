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
const cards = () => page.locator('.search-card');

/** A two-character term the demo seed surely has many results for (asked of the API). */
async function richTwoCharacterTerm(): Promise<{ term: string; total: number }> {
  for (const term of ['摄影', '养生', '书法', '手机']) {
    const answer = await fetch(url(`/api/search?q=${encodeURIComponent(term)}`), {
      headers: { 'x-site': 'jingan' },
    });
    const { data } = (await answer.json()) as { data: { total: number } };
    if (data.total >= 8) return { term, total: data.total };
  }
  throw new Error('the demo seed has no two-character term with 8 results');
}

async function openLoggedIn() {
  await openPhone();
  await storeLogin(page, suite.portal.baseUrl, await apiLogin(suite.portal.baseUrl));
}

describe('search', () => {
  it('finds a two-character term, opens a result and comes back to the same place', async () => {
    const { term, total } = await richTwoCharacterTerm();
    await openLoggedIn();
    await page.goto(url('/searchPage'));
    // Hot terms from the server are real links.
    await page.getByRole('list', { name: '热门搜索' }).getByRole('link').first().waitFor();

    const box = page.getByRole('searchbox', { name: '搜索内容' });
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    await box.fill(term);
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    await page.waitForURL(/\/searchResult\?q=/);
    await cards().first().waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe(term);
    expect(await cards().count()).toBe(Math.min(total, 20));
    expect(await page.locator('.search-card-title mark').first().textContent()).toBe(term);

    // Open a result further down, come back: the kept-alive list keeps its results and place.
    const target = cards().nth(Math.min(total, 20) - 2);
    await target.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);
    const count = await cards().count();
    const link = await target.getAttribute('href');
    await target.click();
    await page.waitForURL((address) => `${address.pathname}${address.search}` === link);
    await page.goBack();
    await page.waitForURL(/\/searchResult\?q=/);
    expect(await cards().count()).toBe(count);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(2);

    // The 课程 tab narrows the results and puts the type in the address.
    await page.locator('.adm-tabs-tab', { hasText: '课程' }).click();
    await page.waitForURL(/type=course/);
    await expect
      .poll(async () => new Set(await page.locator('.search-card-type').allTextContents()))
      .toEqual(new Set(['课程']));

    // The term is now among my recent terms on the search page, and clearing removes it.
    await page.goto(url('/searchPage'));
    const recent = page.getByRole('list', { name: '最近搜索' });
    await expect.poll(() => recent.getByRole('link').first().textContent()).toBe(term);
    await page.getByRole('button', { name: '清空' }).click();
    await expect.poll(() => recent.count()).toBe(0);
  });

  it('finds live sessions and articles under their own tabs, and opens them', async () => {
    const listed = async (path: string) => {
      const answer = await fetch(url(path), { headers: { 'x-site': 'jingan' } });
      return ((await answer.json()) as { data: { list: Array<{ id: number; title: string }> } })
        .data.list;
    };
    const [live] = await listed('/api/live/sessions?size=1');
    const [article] = await listed('/api/articles?kind=notice&size=1');
    if (!live || !article) throw new Error('no demo live session or notice');
    await openLoggedIn();
    for (const [type, label, item, path] of [
      ['live', '直播', live, '/liveDetails'],
      ['article', '资讯', article, '/contentDetails'],
    ] as const) {
      await page.goto(url(`/searchResult?q=${encodeURIComponent(item.title)}&type=${type}`));
      const card = cards().filter({ hasText: item.title }).first();
      await card.waitFor();
      expect(new Set(await page.locator('.search-card-type').allTextContents())).toEqual(
        new Set([label]),
      );
      await card.click();
      await page.waitForURL((address) => address.pathname === path);
      await page.getByRole('heading', { level: 1, name: item.title }).waitFor();
    }
  });

  it('shows a designed empty state with hot terms to try', async () => {
    await openLoggedIn();
    await page.goto(url(`/searchResult?q=${encodeURIComponent('量子纠缠')}`));
    await page.getByRole('heading', { name: '没有找到相关内容' }).waitFor();
    const tryLinks = page.getByRole('list', { name: '试试这些热门搜索' }).getByRole('link');
    await tryLinks.first().waitFor();
    const hot = (await tryLinks.first().textContent()) ?? '';
    await tryLinks.first().click();
    await page.waitForURL((address) => address.searchParams.get('q') === hot);
    await cards().first().waitFor();
  });
});
