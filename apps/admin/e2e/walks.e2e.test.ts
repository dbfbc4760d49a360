import { describe, expect, it } from 'vitest';
import { apiLogin, storeLogin } from '../../web/e2e/harness.ts';
import { consoleSuite } from './console-suite.ts';

/*
 * Humanities walks in the operators' console, in desktop Chromium against the real server: the
 * demo editor writes a walk with two stops (seeded walk places found by name on the server, each
 * with its story) and a guided session, and submits it; the demo reviewer publishes it from
 * 待审核; on the phone (人文行走, /Rwxz) the learner finds the walk and opens it, its stops in
 * order and its session; axe finds nothing serious on the console's pages.
 */

const EDITOR = '13800000012';
const REVIEWER = '13800000013';
const TITLE = '张园到吴江路（后台新建）';

const suite = consoleSuite();
const { url, signedIn, seriousFindings, menu } = suite;

describe('humanities walks in the operators’ console', () => {
  it('takes a walk from the editor, through review, to the phone', async () => {
    const editor = await signedIn(EDITOR);
    await menu(editor).getByRole('link', { name: '人文行走' }).click();
    await editor.getByRole('heading', { name: '行走路线管理' }).waitFor();
    await editor.locator('.ant-table-row').first().waitFor();
    expect(await seriousFindings(editor)).toEqual([]);
    await editor.getByRole('link', { name: /新建行走路线/ }).click();
    await editor.getByRole('heading', { name: '新建行走路线' }).waitFor();

    await editor.getByRole('textbox', { name: '路线名称' }).fill(TITLE);
    await editor.getByRole('spinbutton', { name: '路线长度' }).fill('900');
    await editor.getByRole('spinbutton', { name: '预计用时' }).fill('50');
    await editor.getByRole('textbox', { name: '路线介绍' }).click();
    await editor.keyboard.type('从张园的石库门走到吴江路，看老房子，听老故事。');

    // Two stops, each found by name on the server, in the order added.
    for (const name of ['张园', '吴江路']) {
      const picker = editor.getByRole('combobox', { name: /^站点/ });
      await picker.click();
      await picker.fill(name);
      await editor
        .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: `${name}（` })
        .first()
        .click();
      await editor.getByRole('textbox', { name: new RegExp(`站“${name}”的故事$`) }).waitFor();
    }
    await editor
      .getByRole('textbox', { name: '第 1 站“张园”的故事' })
      .fill('张园是上海最大的石库门建筑群，百年前这里是市民游乐的花园。');
    await editor.getByRole('textbox', { name: '第 2 站“吴江路”的故事' }).fill('吴江路的小吃街。');

    // One guided session: added with a time two days ahead, then its place, guide and seats.
    await editor.getByRole('button', { name: '添加场次' }).click();
    await editor.getByRole('textbox', { name: '第 1 场导览的集合地点' }).fill('张园东门');
    await editor.getByRole('textbox', { name: '第 1 场导览的导览员' }).fill('周老师');
    await editor.getByRole('spinbutton', { name: '第 1 场导览的名额' }).fill('12');
    // The page at rest: the pointer off the button it pressed (antd's hover shade is lighter).
    await editor.mouse.move(640, 780);
    expect(await seriousFindings(editor)).toEqual([]);

    await editor.getByRole('button', { name: '保存' }).click();
    await editor.waitForURL(/\/admin\/walks\/edit\?id=\d+/);
    await editor.getByText('草稿', { exact: true }).first().waitFor();
    await editor.getByRole('button', { name: '提交审核' }).click();
    await editor.getByText('待审核', { exact: true }).first().waitFor();

    const reviewer = await signedIn(REVIEWER);
    await menu(reviewer).getByRole('link', { name: '待审核', exact: true }).click();
    await reviewer.getByRole('heading', { name: '待审核' }).waitFor();
    await reviewer.getByRole('link', { name: TITLE }).waitFor();
    expect(await seriousFindings(reviewer)).toEqual([]);
    await reviewer.getByRole('link', { name: TITLE }).click();
    await reviewer.getByRole('heading', { name: '编辑行走路线' }).waitFor();
    await reviewer.getByRole('textbox', { name: '第 2 站“吴江路”的故事' }).waitFor();
    expect(await seriousFindings(reviewer)).toEqual([]);
    await reviewer.getByRole('button', { name: '通过并发布' }).click();
    await reviewer.getByText('已发布', { exact: true }).first().waitFor();

    // On the phone: the walk in 人文行走, its stops in order and its session.
    const phone = await suite.phone();
    const phonePage = await phone.newPage();
    await storeLogin(
      phonePage,
      suite.portal.baseUrl,
      await apiLogin(suite.portal.baseUrl, '13800000002'),
    );
    await phonePage.goto(url('/Rwxz'));
    const card = phonePage.locator('.walk-card', { hasText: TITLE });
    await card.waitFor();
    await card.click();
    await phonePage.getByRole('heading', { name: '沿途站点' }).waitFor();
    await phonePage.getByText(/约 50 分钟 · 2 个站点/).waitFor();
    const stops = phonePage.locator('.walk-stop h3');
    await expect.poll(() => stops.allTextContents()).toEqual(['第1站 张园', '第2站 吴江路']);
    await phonePage.getByText('张园是上海最大的石库门建筑群').waitFor();
    await phonePage.getByText(/集合：张园东门 · 领队 周老师/).waitFor();
  });

  it('shows what learners hold of a published walk: a stop checked in at and a booked session stay', async () => {
    const editor = await signedIn(EDITOR);
    await menu(editor).getByRole('link', { name: '人文行走' }).click();
    await editor.getByRole('heading', { name: '行走路线管理' }).waitFor();
    // The seed's first walk: the demo learner checked in at its first two stops.
    await editor.getByRole('link', { name: '愚园路：百年风貌的弄堂时光' }).click();
    await editor.getByRole('heading', { name: '编辑行走路线' }).waitFor();
    const held = editor.getByRole('button', { name: '“静安寺”已有 1 人打卡，不能移除' });
    await held.waitFor();
    expect(await held.isDisabled()).toBe(true);
    expect(await seriousFindings(editor)).toEqual([]);

    // The seed's second walk: the demo learner signed up for its first session.
    await menu(editor).getByRole('link', { name: '人文行走' }).click();
    await editor.getByRole('link', { name: '张园与南京西路：石库门里的海派生活' }).click();
    await editor.getByRole('heading', { name: '编辑行走路线' }).waitFor();
    const booked = editor.getByRole('button', { name: '已有 1 人报名，这一场不能删除' });
    await booked.waitFor();
    expect(await booked.isDisabled()).toBe(true);
    expect(await editor.getByRole('button', { name: /^删除第 \d 场导览$/ }).count()).toBe(2);
    // Its time cannot be changed; the seats it may fall to are shown beside those taken.
    expect(await editor.getByRole('textbox', { name: '第 1 场导览的开始时间' }).isDisabled()).toBe(
      true,
    );
    await booked.hover();
    await editor.getByRole('tooltip', { name: '已有 1 人报名，这一场不能删除' }).waitFor();
    await editor.mouse.move(640, 780);
    expect(await seriousFindings(editor)).toEqual([]);
  });
});
