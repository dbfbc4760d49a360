import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {
  ActivityDetail,
  CheckinDeskResult,
  CheckinDeskSummary,
  MyActivity,
  Page,
  ParticipantItemRow,
  ParticipantPage,
  SignupField,
} from '@portal/contract';
import { type Page as BrowserPage, chromium } from 'playwright-core';
import { encode } from 'uqr';
import { describe, expect, it } from 'vitest';
import { apiLogin } from '../../web/e2e/harness.ts';
import { consoleSuite } from './console-suite.ts';

/*
 * 签到台 (the check-in desk) in the operators' console, against the real server: the demo
 * 签到员 opens it from the menu on a tablet, picks an activity two demo learners signed up for,
 * checks the first in by the QR their phone shows (held in front of a fake camera that plays a
 * picture of it) and the second by phone number; the same learner again is refused in red, the
 * count follows, and another tablet's check-in shows within a poll. A site administrator reaches
 * it from the activity's participants, where a browser without a camera is told why and the
 * phone number keeps working.
 */

const DOOR = '13800000009';
const SITE_ADMIN = '13800000011';
const EDITOR = '13800000012';
const FIRST = '13800000001';
const SECOND = '13800000002';

/** The base flags of the e2e Chromium (as the harness's), and a camera that plays `file`. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const fakeCamera = (file: string) => [
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  `--use-file-for-fake-video-capture=${file}`,
];

const suite = consoleSuite();
const { signedIn, seriousFindings, menu } = suite;

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

async function call<T>(token: string, pathname: string, json?: unknown): Promise<Envelope<T>> {
  const response = await fetch(`${suite.portal.baseUrl}${pathname}`, {
    method: json === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'x-site': 'jingan',
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });
  return (await response.json()) as Envelope<T>;
}

/** Answers a sign-up form as a learner would. */
function answersFor(fields: SignupField[]) {
  return Object.fromEntries(
    fields.map((field) => {
      switch (field.kind) {
        case 'phone':
          return [field.key, '13912345678'];
        case 'number':
          return [field.key, '2'];
        case 'choice':
          return [field.key, field.options?.[0] ?? ''];
        case 'multi':
          return [field.key, field.options?.slice(0, 1) ?? []];
        default:
          return [field.key, '张秀英'];
      }
    }),
  );
}

/**
 * A one-second Y4M video (640 × 480, 10 frames a second) of the QR of `text`, black on white
 * with its quiet zone, in the middle third the scanner reads: what a learner's phone held up to
 * the door's camera shows.
 */
