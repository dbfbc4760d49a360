import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { apiLogin, storeLogin } from '../../web/e2e/harness.ts';
import { consoleSuite } from './console-suite.ts';

/*
 * The places of the learning map in the operators' console, in desktop Chromium against the real
 * server (no MAP_TILE_URL: the editor's map is the plain one, with its note): the demo editor
 * writes a learning point, placing it by a click on the map and typing its opening hours, and
 * submits it; the demo reviewer publishes it from 待审核; a phone standing there finds it first
 * among the places nearest to it (身边的学习点) and opens it; axe finds nothing serious on the
 * console's list and editor.
 */

const EDITOR = '13800000012';
const REVIEWER = '13800000013';
const NAME = '愚园路市民学习点（后台新建）';

const suite = consoleSuite();
const { url, signedIn, seriousFindings, menu } = suite;

describe('the map places in the operators’ console', () => {
  it('takes a place from a click on the editor’s map, through review, to the phone’s map', async () => {
    const editor = await signedIn(EDITOR);
    await menu(editor).getByRole('link', { name: '地图场所' }).click();
    await editor.getByRole('heading', { name: '地图场所管理' }).waitFor();
    await editor.locator('.ant-table-row').first().waitFor();
    expect(await seriousFindings(editor)).toEqual([]);
    await editor.getByRole('link', { name: /新建地图场所/ }).click();
    await editor.getByRole('heading', { name: '新建地图场所' }).waitFor();

    // (The choice is the second of the kinds: antd's list for screen readers names it too.)
    await editor.getByLabel('场所类型', { exact: true }).click();
    await editor
      .locator('.ant-select-dropdown:visible .ant-select-item-option', {
        hasText: '社区文化活动中心',
      })
      .click();
    await editor.getByRole('textbox', { name: '场所名称' }).fill(NAME);
    await editor.getByRole('textbox', { name: '街道' }).fill('静安寺街道');
    await editor.getByRole('textbox', { name: '地址' }).fill('上海市静安区愚园路100号');
    await editor.getByRole('textbox', { name: '联系电话' }).fill('021-62481234');

    // Without the portal's tiles the map says the typed numbers count; a click places the place.
    await editor.getByText(/本站没有配置地图底图/).waitFor();
    const map = editor.getByTestId('place-map');
    // The district's circle (farther is refused) and the site's published places, for reference.
    await map.locator('path.place-picker-district').waitFor();
    await map.locator('path.place-picker-other:not([d="M0 0"])').first().waitFor();
    const latitude = editor.getByRole('spinbutton', { name: '纬度' });
    const longitude = editor.getByRole('spinbutton', { name: '经度' });
    expect(await latitude.inputValue()).toBe('');
    const box = await map.boundingBox();
    if (!box) throw new Error('the map has no box');
    await editor.mouse.click(box.x + box.width / 2 - 90, box.y + box.height / 2 + 40);
    await map.locator('.place-picker-marker').waitFor();
    await expect.poll(() => latitude.inputValue()).not.toBe('');
    const picked = {
      lat: Number(await latitude.inputValue()),
      lng: Number(await longitude.inputValue()),
    };
    // Near 静安's middle, where the map opened (1° of latitude is 111 km).
    expect(Math.abs(picked.lat - 31.255)).toBeLessThan(0.03);
    expect(Math.abs(picked.lng - 121.452)).toBeLessThan(0.03);
    // Typed: the marker follows the numbers.
    const before = await map.locator('.place-picker-marker').boundingBox();
    const typedLat = (picked.lat + 0.002).toFixed(6);
    await latitude.fill(typedLat);
    await latitude.press('Tab');
    await expect
      .poll(async () => (await map.locator('.place-picker-marker').boundingBox())?.y ?? 0)
      .toBeLessThan((before?.y ?? 0) - 5);
    const at = { lat: Number(typedLat), lng: picked.lng };

    // Opening hours typed as a row: Monday to Saturday, 08:30 to 20:00.
    await editor.getByRole('button', { name: '添加开放时间' }).click();
    const row = editor.getByTestId('hours-row').first();
    await row.getByRole('checkbox', { name: '六' }).check();
    // Typed, then the next field: a time picker takes what was typed when it is left.
    const open = row.getByRole('textbox', { name: '第 1 行开门时间' });
    await open.click();
    await open.fill('08:30');
    await open.press('Tab');
    const close = row.getByRole('textbox', { name: '第 1 行关门时间' });
    await close.click();
    await close.fill('20:00');
    await close.press('Tab');
    await expect.poll(() => close.inputValue()).toBe('20:00');
    await expect.poll(() => open.inputValue()).toBe('08:30');

    // Two photos uploaded together, the second put first.
    const photo = (blue: number) =>
      sharp({
        create: { width: 400, height: 300, channels: 3, background: { r: 40, g: 90, b: blue } },
      })
        .png()
        .toBuffer();
    await editor.locator('input[type=file][multiple]').setInputFiles([
      { name: '阅览室.png', mimeType: 'image/png', buffer: await photo(200) },
      { name: '书画室.png', mimeType: 'image/png', buffer: await photo(60) },
    ]);
    const second = editor.getByRole('img', { name: '第 2 张照片' });
    await second.waitFor();
    const moved = await second.getAttribute('src');
    await editor.getByRole('button', { name: '第 2 张照片前移' }).click();
    await expect
      .poll(() => editor.getByRole('img', { name: '第 1 张照片' }).getAttribute('src'))
      .toBe(moved);
    await editor.getByRole('textbox', { name: '场所介绍' }).click();
    await editor.keyboard.type('愚园路上的学习点，阅览室和书画室全天开放。');
    expect(await seriousFindings(editor)).toEqual([]);

    await editor.getByRole('button', { name: '保存' }).click();
    await editor.waitForURL(/\/admin\/places\/edit\?id=\d+/);
    const id = Number(new URL(editor.url()).searchParams.get('id'));
    await editor.getByText('草稿', { exact: true }).first().waitFor();
    expect(await latitude.inputValue()).toBe(typedLat);
    await expect.poll(() => row.getByRole('checkbox', { name: '六' }).isChecked()).toBe(true);
    expect(await editor.getByRole('img', { name: '第 1 张照片' }).getAttribute('src')).toBe(moved);
    await editor.getByRole('button', { name: '提交审核' }).click();
    await editor.getByText('待审核', { exact: true }).first().waitFor();

    // A phone standing at the place: its nearest places, without the new one yet.
    const phone = await suite.phone();
    await phone.grantPermissions(['geolocation'], { origin: suite.portal.baseUrl });
    await phone.setGeolocation({ latitude: at.lat, longitude: at.lng });
    const phonePage = await phone.newPage();
    suite.watch(phonePage);
    await storeLogin(
      phonePage,
      suite.portal.baseUrl,
      await apiLogin(suite.portal.baseUrl, '13800000002'),
    );
    const nearest = phonePage.locator('.place-list a.place-card').first();
    await phonePage.goto(url('/curMap'));
    await nearest.waitFor();
    expect(await phonePage.locator('.place-list', { hasText: NAME }).count()).toBe(0);

    const reviewer = await signedIn(REVIEWER);
    await menu(reviewer).getByRole('link', { name: '待审核', exact: true }).click();
    await reviewer.getByRole('heading', { name: '待审核' }).waitFor();
    await reviewer.getByRole('link', { name: NAME }).waitFor();
    await reviewer.getByRole('link', { name: NAME }).click();
    await reviewer.getByRole('heading', { name: '编辑地图场所' }).waitFor();
    await reviewer.getByTestId('place-map').locator('.place-picker-marker').waitFor();
    expect(await seriousFindings(reviewer)).toEqual([]);
    await reviewer.getByRole('button', { name: '通过并发布' }).click();
    await reviewer.getByText('已发布', { exact: true }).first().waitFor();

    // On the phone at once: the nearest place, opened with its hours.
    await phonePage.reload();
    await expect
      .poll(async () => (await nearest.locator('.content-card-title').textContent())?.trim(), {
        timeout: 5000,
      })
      .toBe(NAME);
    await nearest.click();
    await phonePage.waitForURL(url(`/mapDetailsPlace?id=${id}`));
    await phonePage.getByRole('heading', { level: 1, name: NAME }).waitFor();
    await phonePage.getByText('上海市静安区愚园路100号').first().waitFor();
    await phonePage
      .getByText(/08:30-20:00/)
      .first()
      .waitFor();
    await expect.poll(() => phonePage.locator(`img[src="${moved}"]`).count()).toBeGreaterThan(0);
  });
});
