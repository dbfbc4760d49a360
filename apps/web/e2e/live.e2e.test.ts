import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin, type Login, phoneSuite, storeLogin } from './harness.ts';

const suite = phoneSuite();
const url = suite.url;
let page: Page;

interface SessionRow {
  id: number;
  title: string;
  state: 'upcoming' | 'live' | 'ended';
  channelId: number;
  channelName: string;
}

interface ChannelRow {
  id: number;
  name: string;
  sessionCount: number;
}

/** An API call of the running portal, as a learner when a token is given. */
async function api<T>(pathname: string, token?: string, body?: unknown): Promise<T> {
  const answer = await fetch(url(`/api${pathname}`), {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await answer.json()) as { code: number; data: T; message: string };
  if (envelope.code !== 0) throw new Error(`${pathname}: ${envelope.code} ${envelope.message}`);
  return envelope.data;
}

const sessions = async (query: Record<string, string> = {}) =>
  (
    await api<{ list: SessionRow[] }>(
      `/live/sessions?${new URLSearchParams({ size: '50', ...query })}`,
    )
  ).list;

async function openPhone(login?: Login) {
  ({ page } = await suite.open());
  if (login) await storeLogin(page, suite.portal.baseUrl, login);
  return page;
}

const cards = () => page.locator('.live-card');

/** The state badges of the cards on screen, in order. */
const badges = () => page.locator('.live-card .live-badge').allTextContents();

describe('the live list', () => {
  it('opens from home with live sessions first, each with its badge', async () => {
    await openPhone();
    await page.goto(url('/index/home'));
    await page
      .getByRole('navigation', { name: '栏目' })
      .getByRole('link', { name: '直播', exact: true })
      .click();
    await page.waitForURL(url('/liveList'));
    await cards().first().waitFor();
    const first = await badges();
    expect(first[0]).toBe('直播中');
    // Live ones come before every other state.
    const firstOther = first.findIndex((text) => text !== '直播中');
    expect(firstOther).toBeGreaterThan(0);
    expect(first.slice(firstOther)).not.toContain('直播中');
    const live = page.locator('.live-badge-live').first();
    expect(await live.evaluate((badge) => getComputedStyle(badge).backgroundColor)).toBe(
      'rgb(212, 36, 36)',
    );
  });

  it('filters by a state tab and by a channel (kept in the address)', async () => {
    await openPhone();
    await page.goto(url('/liveList'));
    await cards().first().waitFor();
    await page.getByRole('button', { name: '预告', exact: true }).click();
    await page.waitForURL(url('/liveList?state=upcoming'));
    await expect.poll(async () => [...new Set(await badges())]).toEqual(['预告']);

    const [channel] = await api<ChannelRow[]>('/live/channels');
    if (!channel) throw new Error('the demo has no live channel');
    await page.getByRole('button', { name: channel.name, exact: true }).click();
    await page.waitForURL(url(`/liveList?state=upcoming&channelId=${channel.id}`));
    const expected = await sessions({ state: 'upcoming', channelId: String(channel.id) });
    await expect
      .poll(async () => (await page.locator('.live-card-title').allTextContents()).length)
      .toBe(Math.min(expected.length, 20));
    expect(await page.locator('.live-card-title').first().textContent()).toBe(expected[0]?.title);

    await page.getByRole('button', { name: '全部', exact: true }).click();
    await page.waitForURL(url(`/liveList?channelId=${channel.id}`));
    await expect.poll(async () => (await badges()).length).toBe(Math.min(channel.sessionCount, 20));
  });

  it('opens the channels from the list, and a channel opens its sessions', async () => {
    await openPhone();
    await page.goto(url('/liveList'));
    await page.getByRole('link', { name: '频道', exact: true }).click();
    await page.waitForURL(url('/channelList'));
    const channels = await api<ChannelRow[]>('/live/channels');
    expect(channels.length).toBeGreaterThanOrEqual(3);
    await page.locator('.live-channel-card').first().waitFor();
    expect(await page.locator('.live-channel-card').count()).toBe(channels.length);
    const second = channels[1];
    if (!second) throw new Error('no second channel');
    await page.getByText(`共 ${second.sessionCount} 场直播`).first().waitFor();
    await page.getByRole('link', { name: new RegExp(`^${second.name}`) }).click();
    await page.waitForURL(url(`/liveList?channelId=${second.id}`));
    await cards().first().waitFor();
    expect(
      await page
        .getByRole('button', { name: second.name, exact: true })
        .getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('shows the missing state for an unknown session, with a way back to the list', async () => {
    await openPhone();
    await page.goto(url('/liveDetails?id=999999'));
    await page.getByRole('heading', { name: '直播不存在或已下线' }).waitFor();
    await page.getByRole('link', { name: '去看看直播' }).click();
    await page.waitForURL(url('/liveList'));
  });
});

describe('a session', () => {
  it('asks a visitor to log in before 预约; a learner reserves, keeps it after a reload, and cancels', async () => {
    const login = await apiLogin(suite.portal.baseUrl);
    const upcoming = (await sessions({ state: 'upcoming' }))[0];
    if (!upcoming) throw new Error('the demo has no upcoming session');
    // Start from a clean state for this learner.
    await api('/live/reservations/remove', login.token, { sessionId: upcoming.id });

    await openPhone();
    await page.goto(url(`/liveDetails?id=${upcoming.id}`));
    await page.getByRole('heading', { name: upcoming.title, level: 1 }).first().waitFor();
    await page.getByText('预告', { exact: true }).first().waitFor();
    await page.getByText(/距开始还有/).waitFor();
    expect(await page.locator('.live-countdown strong').textContent()).toMatch(/分钟$/);
    await page.getByRole('button', { name: '分享' }).waitFor();
    await page.getByRole('button', { name: '预约', exact: true }).click();
    await page.getByText('您还未登录或登录已过期，请先登录').waitFor();
    await page.getByRole('button', { name: '取消' }).click();

    await openPhone(login);
    await page.goto(url(`/liveDetails?id=${upcoming.id}`));
    const reserve = page.getByRole('button', { name: '预约', exact: true });
    await reserve.click();
    const reserved = page.getByRole('button', { name: '已预约', exact: true });
    await reserved.waitFor();
    expect(await reserved.getAttribute('aria-pressed')).toBe('true');
    await page.reload();
    await reserved.waitFor();
    await reserved.click();
    await reserve.waitFor();
    expect(await reserve.getAttribute('aria-pressed')).toBe('false');
    const detail = await api<{ reserved: boolean }>(
      `/live/sessions/detail?id=${upcoming.id}`,
      login.token,
    );
    expect(detail.reserved).toBe(false);
  });

  it('shows the server message when 预约 is refused (409)', async () => {
    const login = await apiLogin(suite.portal.baseUrl);
    const upcoming = (await sessions({ state: 'upcoming' }))[1];
    if (!upcoming) throw new Error('the demo has too few upcoming sessions');
    await api('/live/reservations/remove', login.token, { sessionId: upcoming.id });
    await openPhone(login);
    await page.route('**/api/live/reservations', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ code: 409, message: '直播已开始，不能再预约', data: null }),
      }),
    );
    await page.goto(url(`/liveDetails?id=${upcoming.id}`));
    await page.getByRole('button', { name: '预约', exact: true }).click();
    await page.getByText('直播已开始，不能再预约').waitFor();
    expect(
      await page.getByRole('button', { name: '预约', exact: true }).getAttribute('aria-pressed'),
    ).toBe('false');
  });

  it('notes the state of a live session and of an ended one', async () => {
    const live = (await sessions({ state: 'live' }))[0];
    const ended = (await sessions({ state: 'ended' }))[0] as
      | (SessionRow & { hasReplay: boolean })
      | undefined;
    if (!live || !ended) throw new Error('the demo has no live or no ended session');
    await openPhone();
    await page.goto(url(`/liveDetails?id=${live.id}`));
    await page.getByRole('region', { name: '直播播放' }).getByText('直播中').waitFor();
    expect(await page.getByRole('button', { name: '预约', exact: true }).count()).toBe(0);
    await page.goto(url(`/liveDetails?id=${ended.id}`));
    await page.getByText(ended.hasReplay ? '可观看回放' : '暂无回放', { exact: true }).waitFor();
  });
});
