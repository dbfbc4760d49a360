import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin, type Login, phoneSuite, storeLogin } from './harness.ts';

const suite = phoneSuite();
const url = suite.url;
let page: Page;

async function openPhone(login?: Login) {
  ({ page } = await suite.open());
  if (login) await storeLogin(page, suite.portal.baseUrl, login);
  return page;
}

const items = () => page.locator('.timetable-item');

interface Session {
  title: string;
  startsAt: string;
  endsAt: string;
}

/** The titles of the first two overlapping sessions of tomorrow, by start time, from the API. */
async function overlappingTomorrow(token: string): Promise<[string, string]> {
  const answer = await fetch(url('/api/live/timetable'), {
    headers: { authorization: `Bearer ${token}` },
  });
  const { data } = (await answer.json()) as { data: { days: { sessions: Session[] }[] } };
  const sessions = data.days[1]?.sessions ?? [];
  for (const [i, a] of sessions.entries()) {
    const b = sessions.slice(i + 1).find((other) => other.startsAt < a.endsAt);
    if (b) return [a.title, b.title];
  }
  throw new Error('no overlapping sessions tomorrow');
}
const clashTags = () => page.locator('.timetable-clash-tag');

describe('自主选课 and 我的日程', () => {
  it('picks two overlapping sessions from the live list, shows 时间冲突, and removes one', async () => {
    const login = await apiLogin(suite.portal.baseUrl);
    await openPhone(login);
    await page.goto(url('/liveList'));
    await page.getByRole('link', { name: '频道', exact: true }).waitFor();
    await page.getByRole('link', { name: /自主选课/ }).click();
    await page.waitForURL(/\/liveZzxk/);
    await page.getByRole('heading', { name: '自主选课' }).waitFor();

    // The strip opens on today; tomorrow holds the demo's two overlapping sessions (and, when the
    // demo was seeded late in the evening, the one it put two hours after the seed time).
    const today = page.getByRole('button', { name: /^今天/ });
    expect(await today.getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: /^明天/ }).click();
    await page.getByRole('list', { name: /^明天/ }).waitFor();
    const titles = await overlappingTomorrow(login.token);
    expect(await items().count()).toBeGreaterThanOrEqual(2);
    expect(await clashTags().count()).toBe(0);

    await page.getByRole('button', { name: `选课：${titles[0]}` }).click();
    const first = page.getByRole('button', { name: `已选：${titles[0]}` });
    await first.waitFor();
    expect(await first.getAttribute('aria-pressed')).toBe('true');

    // The second overlaps the first: picking it asks first; cancelling leaves it unpicked.
    await page.getByRole('button', { name: `选课：${titles[1]}` }).click();
    await page.getByText(`与已选的《${titles[0]}》`).waitFor();
    await page.getByRole('button', { name: '取消' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: `选课：${titles[1]}` }).count()).toBe(1);
    await page.getByRole('button', { name: `选课：${titles[1]}` }).click();
    await page.getByRole('button', { name: '仍要选择' }).click();
    await page.getByRole('button', { name: `已选：${titles[1]}` }).waitFor();

    await expect.poll(() => clashTags().count()).toBe(2);
    const notes = await page.locator('.timetable-clash-note').allTextContents();
    expect(notes[0]).toContain(`《${titles[1]}》`);
    expect(notes[1]).toContain(`《${titles[0]}》`);

    // 我的日程 on the page lists both by day, and removing one clears the clash.
    await page.getByRole('tab', { name: /我的日程（2）/ }).click();
    await page.getByRole('heading', { name: /^明天/ }).waitFor();
    await expect.poll(() => items().count()).toBe(2);
    await page.getByRole('button', { name: `移除：${titles[0]}` }).click();
    await expect.poll(() => items().count()).toBe(1);
    await page.getByRole('tab', { name: /我的日程（1）/ }).waitFor();
    expect(await clashTags().count()).toBe(0);
    await page.getByRole('tab', { name: '课表' }).click();
    await page.getByRole('button', { name: `选课：${titles[0]}` }).waitFor();
    expect(await clashTags().count()).toBe(0);

    // The study tab's 我的日程 shows the picked session and opens it.
    await page.goto(url('/index/study'));
    const schedule = page.getByRole('region', { name: '我的日程' });
    await schedule.getByRole('link', { name: titles[1] }).click();
    await page.waitForURL(/\/liveDetails\?id=\d+/);
    await page.getByRole('heading', { name: titles[1] }).waitFor();
  });

  it('asks a visitor to log in before picking, and shows the timetable meanwhile', async () => {
    await openPhone();
    await page.goto(url('/liveZzxk'));
    // Today's sessions may all be over late in the evening; tomorrow always has some to pick.
    await page.getByRole('button', { name: /^明天/ }).click();
    await page.getByRole('list', { name: /^明天/ }).waitFor();
    await items().first().waitFor();
    await page
      .getByRole('button', { name: /^选课：/ })
      .first()
      .click();
    await page.getByText('您还未登录或登录已过期，请先登录').waitFor();
    await page.getByRole('button', { name: '取消' }).click();
    await page.getByRole('tab', { name: '我的日程' }).click();
    await page.getByRole('heading', { name: '登录后查看我的日程' }).waitFor();
  });

  it('reaches the channels from the live list', async () => {
    await openPhone();
    await page.goto(url('/liveList'));
    await page.getByRole('link', { name: '频道', exact: true }).click();
    await page.waitForURL(/\/channelList/);
  });
});

describe('the home: 资讯 and the notice bar', () => {
  it('shows the newest news with 更多, and the notice bar opens 公告 and 通知', async () => {
    await openPhone(await apiLogin(suite.portal.baseUrl));
    await page.goto(url('/index/home'));
    const news = page.getByRole('region', { name: '资讯' });
    await news.getByRole('heading', { name: '资讯' }).waitFor();
    expect(await news.locator('.home-news-card').count()).toBeGreaterThan(0);
    expect(await news.locator('time').first().textContent()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const bar = page.getByRole('region', { name: '公告通知' });
    await bar.locator('.home-notice-title').waitFor();
    await bar.locator('.home-notice-main').click();
    await page.waitForURL(url('/index/notice'));
    await page.goBack();
    await page
      .getByRole('region', { name: '公告通知' })
      .getByRole('link', { name: /通知/ })
      .last()
      .click();
    await page.waitForURL(url('/index/info'));
    await page.goBack();
    await page.getByRole('region', { name: '资讯' }).getByRole('link', { name: /更多/ }).click();
    await page.waitForURL(url('/index/news'));
  });

  it('shows the sections to a visitor, and the notice bar leads to the login', async () => {
    await openPhone();
    await page.goto(url('/index/home'));
    await page.getByRole('region', { name: '资讯' }).waitFor();
    await page.getByRole('region', { name: '公告通知' }).locator('.home-notice-main').click();
    await page.waitForURL(/\/sso\/login\?/);
  });
});