function qrVideo(text: string, file: string) {
  const width = 640;
  const height = 480;
  const { data, size } = encode(text, { ecc: 'M', border: 4 });
  const scale = Math.floor(280 / size);
  const left = Math.floor((width - size * scale) / 2);
  const top = Math.floor((height - size * scale) / 2);
  // Limited-range luma: 235 white, 16 black; no colour.
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 0; y < size * scale; y += 1) {
    const row = data[Math.floor(y / scale)] ?? [];
    for (let x = 0; x < size * scale; x += 1) {
      if (row[Math.floor(x / scale)]) luma[(top + y) * width + left + x] = 16;
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  fs.writeFileSync(
    file,
    Buffer.concat([
      Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg XYSCSS=420JPEG\n`),
      ...Array.from({ length: 10 }, () => frame),
    ]),
  );
}

/** Signs `username` in to the console through the account center's form. */
async function signIn(page: BrowserPage, username: string) {
  await page.goto(suite.url('/admin/'));
  await page.waitForURL(/\/sso\/login\?/);
  await page.locator('input[name=username]').fill(username);
  await page.locator('input[name=password]').fill('Demo@2026');
  await page.locator('button[type=submit]').click();
  await page.waitForURL(/\/admin\/(articles|authPage)/, { timeout: 30_000 });
}

/** The desk's count as it reads: [已签到, 已报名]. */
async function countOn(page: BrowserPage): Promise<number[]> {
  const text = await page.locator('.checkin-desk-count').innerText();
  const found = /已签到\s*(\d+)\s*\/\s*已报名\s*(\d+)/.exec(text);
  return found ? [Number(found[1]), Number(found[2])] : [];
}

describe('签到台 (the check-in desk) in the operators’ console', () => {
  it('checks a learner in by their QR on the camera, another by phone, refuses a second check-in and follows the other tablets', async () => {
    const first = await apiLogin(suite.portal.baseUrl, FIRST);
    const second = await apiLogin(suite.portal.baseUrl, SECOND);
    const door = await apiLogin(suite.portal.baseUrl, DOOR);
    // An activity to come the first learner signed up for; the second signs up too.
    const mine = await call<Page<MyActivity>>(first.token, '/api/activities/mine?page=1&size=50');
    const item = mine.data.list.find((entry) => entry.state === '已报名' && entry.checkinCode);
    if (!item?.checkinCode) throw new Error('the first learner has no activity to check in for');
    const detail = await call<ActivityDetail>(second.token, `/api/activities/detail?id=${item.id}`);
    const applied = await call(second.token, '/api/activities/apply', {
      activityId: item.id,
      form: answersFor(detail.data.formFields),
    });
    expect(applied.code, applied.message).toBe(0);
    const before = (
      await call<CheckinDeskSummary>(door.token, `/api/admin/checkin/summary?activityId=${item.id}`)
    ).data;

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'checkin-desk-'));
    const video = path.join(dir, 'qr.y4m');
    qrVideo(item.checkinCode, video);
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [...CHROMIUM_ARGS, ...fakeCamera(video)],
    });
    try {
      // A tablet held sideways.
      const context = await browser.newContext({
        viewport: { width: 1024, height: 768 },
        locale: 'zh-CN',
        timezoneId: 'Asia/Shanghai',
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      suite.watch(page);
      await signIn(page, DOOR);
      await menu(page).getByRole('link', { name: '签到台' }).click();
      await page.getByRole('heading', { name: '签到台', exact: true }).waitFor();
      await page.getByRole('list', { name: '未结束的活动' }).waitFor();
      expect(await seriousFindings(page)).toEqual([]);
      await page.getByLabel('活动名称关键词').fill(item.title);
      await page.getByLabel('活动名称关键词').press('Enter');
      await page.waitForURL(/[?&]q=/);
      await page
        .getByRole('list', { name: '未结束的活动' })
        .getByRole('link')
        .filter({ has: page.locator('.title').getByText(item.title, { exact: true }) })
        .click();
      await page.getByRole('heading', { name: `签到台：${item.title}` }).waitFor();
      expect(await countOn(page)).toEqual([before.checkedIn, before.signedUp]);
      if (before.recent.length === 0) await page.getByText('还没有学员签到').waitFor();
      expect(await seriousFindings(page)).toEqual([]);

      // By the QR: the camera finds it, the learner is checked in once while it stays in view.
      const result = page.locator('.checkin-desk-result');
      await page.getByRole('button', { name: '摄像头扫码' }).click();
      await page.getByRole('button', { name: '停止扫码' }).waitFor();
      await result.getByText(`「${first.userInfo.nickname}」签到成功`).waitFor({ timeout: 20_000 });
      await expect.poll(() => countOn(page)).toEqual([before.checkedIn + 1, before.signedUp]);
      const after = await call<Page<MyActivity>>(
        first.token,
        '/api/activities/mine?page=1&size=50',
      );
      expect(after.data.list.find((entry) => entry.id === item.id)?.state).toBe('已签到');
      expect(await seriousFindings(page)).toEqual([]);
      await page.waitForTimeout(4_000);
      expect(await page.locator('.checkin-desk-result.is-ok').count()).toBe(1);
      expect(await result.innerText()).toContain(`「${first.userInfo.nickname}」签到成功`);
      await page.getByRole('button', { name: '停止扫码' }).click();
      await page.getByRole('button', { name: '摄像头扫码' }).waitFor();

      // By phone number, Enter to send; the field is emptied for the next learner.
      const phone = page.getByRole('textbox', { name: '手机号签到' });
      await phone.fill(SECOND);
      await phone.press('Enter');
      await result.getByText(`「${second.userInfo.nickname}」签到成功`).waitFor();
      expect(await phone.inputValue()).toBe('');
      await expect.poll(() => countOn(page)).toEqual([before.checkedIn + 2, before.signedUp]);
      const arrivals = page.getByRole('region', { name: '最近签到' }).getByRole('listitem');
      expect(await arrivals.nth(0).innerText()).toContain(second.userInfo.nickname);
      expect(await arrivals.nth(1).innerText()).toContain(first.userInfo.nickname);

      // The first learner again: refused, in red, with the server's reason.
      await phone.fill(FIRST);
      await page.getByRole('button', { name: '签到', exact: true }).click();
      const refused = page.locator('.checkin-desk-result.is-refused');
      await refused.getByText(/请勿重复签到/).waitFor();
      expect(await refused.evaluate((node) => getComputedStyle(node).color)).toBe(
        'rgb(168, 7, 26)',
      );
      expect(await countOn(page)).toEqual([before.checkedIn + 2, before.signedUp]);
      expect(await seriousFindings(page)).toEqual([]);

      // Another tablet at the same door checks a third learner in: this one shows it by itself.
      const signedUp = await call<ParticipantPage>(
        door.token,
        `/api/admin/participants?kind=activity&id=${item.id}&status=active&size=50`,
      );
      const third = signedUp.data.list.find((row) => !row.checkedInAt && row.phone !== FIRST);
      if (!third) throw new Error('no third learner to check in');
      const elsewhere = await call<CheckinDeskResult>(door.token, '/api/admin/checkin', {
        activityId: item.id,
        phone: third.phone,
      });
      expect(elsewhere.code, elsewhere.message).toBe(0);
      await expect
        .poll(() => countOn(page), { timeout: 10_000 })
        .toEqual([before.checkedIn + 3, before.signedUp]);
      expect(await arrivals.nth(0).innerText()).toContain(third.nickname);

      // Held upright, the desk still fits.
      await page.setViewportSize({ width: 768, height: 1024 });
      expect(await seriousFindings(page)).toEqual([]);
    } finally {
      await browser.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('opens from an activity’s participants, explains a missing camera and keeps the phone number working', async () => {
    const { token } = await apiLogin(suite.portal.baseUrl, SITE_ADMIN);
    const items = await call<Page<ParticipantItemRow>>(
      token,
      '/api/admin/participants/items?kind=activity&when=upcoming&size=1',
    );
    const activity = items.data.list[0];
    if (!activity) throw new Error('no activity to come');
    const admin = await signedIn(SITE_ADMIN);
    // Signed in (the console holds its token) and the entry is in the menu.
    await menu(admin).getByRole('link', { name: '签到台' }).waitFor();
    await admin.goto(suite.url(`/admin/participants?kind=activity&id=${activity.id}`));
    await admin.getByRole('heading', { name: `报名名单：${activity.title}` }).waitFor();
    await admin.getByRole('button', { name: '签到台' }).click();
    await admin.getByRole('heading', { name: `签到台：${activity.title}` }).waitFor();

    // This browser has no camera: the desk says so, and offers the phone number.
    await admin.getByRole('button', { name: '摄像头扫码' }).click();
    await admin.getByText('无法使用摄像头').waitFor();
    await admin.getByRole('button', { name: '重试摄像头' }).waitFor();
    expect(await seriousFindings(admin)).toEqual([]);
    const phone = admin.getByRole('textbox', { name: '手机号签到' });
    await phone.fill('1380000');
    await phone.press('Enter');
    await admin.getByText('请输入 11 位手机号').waitFor();
    await phone.fill('13912345670');
    await admin.getByText('请输入 11 位手机号').waitFor({ state: 'detached' });
    await phone.press('Enter');
    await admin
      .locator('.checkin-desk-result.is-refused')
      .getByText('该手机号没有报名本活动')
      .waitFor();
    expect(await seriousFindings(admin)).toEqual([]);

    // An activity that is not there (or another site's).
    await admin.goto(suite.url('/admin/checkin?activityId=999999'));
    await admin.getByText('没有找到这个活动').waitFor();
    await admin.getByRole('button', { name: '选择活动' }).click();
    await admin.getByRole('heading', { name: '签到台', exact: true }).waitFor();

    // An editor lists participants but keeps no door.
    const editor = await signedIn(EDITOR);
    await menu(editor).getByRole('link', { name: '报名名单' }).waitFor();
    expect(await menu(editor).getByRole('link', { name: '签到台' }).count()).toBe(0);
  });
});
