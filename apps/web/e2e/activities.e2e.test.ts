import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin, type Login, phoneSuite, storeLogin } from './harness.ts';

const suite = phoneSuite();
const url = suite.url;
let page: Page;

interface Field {
  key: string;
  label: string;
  kind: 'text' | 'phone' | 'number' | 'choice' | 'multi';
  required: boolean;
  options?: string[];
}

interface ActivityRow {
  id: number;
  title: string;
  kind: string;
  status: string;
}

interface Detail extends ActivityRow {
  formFields: Field[];
  myApplication: { status: string } | null;
  attachments: { maxBytes: number; accept: string[] } | null;
}

interface MineRow extends ActivityRow {
  state: string;
  checkinCode: string | null;
  attachments: { id: number; mime: string }[];
}

/** An API call of the running portal, as the demo learner when a token is given. */
async function api<T>(pathname: string, token?: string): Promise<T> {
  const answer = await fetch(url(`/api${pathname}`), {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const body = (await answer.json()) as { code: number; data: T; message: string };
  if (body.code !== 0) throw new Error(`${pathname}: ${body.code} ${body.message}`);
  return body.data;
}

async function activities(query: Record<string, string>, token: string) {
  const search = new URLSearchParams({ size: '50', ...query });
  return (await api<{ list: ActivityRow[] }>(`/activities?${search}`, token)).list;
}

/** The first activity open for signup that this learner has not applied for and `wanted` likes. */
async function firstOpen(
  token: string,
  query: Record<string, string>,
  wanted: (detail: Detail) => boolean,
): Promise<Detail> {
  for (const row of await activities({ status: '报名中', ...query }, token)) {
    const detail = await api<Detail>(`/activities/detail?id=${row.id}`, token);
    if (detail.myApplication?.status !== 'active' && wanted(detail)) return detail;
  }
  throw new Error(`the demo content has no open activity for ${JSON.stringify(query)}`);
}

async function myApplication(token: string, activityId: number): Promise<MineRow | undefined> {
  const mine = await api<{ list: MineRow[] }>('/activities/mine?size=50', token);
  return mine.list.find((row) => row.id === activityId);
}

async function openPhone(login?: Login) {
  ({ page } = await suite.open());
  if (login) await storeLogin(page, suite.portal.baseUrl, login);
  return page;
}

/** Fills every field the activity asks for, as a learner would. */
async function fillForm(fields: readonly Field[]) {
  for (const field of fields) {
    const label = new RegExp(`^${field.label}`);
    if (field.kind === 'choice' || field.kind === 'multi') {
      const group = page.locator('fieldset.signup-field', {
        has: page.locator('legend', { hasText: label }),
      });
      const choices = group.locator('label');
      await choices.first().click();
      if (field.kind === 'multi' && (await choices.count()) > 1) await choices.nth(1).click();
      continue;
    }
    const value =
      field.kind === 'phone' ? '13912345678' : field.kind === 'number' ? '66' : '王秀兰';
    await page.getByLabel(label).fill(value);
  }
}

/** A small real PNG (8x8, one colour) in a temp file. */
function pngFile(): string {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const size = 8;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, 0x3a)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'activity-png-')), '作品.png');
  fs.writeFileSync(file, png);
  return file;
}

