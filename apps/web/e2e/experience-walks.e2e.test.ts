import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin, phoneSuite, registerInBrowser, storeLogin } from './harness.ts';

const suite = phoneSuite();
const url = suite.url;

/** The first stop of the 苏州河 walk (恒丰路桥), as seeded. */
const FIRST_STOP = { latitude: 31.2468, longitude: 121.4532 };

const main = (page: Page) => page.getByRole('main');

describe('experience bases and humanities walks', () => {
  it('books a visit slot for a party, sees it in 我的预约 and cancels it', async () => {
    const { page } = await suite.open();
    const login = await apiLogin(suite.portal.baseUrl, '13800000002');
    await storeLogin(page, suite.portal.baseUrl, login);
    await page.goto(url('/Tiyan'));

    // The list: each base with its street and next open slot.
    const firstBase = page.locator('.base-card').first();
    await expect.poll(() => firstBase.textContent()).toContain('最近可约');
    const baseName = (await firstBase.locator('.content-card-title').textContent())?.trim() ?? '';
    expect(baseName).toContain('体验基地');
    await firstBase.click();
    await main(page).getByRole('heading', { name: baseName, exact: true }).waitFor();
    const basePage = page.url();

    // Date, then time, then the party.
    const picker = page.locator('.slot-picker').first();
    const time = picker
      .locator('fieldset', { hasText: '2. 选择时间' })
      .locator('button:enabled')
      .first();
    const seatsBefore = Number((await time.locator('small').textContent())?.match(/\d+/)?.[0]);
    const clock = (await time.locator('span').textContent())?.trim() ?? '';
    await time.click();
    await picker.locator('.adm-stepper-plus').click();
    await expect.poll(() => picker.getByLabel('联系电话').inputValue()).toBe('13800000002');
    await picker.getByRole('button', { name: '预约参观' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toContain('共 2 人');
    await dialog.getByRole('button', { name: '确认预约' }).click();
    await picker.getByRole('status').getByText('预约成功').waitFor();
    // The slot shows it is mine, and two fewer seats for the others.
    const mine = picker.locator('button', { hasText: clock });
    await expect.poll(() => mine.textContent()).toContain('已预约');
    expect(seatsBefore).toBeGreaterThan(2);

    // 我的预约: the booking is upcoming; cancel it (asked first).
    await picker.getByRole('link', { name: '查看我的预约' }).click();
    const upcoming = page.locator('section', { hasText: '即将参观' });
    const booking = upcoming.locator('.booking-card', { hasText: baseName });
    await expect.poll(() => booking.textContent()).toContain('2 人');
    await expect.poll(() => booking.textContent()).toContain(clock);
    await booking.getByRole('button', { name: '取消预约' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确认取消' }).click();
    await page.getByText('已取消预约').waitFor();
    await expect.poll(() => upcoming.locator('.booking-card').count()).toBe(0);
    const past = page.locator('section', { hasText: '历史预约' }).locator('.booking-card', {
      hasText: baseName,
    });
    await expect.poll(() => past.textContent()).toContain('已取消');

    // The seats came back.
    await page.goto(basePage);
    const again = page.locator('.slot-picker').first().locator('button', { hasText: clock });
    await expect.poll(() => again.textContent()).toContain(`余 ${seatsBefore} 位`);
  });

  it('checks in at the first stop when near it, refuses it when far, and shows the progress', async () => {
    const { context, page } = await suite.open();
    await context.grantPermissions(['geolocation'], { origin: suite.portal.baseUrl });
    // Far: at 静安寺, about 3 km from the 苏州河 walk's first stop.
    await context.setGeolocation({ latitude: 31.2235, longitude: 121.4453 });
    const login = await apiLogin(suite.portal.baseUrl, '13800000002');
    await storeLogin(page, suite.portal.baseUrl, login);
    await page.goto(url('/Rwxz'));
    const card = page.locator('.walk-card', { hasText: '苏州河' });
    await expect.poll(() => card.textContent()).toContain('尚未打卡');
    await card.click();
    await main(page).getByRole('heading', { name: '沿途站点' }).waitFor();
    // The route on the map: a line and a numbered marker per stop.
    await page.locator('.walk-map path.leaflet-interactive').waitFor();
    expect(await page.locator('.walk-map .walk-marker').count()).toBe(5);

    const first = page.locator('.walk-stop').first();
    await first.getByRole('button', { name: '在恒丰路桥打卡' }).click();
    await expect
      .poll(() => first.getByRole('alert').textContent())
      .toMatch(/^距离「恒丰路桥」还有约\d(\.\d)?公里/);
    await expect
      .poll(() => page.getByRole('progressbar').getAttribute('aria-valuetext'))
      .toBe('已打卡 0/5 站，0%');

    // Near: about 20 m from the stop.
    await context.setGeolocation({
      latitude: FIRST_STOP.latitude + 0.0002,
      longitude: FIRST_STOP.longitude,
    });
    await first.getByRole('button', { name: '在恒丰路桥打卡' }).click();
    await first.getByText('已打卡', { exact: true }).waitFor();
    await expect
      .poll(() => page.getByRole('progressbar').getAttribute('aria-valuetext'))
      .toBe('已打卡 1/5 站，20%');
    await expect.poll(() => page.locator('.walk-map .walk-marker.done').count()).toBe(1);

    // Back on the list, the walk shows my progress.
    await page.goto(url('/Rwxz'));
    await expect.poll(() => card.textContent()).toContain('已打卡 1/5 站');
  });

  it('keeps a check-in made without a network and sends it when the network returns', async () => {
    const { context, page } = await suite.open();
    await context.grantPermissions(['geolocation'], { origin: suite.portal.baseUrl });
    await context.setGeolocation({
      latitude: FIRST_STOP.latitude + 0.0002,
      longitude: FIRST_STOP.longitude,
    });
    await registerInBrowser(page, suite.portal.baseUrl, '13912349201');
    await page.goto(url('/Rwxz'));
    await page.locator('.walk-card', { hasText: '苏州河' }).click();
    await main(page).getByRole('heading', { name: '沿途站点' }).waitFor();
    const first = page.locator('.walk-stop').first();

    // By the river with no signal: the check-in is kept on the phone with its moment.
    await context.setOffline(true);
    await first.getByRole('button', { name: '在恒丰路桥打卡' }).click();
    await first.getByText('已记下打卡，联网后上传').waitFor();
    // The signal returns: it is sent, and the stop shows checked.
    await context.setOffline(false);
    await first.getByText('已打卡', { exact: true }).waitFor({ timeout: 15_000 });
    await expect
      .poll(() => page.getByRole('progressbar').getAttribute('aria-valuetext'))
      .toBe('已打卡 1/5 站，20%');
  });

  it('says how to allow location when the phone denies it', async () => {
    const { page } = await suite.open();
    const login = await apiLogin(suite.portal.baseUrl, '13800000001');
    await storeLogin(page, suite.portal.baseUrl, login);
    await page.goto(url('/Rwxz'));
    await page.locator('.walk-card', { hasText: '大宁' }).click();
    const first = page.locator('.walk-stop').first();
    await first.getByRole('button', { name: /打卡$/ }).click();
    await expect.poll(() => first.getByRole('alert').textContent()).toContain('没有获得定位权限');
  });
});
