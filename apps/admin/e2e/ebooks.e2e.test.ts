import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { apiLogin, storeLogin } from '../../web/e2e/harness.ts';
import { consoleSuite } from './console-suite.ts';

/*
 * E-books in the operators' console, in desktop Chromium against the real server: the demo
 * editor uploads a PDF (its pages read, its first page made the cover), fills in the book and
 * submits it; the demo reviewer publishes it from 待审核; a phone finds it in the e-book
 * list and its reader loads the PDF; axe finds nothing serious on the console's pages.
 */

const EDITOR = '13800000012';
const REVIEWER = '13800000013';

const suite = consoleSuite();
const { url, signedIn, seriousFindings } = suite;

/** A real three-page PDF, a line of text on each page. */
async function threePagePdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= 3; n += 1) {
    pdf.addPage([420, 595]).drawText(`Page ${n}`, { x: 60, y: 500, size: 32, font });
  }
  return Buffer.from(await pdf.save());
}

describe('e-books in the operators’ console', () => {
  it('takes an uploaded PDF with its first page as the cover, through review, to the phone’s reader', async () => {
    const editor = await signedIn(EDITOR);
    await editor
      .getByRole('navigation', { name: '后台菜单' })
      .getByRole('link', { name: '电子书管理' })
      .click();
    await editor.getByRole('heading', { name: '电子书管理' }).waitFor();
    expect(await seriousFindings(editor)).toEqual([]);
    await editor.getByRole('link', { name: /新建电子书/ }).click();
    await editor.getByRole('heading', { name: '新建电子书' }).waitFor();
    // The first category, by keyboard: the list opens on it.
    await editor.getByLabel('电子书分类', { exact: true }).click();
    await editor.keyboard.press('Enter');
    await editor.getByRole('textbox', { name: '书名' }).fill('社区学习三步走（后台新建）');
    await editor.getByRole('textbox', { name: '作者' }).fill('林静');
    await editor.getByRole('textbox', { name: 'ISBN' }).fill('978-7-5444-9999-6');
    await editor.getByRole('textbox', { name: '内容简介' }).fill('第一段。\n\n第二段。');
    await editor.locator('input[type=file][accept^="application/pdf"]').setInputFiles({
      name: '社区学习.pdf',
      mimeType: 'application/pdf',
      buffer: await threePagePdf(),
    });
    await editor.getByText(/^共 3 页 · \d+ KB$/).waitFor();
    await editor.getByRole('link', { name: '打开 PDF' }).waitFor();
    // The cover made of the first page fills the empty cover field.
    await editor.locator('img[alt="封面"][src^="/files/admin/jingan/"]').first().waitFor();
    expect(await seriousFindings(editor)).toEqual([]);
    await editor.getByRole('button', { name: '保存' }).click();
    await editor.waitForURL(/\/admin\/ebooks\/edit\?id=\d+/);
    const id = Number(new URL(editor.url()).searchParams.get('id'));
    await editor.getByRole('button', { name: '提交审核' }).click();
    await editor.getByText('待审核', { exact: true }).first().waitFor();

    const reviewer = await signedIn(REVIEWER);
    await reviewer
      .getByRole('navigation', { name: '后台菜单' })
      .getByRole('link', { name: '待审核', exact: true })
      .click();
    await reviewer.getByRole('link', { name: '社区学习三步走（后台新建）' }).click();
    await reviewer.getByRole('heading', { name: '编辑电子书' }).waitFor();
    expect(await seriousFindings(reviewer)).toEqual([]);
    await reviewer.getByRole('button', { name: '通过并发布' }).click();
    await reviewer.getByText('已发布', { exact: true }).first().waitFor();

    // The phone: the book's page with its facts, and the reader shows the uploaded PDF's pages.
    const phone = await suite.phone();
    const phonePage = await phone.newPage();
    await storeLogin(
      phonePage,
      suite.portal.baseUrl,
      await apiLogin(suite.portal.baseUrl, '13800000002'),
    );
    await phonePage.goto(url(`/ebookDetails?id=${id}`));
    await phonePage
      .locator('h1.detail-title')
      .getByText('社区学习三步走（后台新建）')
      .waitFor({ timeout: 5000 });
    await phonePage.getByRole('link', { name: '开始阅读' }).click();
    await phonePage.waitForURL(url(`/ebookContent?id=${id}`));
    await phonePage
      .locator('.pdf-page[data-page-number="1"][data-rendered="true"]')
      .waitFor({ timeout: 20_000 });
    expect(await phonePage.locator('.pdf-page-indicator').textContent()).toBe('第 1 / 3 页');
  });
});
