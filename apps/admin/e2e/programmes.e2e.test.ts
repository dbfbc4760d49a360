import { describe, expect, it } from 'vitest';
import { apiLogin, storeLogin } from '../../web/e2e/harness.ts';
import { consoleSuite } from './console-suite.ts';

/*
 * The visit programmes of the experience bases in the operators' console, in desktop Chromium
 * against the real server: the demo editor writes a programme for a seeded base (found by name
 * on the server) with two slots and submits it; the demo reviewer publishes it from 待审核; on
 * the phone the learner finds it on the base's page (/Tiyan?id=) and books one of its slots;
 * axe finds nothing serious on the console's pages.
 */

const EDITOR = '13800000012';
const REVIEWER = '13800000013';
const BASE = '临汾路茶文化体验基地';
const TITLE = '紫砂壶品鉴与冲泡（后台新建）';

const suite = consoleSuite();
const { url, signedIn, seriousFindings, menu } = suite;

describe('visit programmes in the operators’ console', () => {
  it('takes a programme with two slots from the editor, through review, to a booking on the phone', async () => {
    const editor = await signedIn(EDITOR);
    await menu(editor).getByRole('link', { name: '参观项目' }).click();
    await editor.getByRole('heading', { name: '参观项目管理' }).waitFor();
    await editor.locator('.ant-table-row').first().waitFor();
    expect(await seriousFindings(editor)).toEqual([]);
    await editor.getByRole('link', { name: /新建参观项目/ }).click();
    await editor.getByRole('heading', { name: '新建参观项目' }).waitFor();

    // The base, found by name on the server.
    const picker = editor.getByLabel('体验基地', { exact: true });
    await picker.click();
    await picker.fill('茶文化');
    await editor
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: BASE })
      .first()
      .click();
    await editor.getByRole('textbox', { name: '项目名称' }).fill(TITLE);
    await editor.getByRole('spinbutton', { name: '参观时长' }).fill('60');
    await editor.getByRole('textbox', { name: '适合人群' }).fill('老年学员、茶文化爱好者');
    await editor.getByRole('spinbutton', { name: '每次最多人数' }).fill('3');
    await editor.getByRole('textbox', { name: '项目介绍' }).click();
    await editor.keyboard.type('老师讲解紫砂壶的泥料与器型，再亲手冲泡一壶凤凰单丛。');

    // Two slots: two and three days ahead at 9:30, as long as the visit; then their seats.
    await editor.getByRole('button', { name: '添加场次' }).click();
    await editor.getByRole('button', { name: '添加场次' }).click();
    await editor.getByRole('spinbutton', { name: '第 1 个场次的名额' }).fill('10');
    await editor.getByRole('spinbutton', { name: '第 2 个场次的名额' }).fill('6');
    await expect
      .poll(() => editor.locator('.ant-picker-range input').nth(3).inputValue())
      .toMatch(/ 10:30$/);
    // Nothing booked yet: each row may be removed.
    await editor.getByRole('button', { name: '删除第 2 个场次' }).waitFor();
    expect(await seriousFindings(editor)).toEqual([]);

    await editor.getByRole('button', { name: '保存' }).click();
    await editor.waitForURL(/\/admin\/programmes\/edit\?id=\d+/);
    const id = Number(new URL(editor.url()).searchParams.get('id'));
    await editor.getByText('草稿', { exact: true }).first().waitFor();
    await expect.poll(() => editor.getByText('0 人', { exact: true }).count()).toBe(2);
    await editor.getByRole('button', { name: '提交审核' }).click();
    await editor.getByText('待审核', { exact: true }).first().waitFor();

    const reviewer = await signedIn(REVIEWER);
    await menu(reviewer).getByRole('link', { name: '待审核', exact: true }).click();
    await reviewer.getByRole('heading', { name: '待审核' }).waitFor();
    await reviewer.getByRole('link', { name: TITLE }).waitFor();
    expect(await seriousFindings(reviewer)).toEqual([]);
    await reviewer.getByRole('link', { name: TITLE }).click();
    await reviewer.getByRole('heading', { name: '编辑参观项目' }).waitFor();
    await reviewer.getByRole('spinbutton', { name: '第 2 个场次的名额' }).waitFor();
    expect(await seriousFindings(reviewer)).toEqual([]);
    await reviewer.getByRole('button', { name: '通过并发布' }).click();
    await reviewer.getByText('已发布', { exact: true }).first().waitFor();

    // On the phone: the base's page shows the programme; the learner books its first slot.
    const bases = await fetch(url('/api/bases?size=50'), { headers: { 'x-site': 'jingan' } });
    const base = (
      (await bases.json()) as { data: { list: Array<{ id: number; name: string }> } }
    ).data.list.find((card) => card.name === BASE);
    if (!base) throw new Error(`no base ${BASE}`);
    const phone = await suite.phone();
    const phonePage = await phone.newPage();
    await storeLogin(
      phonePage,
      suite.portal.baseUrl,
      await apiLogin(suite.portal.baseUrl, '13800000002'),
    );
    await phonePage.goto(url(`/Tiyan?id=${base.id}`));
    const programme = phonePage.locator('article.programme', { hasText: TITLE });
    await programme.waitFor();
    await programme.getByText('约 60 分钟 · 适合老年学员、茶文化爱好者 · 每次最多 3 人').waitFor();
    await programme.getByText('再亲手冲泡一壶凤凰单丛').waitFor();
    await programme.getByRole('button', { name: '选择场次预约' }).click();
    const slots = programme.locator('.slot-picker');
    const time = slots.locator('fieldset', { hasText: '2. 选择时间' }).locator('button:enabled');
    await time.first().waitFor();
    await time.first().click();
    await slots.getByRole('button', { name: '预约参观' }).click();
    const dialog = phonePage.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toContain(TITLE);
    await dialog.getByRole('button', { name: '确认预约' }).click();
    await slots.getByRole('status').getByText('预约成功').waitFor();

    // The console shows the seat the learner holds, and the booked slot can no longer go.
    await editor.reload();
    await editor.getByRole('button', { name: '已有 1 人预约，这个场次不能删除' }).waitFor();
    expect(id).toBeGreaterThan(0);
  });
});
