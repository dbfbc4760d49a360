import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin, type Login, phoneSuite, storeLogin, tabLink } from './harness.ts';

// The reminder job runs every second here, so a reminder falls due within the test.
const suite = phoneSuite({ REMINDER_INTERVAL_MS: '1000' });
const url = suite.url;
let page: Page;

async function api<T>(login: Login, apiPath: string, method = 'GET'): Promise<T> {
  const answer = await fetch(url(`/api${apiPath}`), {
    method,
    headers: {
      authorization: `Bearer ${login.token}`,
      'content-type': 'application/json',
      'x-site': 'jingan',
    },
    ...(method === 'POST' ? { body: '{}' } : {}),
  });
  const body = (await answer.json()) as { code: number; data: T };
  if (body.code !== 0) throw new Error(`${apiPath}: code ${body.code}`);
  return body.data;
}

const tabBadge = () => page.getByRole('navigation', { name: '主导航' }).locator('.count-badge');
const rowBadge = () => page.locator('.mine-link', { hasText: '我的消息' }).locator('.count-badge');

describe('messages', () => {
  it('counts unread messages on the 我的 tab and entry, down by one when one is read, gone after 全部已读', async () => {
    const login = await apiLogin(suite.portal.baseUrl);
    const { unread } = await api<{ unread: number }>(login, '/messages/unread-count');
    expect(unread).toBeGreaterThan(1);
    ({ page } = await suite.open());
    await storeLogin(page, suite.portal.baseUrl, login);

    await page.goto(url('/index/home'));
    await tabLink(page, '我的').click();
    await page.waitForURL(url('/index/userInfo'));
    expect(await tabBadge().textContent()).toBe(String(unread));
    expect(await rowBadge().textContent()).toBe(String(unread));

    await page.locator('.mine-link', { hasText: '我的消息' }).click();
    await page.getByRole('heading', { name: '我的消息' }).waitFor();
    const first = page.locator('.message-link.unread').first();
    const title = (await first.locator('.message-title').textContent()) ?? '';
    await first.click();
    await page.getByRole('heading', { name: title }).waitFor();
    await page.getByRole('heading', { name: '消息详情' }).waitFor();

    // Back to the list: that message is read now.
    await page.getByRole('button', { name: '返回' }).click();
    await page.getByRole('heading', { name: '我的消息' }).waitFor();
    await page.locator('.message-link:not(.unread)', { hasText: title }).first().waitFor();
    // Back to 我的: one fewer.
    await page.getByRole('button', { name: '返回' }).click();
    await page.waitForURL(url('/index/userInfo'));
    await expect.poll(() => tabBadge().textContent()).toBe(String(unread - 1));
    expect(await rowBadge().textContent()).toBe(String(unread - 1));

    await page.locator('.mine-link', { hasText: '我的消息' }).click();
    await page.getByRole('button', { name: '全部已读' }).click();
    await page.getByRole('button', { name: '全部已读' }).waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('.message-link.unread').count()).toBe(0);
    await page.getByRole('button', { name: '返回' }).click();
    await page.waitForURL(url('/index/userInfo'));
    await page.locator('.mine-link', { hasText: '我的消息' }).waitFor();
    await expect.poll(() => tabBadge().count()).toBe(0);
    expect(await rowBadge().count()).toBe(0);
  });

  it('delivers the hour-ahead reminder of a reserved live session when it falls due', async () => {
    const login = await apiLogin(suite.portal.baseUrl, '13800000002');
    // A session starting an hour and four seconds from now: its reminder is due in four seconds.
    const db = new Database(path.join(suite.portal.dataDir, 'portal.sqlite'));
    const channel = db
      .prepare("SELECT id FROM live_channels WHERE site_key = 'jingan' AND published = 1 LIMIT 1")
      .get() as { id: number };
    const startsAt = Date.now() + 60 * 60_000 + 4_000;
    const inserted = db
      .prepare(
        `INSERT INTO live_sessions (site_key, channel_id, title, cover, speaker, speaker_title,
           introduction, starts_at, ends_at, published, created_at)
         VALUES ('jingan', ?, 'E2E 提醒直播', '/files/covers/live-session-1.svg', '张老师', '讲师',
           '<p>简介</p>', ?, ?, 1, ?)`,
      )
      .run(channel.id, startsAt, startsAt + 60 * 60_000, Date.now());
    db.close();
    const sessionId = Number(inserted.lastInsertRowid);
    const reserve = await fetch(url('/api/live/reservations'), {
      method: 'POST',
      headers: { authorization: `Bearer ${login.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId }),
    });
    expect(((await reserve.json()) as { code: number }).code).toBe(0);

    ({ page } = await suite.open());
    await storeLogin(page, suite.portal.baseUrl, login);
    const reminder = page.locator('.message-link', { hasText: '直播提醒：「E2E 提醒直播」' });
    await expect
      .poll(
        async () => {
          await page.goto(url('/messageDetails'));
          await page.locator('.message-item').first().waitFor();
          return reminder.count();
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBe(1);
    expect(await reminder.textContent()).toContain('1 小时后开始');
    await reminder.click();
    await page.getByRole('link', { name: '查看直播' }).click();
    await page.waitForURL(url(`/liveDetails?id=${sessionId}`));
  });
});
