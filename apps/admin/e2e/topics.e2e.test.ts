import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { consoleSuite } from './console-suite.ts';

/*
 * Topics (专题) in the operators' console, in desktop Chromium against the real server: the demo
 * editor builds a topic with a section of two courses chosen through the server's search and
 * submits it, the demo reviewer publishes it, a phone opens the topic's page within 2 s and sees
 * both cards in order; axe finds nothing serious on the console's topic pages.
 */

const EDITOR = '13800000012';
const REVIEWER = '13800000013';
const TITLE = '社区终身学习专题（后台新建）';
const SLUG = '2026/e2e-desk';
const SECTION = '精选好课';

const suite = consoleSuite();
const { url, signedIn, seriousFindings, menu } = suite;

/** Two of the site's newest published courses (the portal's own list), by title. */
async function twoCourses(): Promise<string[]> {
  const answer = await fetch(url('/api/courses?sort=newest&size=10'), {
    headers: { 'x-site': 'jingan' },
  });
  const { data } = (await answer.json()) as { data: { list: Array<{ title: string }> } };
  // Two distinct titles, so each card is told apart on the phone.
  const titles = [...new Set(data.list.map((course) => course.title))].slice(0, 2);
  if (titles.length < 2) throw new Error('fewer than two courses');
  return titles;
}

describe('topics in the operators’ console', () => {
  it('takes a topic from the editor, through review, to the phone’s topic page', async () => {
    const courses = await twoCourses();
    const editor = await signedIn(EDITOR);
    await menu(editor).getByRole('link', { name: '专题管理' }).click();
    await editor.getByRole('heading', { name: '专题管理' }).waitFor();
    await editor.locator('.ant-table-row').first().waitFor();
    expect(await seriousFindings(editor)).toEqual([]);
    await editor.getByRole('link', { name: /新建专题/ }).click();
    await editor.getByRole('heading', { name: '新建专题' }).waitFor();

    await editor.getByRole('textbox', { name: '专题名称' }).fill(TITLE);
    await editor.getByRole('textbox', { name: '专题地址' }).fill(SLUG);
    await editor.getByRole('textbox', { name: '副标题' }).fill('2026年终身学习专题');
    await editor.getByRole('textbox', { name: '专题简介' }).fill('汇集社区里的好课。');
    const png = await sharp({
      create: { width: 750, height: 300, channels: 3, background: { r: 220, g: 120, b: 40 } },
    })
      .png()
      .toBuffer();
    await editor.locator('input[type=file][accept^="image"]').first().setInputFiles({
      name: '专题横幅.png',
      mimeType: 'image/png',
      buffer: png,
    });
    await editor.getByRole('img', { name: '横幅图片' }).waitFor();

    // The first section is a course one: named, then two courses found by the server's search.
    await editor.getByRole('textbox', { name: '栏目名称' }).fill(SECTION);
    for (const [index, title] of courses.entries()) {
      await editor.getByRole('button', { name: '添加课程' }).click();
      const choice = editor.getByLabel(`第 ${index + 1} 项`, { exact: true });
      await choice.click();
      await choice.fill(title);
      await editor
        .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: title })
        .first()
        .click();
    }
    // The second course goes first.
    await editor.getByRole('button', { name: '第 2 项上移' }).click();
    // axe reads the page once the choices' dropdowns have closed.
    await expect.poll(() => editor.locator('.ant-select-dropdown:visible').count()).toBe(0);
    expect(await seriousFindings(editor)).toEqual([]);

    await editor.getByRole('button', { name: '保存' }).click();
    await editor.waitForURL(/\/admin\/topics\/edit\?id=\d+/);
    await editor.getByText('草稿', { exact: true }).first().waitFor();
    await editor.getByRole('button', { name: '提交审核' }).click();
    await editor.getByText('待审核', { exact: true }).first().waitFor();

    const phone = await suite.phone();
    const phonePage = await phone.newPage();
    suite.watch(phonePage);

    const reviewer = await signedIn(REVIEWER);
    await menu(reviewer).getByRole('link', { name: '待审核', exact: true }).click();
    await reviewer.getByRole('heading', { name: '待审核' }).waitFor();
    await reviewer.getByRole('link', { name: TITLE }).click();
    await reviewer.getByRole('heading', { name: '编辑专题' }).waitFor();
    // The chosen courses are named (not bare ids) in the reviewer's read-only form.
    await reviewer
      .getByText(courses[1] ?? '', { exact: false })
      .first()
      .waitFor();
    expect(await seriousFindings(reviewer)).toEqual([]);
    await reviewer.getByRole('button', { name: '通过并发布' }).click();
    await reviewer.getByText('已发布', { exact: true }).first().waitFor();

    // On the phone on the first load after publication (no cache serves the page from
    // before it), its two cards in the order chosen.
    await phonePage.goto(url(`/zhuanti/${SLUG}`));
    const region = phonePage.getByRole('region', { name: SECTION });
    await region.locator('.topic-item').nth(1).waitFor();
    const cards = await region.locator('.topic-item').allTextContents();
    expect(cards).toHaveLength(2);
    expect(cards[0]).toContain(courses[1]);
    expect(cards[1]).toContain(courses[0]);
    await phonePage.locator('main').getByRole('heading', { level: 1, name: TITLE }).waitFor();
  });
});