describe('applying for an activity', () => {
  it('checks the form, applies, shows the QR code in 我的活动 and cancels', async () => {
    const login = await apiLogin(suite.portal.baseUrl, '13800000002');
    const open = await firstOpen(
      login.token,
      {},
      (detail) =>
        detail.kind !== '特色活动' &&
        detail.formFields.some((field) => field.kind === 'multi') &&
        detail.formFields.some((field) => field.kind === 'phone'),
    );
    await openPhone(login);
    await page.goto(url(`/activityDetails?id=${open.id}`));
    await page.getByRole('heading', { level: 1, name: open.title }).waitFor();
    await page.getByRole('link', { name: '立即报名' }).click();
    await page.waitForURL(url(`/activityApply?id=${open.id}`));

    // A bad phone first: the same rule as the server, before anything is sent.
    await fillForm(open.formFields);
    await page.getByLabel(/^手机号/).fill('12345');
    await page.getByRole('button', { name: '提交报名' }).click();
    await page.getByText('手机号格式不正确，请填写 11 位手机号').waitFor();
    await page.getByLabel(/^手机号/).fill('13912345678');
    await page.getByRole('button', { name: '提交报名' }).click();
    await page.getByRole('heading', { name: '报名成功' }).waitFor();

    const applied = await myApplication(login.token, open.id);
    expect(applied?.state).toBe('已报名');
    const code = applied?.checkinCode ?? '';
    expect(code).not.toBe('');

    await page.getByRole('link', { name: '我的活动' }).click();
    await page.waitForURL(url('/myActive'));
    const item = page.locator('.my-activity', { hasText: open.title });
    await item.getByText('已报名').waitFor();
    await item.getByRole('button', { name: /^签到码/ }).click();
    const sheet = page.locator('.checkin-sheet');
    await sheet.getByRole('img', { name: /签到二维码/ }).waitFor();
    expect(await sheet.locator('svg.checkin-qr path').getAttribute('d')).toMatch(/^M\d/);
    expect(await sheet.locator('.checkin-code').textContent()).toBe(code);
    await sheet.getByRole('button', { name: '关闭' }).click();
    await sheet.waitFor({ state: 'hidden' });

    // The study tab lists it under 我的活动 too.
    await page.goto(url('/index/study?tab=activities'));
    await page.locator('.study-class').filter({ hasText: open.title }).waitFor();
    await page.goto(url('/myActive'));

    // Cancel from the 已报名 tab: it asks first, then the application leaves the tab.
    await page.getByRole('tab', { name: '已报名' }).click();
    const active = page.locator('.my-activity', { hasText: open.title });
    await active.getByRole('button', { name: /^取消报名/ }).click();
    await active.getByRole('button', { name: /^确认取消报名/ }).click();
    await active.waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: '已取消' }).click();
    await page.locator('.my-activity', { hasText: open.title }).getByText('已取消').waitFor();
    expect((await myApplication(login.token, open.id))?.state).toBe('已取消');
  });

  it('signs up for a special activity with a photo and shows its thumbnail', async () => {
    const login = await apiLogin(suite.portal.baseUrl, '13800000001');
    const special = await firstOpen(
      login.token,
      { kind: '特色活动' },
      (detail) => detail.attachments?.accept.includes('image/png') === true,
    );
    await openPhone(login);
    // Opened at the regular address, it moves to its own.
    await page.goto(url(`/activityDetails?id=${special.id}`));
    await page.waitForURL(url(`/extensionDetails?id=${special.id}`));
    await page.getByRole('heading', { level: 1, name: special.title }).waitFor();
    await page.getByText('报名材料').first().waitFor();
    await page.getByRole('link', { name: '立即报名' }).click();
    await page.waitForURL(url(`/extensionSignup?id=${special.id}`));

    await fillForm(special.formFields);
    await page.locator('input[type=file]').setInputFiles(pngFile());
    const preview = page
      .getByRole('list', { name: '已选择的文件' })
      .getByRole('img', { name: '作品.png' });
    await preview.waitFor();
    expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(8);
    await page.getByRole('button', { name: '提交报名' }).click();
    await page.getByRole('heading', { name: '报名成功' }).waitFor();

    const applied = await myApplication(login.token, special.id);
    expect(applied?.attachments).toHaveLength(1);
    await page.getByRole('link', { name: '我的活动' }).click();
    const item = page.locator('.my-activity', { hasText: special.title });
    const thumb = item.locator('.attachment-thumb img');
    await thumb.waitFor();
    await expect
      .poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(8);
    // Fetched with the token in the header, shown through an object URL.
    expect(await thumb.getAttribute('src')).toMatch(/^blob:/);
  });

  it('asks a visitor to log in before a special activity signup', async () => {
    const login = await apiLogin(suite.portal.baseUrl, '13800000001');
    const special = await firstOpen(login.token, { kind: '特色活动' }, () => true);
    await openPhone();
    await page.goto(url(`/extensionDetails?id=${special.id}`));
    await page.getByRole('heading', { level: 1, name: special.title }).waitFor();
    await page.getByRole('link', { name: '立即报名' }).click();
    await page.getByText('您还未登录或登录已过期，请先登录').waitFor();
    expect(page.url()).toBe(url(`/extensionDetails?id=${special.id}`));
  });
});

describe('the activity list', () => {
  it('filters by kind and keeps the filter and scroll after opening a detail', async () => {
    const login = await apiLogin(suite.portal.baseUrl);
    const lectures = await activities({ kind: '讲座' }, login.token);
    expect(lectures.length).toBeGreaterThan(4);
    await openPhone(login);
    await page.goto(url('/index/activity'));
    await page.locator('.activity-card').first().waitFor();
    await page.getByRole('button', { name: '讲座', exact: true }).click();
    await page.waitForURL((address) => address.searchParams.get('kind') === '讲座');
    await page.getByText(`共 ${lectures.length} 个活动`).waitFor();
    const kinds = await page.locator('.activity-card .activity-kind').allTextContents();
    expect(new Set(kinds)).toEqual(new Set(['讲座']));

    // Down the list, into a detail and back: the same filter, cards and place.
    const card = page.locator('.activity-card').nth(4);
    await card.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 40));
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(200);
    const title = (await card.locator('.activity-card-title').textContent()) ?? '';
    await card.click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.goBack();
    await page.waitForURL((address) => address.pathname === '/index/activity');
    expect(new URL(page.url()).searchParams.get('kind')).toBe('讲座');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
    const pressed = page.getByRole('button', { name: '讲座', exact: true });
    expect(await pressed.getAttribute('aria-pressed')).toBe('true');
  });

  it('offers the activity as a calendar file', async () => {
    const login = await apiLogin(suite.portal.baseUrl);
    const [first] = await activities({ kind: '参观' }, login.token);
    if (!first) throw new Error('the demo content has no 参观 activity');
    await openPhone(login);
    await page.goto(url(`/activityDetails?id=${first.id}`));
    const link = page.getByRole('link', { name: '添加到日历' });
    await link.waitFor();
    expect(await link.getAttribute('download')).not.toBeNull();
    const address = new URL((await link.getAttribute('href')) ?? '', url('/'));
    const answer = await fetch(address);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(await answer.text()).toContain('BEGIN:VCALENDAR');
  });

  it('shows a designed page for an unknown activity', async () => {
    const login = await apiLogin(suite.portal.baseUrl);
    await openPhone(login);
    await page.goto(url('/activityDetails?id=987654'));
    await page.getByRole('heading', { name: '活动不存在或已下线' }).waitFor();
  });
});
