import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { apiLogin, storeLogin } from '../../web/e2e/harness.ts';
import { consoleSuite } from './console-suite.ts';

/*
 * Home and the rules in the operators' console, in desktop Chromium against the real server: the
 * demo editor makes a banner leading to a course (found by its title, its picture uploaded) and
 * submits it, the demo reviewer publishes it from 待审核, and a phone's home shows it first; the
 * site's administrator puts 学习地图 first and hides 频道, and the phone's grid follows; the
 * platform's administrator raises 每日登录 and the phone's points tasks say so. axe finds nothing
 * serious on the console's pages.
 */

const EDITOR = '13800000012';
const REVIEWER = '13800000013';
const SITE_ADMIN = '13800000011';
const SUPER_ADMIN = '13800000010';
const TITLE = '名师公开课：城市里的终身学习';

const suite = consoleSuite();
const { url, signedIn, seriousFindings, menu, choose } = suite;

describe('home and the rules in the operators’ console', () => {
  it('publishes a banner to the phone’s home through review', async () => {
    const editor = await signedIn(EDITOR);
    await menu(editor).getByRole('link', { name: '首页轮播图' }).click();
    await editor.getByRole('heading', { name: '轮播图管理' }).waitFor();
    // The demo's own banner.
    await editor.locator('.ant-table-row').first().waitFor();
    expect(await seriousFindings(editor)).toEqual([]);
    await editor.getByRole('link', { name: /新建轮播图/ }).click();
    await editor.getByRole('heading', { name: '新建轮播图' }).waitFor();
    await editor.getByRole('textbox', { name: '标题' }).fill(TITLE);
    await editor.getByRole('textbox', { name: '角标' }).fill('名师课堂');
    await choose(editor, '链接类型', '课程');
    // The course found by words of its title, on the server.
    const link = editor.getByRole('combobox', { name: '链接', exact: true });
    await link.click();
    const first = editor.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
    await first.waitFor();
    const course = (await first.innerText()).trim();
    await link.fill(course.slice(0, 4));
    await editor
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: course })
      .first()
      .click();
    const png = await sharp({
      create: { width: 1280, height: 720, channels: 3, background: { r: 14, g: 86, b: 216 } },
    })
      .png()
      .toBuffer();
    await editor.locator('input[type=file][accept^="image"]').first().setInputFiles({
      name: '公开课.png',
      mimeType: 'image/png',
      buffer: png,
    });
    await editor.getByRole('img', { name: '图片' }).waitFor();
    expect(await seriousFindings(editor)).toEqual([]);
    await editor.getByRole('button', { name: '保存' }).click();
    await editor.waitForURL(/\/admin\/banners\/edit\?id=\d+/);
    await editor.getByRole('button', { name: '提交审核' }).click();
    await editor.getByText('待审核', { exact: true }).first().waitFor();

    const reviewer = await signedIn(REVIEWER);
    await menu(reviewer).getByRole('link', { name: '待审核', exact: true }).click();
    await reviewer.getByRole('link', { name: TITLE }).click();
    await reviewer.getByRole('heading', { name: '编辑轮播图' }).waitFor();
    expect(await seriousFindings(reviewer)).toEqual([]);
    await reviewer.getByRole('button', { name: '通过并发布' }).click();
    await reviewer.getByText('已发布', { exact: true }).first().waitFor();

    const phone = await suite.phone();
    const phonePage = await phone.newPage();
    await phonePage.goto(url('/index/home'));
    const slide = phonePage.locator('.home-banner-slide').first();
    await expect.poll(() => slide.getAttribute('aria-label')).toBe(`名师课堂：${TITLE}`);
    await slide.click();
    await phonePage.waitForURL(/\/scourseDetail\?id=\d+/);
    await phonePage.getByRole('heading', { name: course }).waitFor();
  });

  it('orders home’s entries as the site’s administrator sets them', async () => {
    const admin = await signedIn(SITE_ADMIN);
    await menu(admin).getByRole('link', { name: '首页设置' }).click();
    await admin.getByRole('heading', { name: /首页设置/ }).waitFor();
    await admin.getByRole('switch', { name: '显示课程' }).waitFor();
    expect(await seriousFindings(admin)).toEqual([]);
    // 学习地图 (7th) up to the top; 频道 hidden.
    for (let i = 0; i < 6; i += 1) {
      await admin.getByRole('button', { name: '学习地图上移' }).click();
    }
    await admin.getByRole('switch', { name: '显示频道' }).click();
    const preview = admin.getByRole('region', { name: '手机端预览' });
    await expect
      .poll(async () => (await preview.innerText()).replace(/\s+/g, ' '))
      .toMatch(/^手机首页上的样子 图 学习地图 课 课程/);
    await admin.getByRole('button', { name: '保存' }).click();
    await admin.getByText('已保存，手机首页立即生效').waitFor();
    expect(await seriousFindings(admin)).toEqual([]);

    const phone = await suite.phone();
    const phonePage = await phone.newPage();
    await phonePage.goto(url('/index/home'));
    const grid = phonePage.getByRole('navigation', { name: '栏目' });
    await grid.getByRole('link').first().waitFor();
    const labels = await grid.getByRole('link').allInnerTexts();
    expect(labels.map((label) => label.replace(/\s+/g, '').slice(1))).toEqual([
      '学习地图',
      '课程',
      '活动',
      '电子书',
      '直播',
      '资讯',
      '学习团队',
      '资源配送',
      '积分',
      '勋章',
      '家庭教育',
      '体验基地',
      '人文行走',
      '搜索',
    ]);
    // Hidden from the grid, still in the guide: no area is out of reach.
    await phonePage
      .getByRole('region', { name: '栏目导览' })
      .getByText('频道', { exact: true })
      .waitFor();
  });

  it('lets the platform’s administrator change a points rule, checked for sense', async () => {
    const siteAdmin = await signedIn(SITE_ADMIN);
    await menu(siteAdmin).getByRole('link', { name: '积分与勋章' }).click();
    await siteAdmin.getByText('只有超级管理员可以修改').waitFor();
    expect(await siteAdmin.getByRole('button', { name: '修改' }).count()).toBe(0);

    const platform = await signedIn(SUPER_ADMIN);
    await menu(platform).getByRole('link', { name: '积分与勋章' }).click();
    const login = platform.getByRole('row', { name: /每日登录/ });
    await login.getByRole('button', { name: '修改' }).click();
    const dialog = platform.getByRole('dialog', { name: /修改积分规则/ });
    await dialog.getByRole('spinbutton', { name: '每次积分' }).fill('100');
    await dialog.getByRole('spinbutton', { name: '每日上限' }).fill('3');
    await dialog.getByText('这条规则每天最多可得 300 分').waitFor();
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.getByText('每天最多可得 300 分，单项规则不能超过 200 分').first().waitFor();
    expect(await seriousFindings(platform)).toEqual([]);
    await dialog.getByRole('spinbutton', { name: '每次积分' }).fill('5');
    await dialog.getByRole('spinbutton', { name: '每日上限' }).fill('1');
    await dialog.getByRole('button', { name: '保存' }).click();
    await platform.getByText('已保存，此后的积分按新规则计').waitFor();
    await expect.poll(() => login.innerText()).toContain('每次 5 分');

    const phone = await suite.phone();
    const phonePage = await phone.newPage();
    await storeLogin(
      phonePage,
      suite.portal.baseUrl,
      await apiLogin(suite.portal.baseUrl, '13800000002'),
    );
    await phonePage.goto(url('/pointsTask'));
    await phonePage.getByText('每次 +5 分，每天最多 1 次').waitFor();
  });
});
