import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { apiLogin, storeLogin } from '../../web/e2e/harness.ts';
import { consoleSuite } from './console-suite.ts';

/*
 * Classes in the operators' console, in desktop Chromium against the real server: the demo
 * editor writes a class with a course found by title and a sign-up question and submits it, the
 * demo reviewer publishes it, a phone opens it on the portal within 2 s and signs up answering
 * the question; axe finds nothing serious on the console's class pages.
 */

const EDITOR = '13800000012';
const REVIEWER = '13800000013';
const TITLE = '社区书法冬季班（后台新建）';

const suite = consoleSuite();
const { url, signedIn, seriousFindings, menu } = suite;

describe('classes in the operators’ console', () => {
  it('takes a class with a course and a sign-up question from the editor, through review, to a learner’s sign-up', async () => {
    const answer = await fetch(url('/api/courses?size=1'), { headers: { 'x-site': 'jingan' } });
    const [course] = ((await answer.json()) as { data: { list: Array<{ title: string }> } }).data
      .list;
    if (!course) throw new Error('no published course');

    const editor = await signedIn(EDITOR);
    await menu(editor).getByRole('link', { name: '班级管理' }).click();
    await editor.getByRole('heading', { name: '班级管理' }).waitFor();
    await editor.locator('.ant-table-row').first().waitFor();
    expect(await seriousFindings(editor)).toEqual([]);
    await editor.getByRole('link', { name: /新建班级/ }).click();
    await editor.getByRole('heading', { name: '新建班级' }).waitFor();

    await editor.getByRole('textbox', { name: '班级名称' }).fill(TITLE);
    const png = await sharp({
      create: { width: 640, height: 480, channels: 3, background: { r: 60, g: 140, b: 90 } },
    })
      .png()
      .toBuffer();
    await editor.locator('input[type=file][accept^="image"]').first().setInputFiles({
      name: '班级封面.png',
      mimeType: 'image/png',
      buffer: png,
    });
    await editor.getByRole('img', { name: '封面' }).waitFor();
    await editor.getByLabel('学期', { exact: true }).fill('2026年冬季');
    await editor.getByRole('textbox', { name: '上课时间' }).fill('每周四 14:00-15:30');
    await editor.getByRole('textbox', { name: '授课教师' }).fill('周老师');
    await editor.getByRole('textbox', { name: '上课地点' }).fill('静安区社区学院 201 教室');

    // A course of the site, found by its title on the server.
    const courses = editor.getByRole('combobox', { name: /^所学课程/ });
    await courses.click();
    await courses.fill(course.title);
    await editor
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: course.title })
      .first()
      .click();
    await editor
      .getByRole('list', { name: '已选课程' })
      .getByText(course.title, { exact: true })
      .waitFor();

    const introduction = editor.getByRole('textbox', { name: '班级介绍' });
    await introduction.click();
    await editor.keyboard.type('从执笔和基本笔画学起，每周一次，适合零基础的学员。');
    // The sign-up form: one required single choice.
    await editor.getByRole('button', { name: '添加报名信息' }).click();
    await editor.getByRole('textbox', { name: '字段名称' }).fill('年龄段');
    await editor.locator('label.ant-radio-button-wrapper', { hasText: '单选' }).click();
    await editor.getByRole('switch', { name: '必填' }).click();
    const options = editor.getByLabel('选项', { exact: true });
    await options.fill('60岁以下');
    await options.press('Enter');
    await options.fill('60岁及以上');
    await options.press('Enter');
    expect(await seriousFindings(editor)).toEqual([]);
    await editor.getByRole('button', { name: '保存' }).click();
    await editor.waitForURL(/\/admin\/classes\/edit\?id=\d+/);
    const id = Number(new URL(editor.url()).searchParams.get('id'));
    await editor.getByText('草稿', { exact: true }).first().waitFor();
    await editor.getByRole('button', { name: '提交审核' }).click();
    await editor.getByText('待审核', { exact: true }).first().waitFor();

    const reviewer = await signedIn(REVIEWER);
    await menu(reviewer).getByRole('link', { name: '待审核', exact: true }).click();
    await reviewer.getByRole('heading', { name: '待审核' }).waitFor();
    await reviewer.getByRole('link', { name: TITLE }).waitFor();
    expect(await seriousFindings(reviewer)).toEqual([]);
    await reviewer.getByRole('link', { name: TITLE }).click();
    await reviewer.getByRole('heading', { name: '编辑班级' }).waitFor();
    await reviewer
      .getByRole('list', { name: '已选课程' })
      .getByText(course.title, { exact: true })
      .waitFor();
    expect(await seriousFindings(reviewer)).toEqual([]);
    // A learner's phone, signed in, while the reviewer decides.
    const phone = await suite.phone();
    const phonePage = await phone.newPage();
    await storeLogin(
      phonePage,
      suite.portal.baseUrl,
      await apiLogin(suite.portal.baseUrl, '13800000002'),
    );
    await reviewer.getByRole('button', { name: '通过并发布' }).click();
    await reviewer.getByText('已发布', { exact: true }).first().waitFor();

    // The phone: the class on the first load after publication (no cache serves the page
    // from before it), its course, and the operator's question.
    await phonePage.goto(url(`/classDetails?id=${id}`));
    await phonePage.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await phonePage.getByText('每周四 14:00-15:30').first().waitFor();
    await phonePage.getByText(course.title).first().waitFor();
    await phonePage.getByRole('link', { name: '立即报名' }).click();
    await phonePage.getByRole('button', { name: '提交报名' }).click();
    await phonePage.getByText('请选择年龄段').waitFor();
    await phonePage
      .locator('fieldset.signup-field', { has: phonePage.locator('legend', { hasText: '年龄段' }) })
      .getByText('60岁及以上')
      .click();
    await phonePage.getByRole('button', { name: '提交报名' }).click();
    await phonePage.getByRole('heading', { name: '报名成功' }).waitFor();

    // Back in the console: the seat taken bounds the capacity.
    await reviewer.reload();
    await reviewer.getByText('已有 1 人报名，名额不能少于 1').waitFor();
    expect(await seriousFindings(reviewer)).toEqual([]);
  });
});
