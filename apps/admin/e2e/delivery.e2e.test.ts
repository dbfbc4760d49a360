import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { apiLogin, storeLogin } from '../../web/e2e/harness.ts';
import { consoleSuite } from './console-suite.ts';

/*
 * The delivery catalogue in the operators' console, in desktop Chromium against the real server:
 * the demo editor writes an activity kit (its cover uploaded, its audience and lead time) and
 * submits it, the demo reviewer publishes it from 待审核, a phone finds it in the portal's
 * catalogue (资源配送 · 资源目录) within 2 s and opens it; axe finds nothing serious on the
 * console's pages.
 */

const EDITOR = '13800000012';
const REVIEWER = '13800000013';
const TITLE = '亲子科学实验箱（后台新建）';

const suite = consoleSuite();
const { url, signedIn, seriousFindings, menu, choose } = suite;

describe('the delivery catalogue in the operators’ console', () => {
  it('takes a resource from the editor, through review, to the phone’s catalogue', async () => {
    const editor = await signedIn(EDITOR);
    await menu(editor).getByRole('link', { name: '配送资源' }).click();
    await editor.getByRole('heading', { name: '配送资源管理' }).waitFor();
    await editor.locator('.ant-table-row').first().waitFor();
    expect(await seriousFindings(editor)).toEqual([]);
    await editor.getByRole('link', { name: /新建配送资源/ }).click();
    await editor.getByRole('heading', { name: '新建配送资源' }).waitFor();

    await choose(editor, '资源类型', '活动套件');
    // Not a lecturer: the lecturer's fields are gone.
    await expect.poll(() => editor.getByRole('textbox', { name: '讲师姓名' }).count()).toBe(0);
    await editor.getByRole('textbox', { name: '资源名称' }).fill(TITLE);
    await editor.getByRole('spinbutton', { name: '最少人数' }).fill('8');
    await editor.getByRole('spinbutton', { name: '最多人数' }).fill('30');
    await editor.getByRole('spinbutton', { name: '提前预约天数' }).fill('5');
    await editor.getByRole('textbox', { name: '场地要求' }).fill('有桌椅的活动室');
    await editor.getByRole('textbox', { name: '设备要求' }).fill('洗手池');
    // Optional fields' labels end in （可选）.
    await editor.getByLabel('标签').fill('亲子');
    await editor.keyboard.press('Enter');
    await editor.locator('.ant-select-selection-item', { hasText: '亲子' }).waitFor();
    await editor.getByRole('textbox', { name: '资源介绍' }).click();
    await editor.keyboard.type('十个小实验，材料全部配齐，家长和孩子一起动手。');

    const png = await sharp({
      create: { width: 640, height: 480, channels: 3, background: { r: 20, g: 140, b: 120 } },
    })
      .png()
      .toBuffer();
    await editor.locator('input[type=file][accept^="image"]').first().setInputFiles({
      name: '实验箱封面.png',
      mimeType: 'image/png',
      buffer: png,
    });
    await editor.getByRole('img', { name: '封面' }).waitFor();
    expect(await seriousFindings(editor)).toEqual([]);

    await editor.getByRole('button', { name: '保存' }).click();
    await editor.waitForURL(/\/admin\/delivery\/edit\?id=\d+/);
    const id = Number(new URL(editor.url()).searchParams.get('id'));
    await editor.getByText('草稿', { exact: true }).first().waitFor();
    await editor.getByRole('button', { name: '提交审核' }).click();
    await editor.getByText('待审核', { exact: true }).first().waitFor();

    // The phone has the catalogue's kits open (without the new one) while the reviewer works.
    const phone = await suite.phone();
    const phonePage = await phone.newPage();
    await storeLogin(
      phonePage,
      suite.portal.baseUrl,
      await apiLogin(suite.portal.baseUrl, '13800000002'),
    );
    const kits = async () => {
      await phonePage.getByRole('button', { name: '活动套件', exact: true }).click();
      await phonePage.locator('.delivery-list li').first().waitFor();
    };
    await phonePage.goto(url('/index/zyps'));
    await kits();
    expect(await phonePage.locator('.delivery-list li', { hasText: TITLE }).count()).toBe(0);

    const reviewer = await signedIn(REVIEWER);
    await menu(reviewer).getByRole('link', { name: '待审核', exact: true }).click();
    await reviewer.getByRole('heading', { name: '待审核' }).waitFor();
    await reviewer.getByRole('link', { name: TITLE }).waitFor();
    expect(await seriousFindings(reviewer)).toEqual([]);
    await reviewer.getByRole('link', { name: TITLE }).click();
    await reviewer.getByRole('heading', { name: '编辑配送资源' }).waitFor();
    expect(await seriousFindings(reviewer)).toEqual([]);
    await reviewer.getByRole('button', { name: '通过并发布' }).click();
    await reviewer.getByText('已发布', { exact: true }).first().waitFor();

    // In the phone's catalogue on the first load after publication (no cache serves the
    // page from before it), among the kits.
    await phonePage.reload();
    await kits();
    const card = phonePage.locator('.delivery-list li', { hasText: TITLE });
    await card.waitFor();
    await card.click();
    await phonePage.waitForURL(url(`/zypsDetails?id=${id}`));
    await phonePage.getByRole('heading', { name: TITLE }).waitFor();
    await phonePage.getByText('十个小实验').first().waitFor();
    await phonePage.getByText('有桌椅的活动室').first().waitFor();
  });
});
