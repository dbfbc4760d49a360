import fs from 'node:fs';
import type {
  ClassDetail,
  ClassSummary,
  MessageSummary,
  Page,
  SignupField,
} from '@portal/contract';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { apiLogin } from '../../web/e2e/harness.ts';
import { consoleSuite } from './console-suite.ts';

/*
 * 报名名单 in the operators' console, in desktop Chromium against the real server: a learner signs
 * up for a class with its form; the reviewer finds the class in 班级管理, opens its participants
 * from the list, finds the learner's answers, exports the list as Excel (opened here with
 * exceljs) and cancels the sign-up with a reason, which reaches the learner as a message.
 */

const REVIEWER = '13800000013';
const EDITOR = '13800000012';
const LEARNER = '13800000002';

const suite = consoleSuite();
const { signedIn, seriousFindings, menu } = suite;

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

async function learnerCall<T>(token: string, path: string, json?: unknown): Promise<Envelope<T>> {
  const response = await fetch(`${suite.portal.baseUrl}${path}`, {
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

/** Answers a sign-up form as a learner would: a name, a phone, an age, the first choices. */
function answersFor(fields: SignupField[]) {
  return Object.fromEntries(
    fields.map((field) => {
      switch (field.kind) {
        case 'phone':
          return [field.key, '13912345678'];
        case 'number':
          return [field.key, '67'];
        case 'choice':
          return [field.key, field.options?.[0] ?? ''];
        case 'multi':
          return [field.key, field.options?.slice(0, 1) ?? []];
        default:
          return [field.key, '李建国（后台名单）'];
      }
    }),
  );
}

/** Signs the learner up for the first class open for sign-up that takes them; answers it. */
async function signUpForAClass(token: string): Promise<ClassDetail> {
  const open = await learnerCall<Page<ClassSummary>>(token, '/api/classes?status=报名中&size=20');
  for (const summary of open.data.list) {
    const detail = await learnerCall<ClassDetail>(token, `/api/classes/detail?id=${summary.id}`);
    if (detail.data.mySignup?.status === 'active') continue;
    const signed = await learnerCall(token, '/api/classes/signup', {
      classId: summary.id,
      form: answersFor(detail.data.formFields),
    });
    if (signed.code === 0) return detail.data;
  }
  throw new Error('no open class took the learner');
}

describe('participants (报名名单) in the operators’ console', () => {
  it('lists a class’s participants with their answers, exports them as Excel and cancels one with a reason', async () => {
    const learner = await apiLogin(suite.portal.baseUrl, LEARNER);
    const chosen = await signUpForAClass(learner.token);

    const reviewer = await signedIn(REVIEWER);
    await menu(reviewer).getByRole('link', { name: '班级管理' }).click();
    await reviewer.getByRole('heading', { name: '班级管理' }).waitFor();
    await reviewer.getByLabel('名称关键词').fill(chosen.title);
    await reviewer.getByLabel('名称关键词').press('Enter');
    await reviewer.getByRole('link', { name: `${chosen.title}的报名名单` }).click();
    await reviewer.getByRole('heading', { name: `报名名单：${chosen.title}` }).waitFor();
    const row = reviewer.locator('.ant-table-row', { hasText: '李建国' });
    await row.waitFor();
    // Their answers, in the form's columns; the reviewer sees phones masked.
    expect(await row.innerText()).toContain('李建国（后台名单）');
    expect(await row.innerText()).toContain('139****5678');
    await reviewer.getByText('手机号已部分隐藏').waitFor();
    expect(await seriousFindings(reviewer)).toEqual([]);

    // Found by name; the export holds what the list shows, a column per field of the form.
    await reviewer.getByLabel('昵称或手机号').fill('李建国');
    await reviewer.getByLabel('昵称或手机号').press('Enter');
    await expect.poll(() => reviewer.locator('.ant-table-row').count()).toBe(1);
    const [download] = await Promise.all([
      reviewer.waitForEvent('download'),
      reviewer.getByRole('button', { name: '导出 Excel' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`报名名单-班级-${chosen.title}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(fs.readFileSync(await download.path()) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const cells = (index: number) =>
      ((sheet?.getRow(index).values as unknown[]) ?? []).slice(1).map(String);
    expect(cells(1)).toEqual([
      '序号',
      '昵称',
      '账号手机',
      '状态',
      '报名时间',
      '取消时间',
      ...chosen.formFields.map((field) => field.label),
    ]);
    expect(sheet?.rowCount).toBe(2);
    expect(cells(2).slice(1, 4)).toEqual(['李建国', '138****0002', '已报名']);
    expect(cells(2)).toContain('李建国（后台名单）');

    // Cancelled with a reason (confirmed from the keyboard): the row says so, and the learner
    // is told why.
    await row.getByRole('button', { name: '取消报名：李建国' }).click();
    const dialog = reviewer.getByRole('dialog', { name: '取消「李建国」的报名' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: '取消报名' }).click();
    await dialog.getByText('请写明取消的原因').waitFor();
    expect(await seriousFindings(reviewer)).toEqual([]);
    await dialog.getByLabel('取消原因').fill('本期名额调整，已为您预留下期名额');
    await dialog.getByRole('button', { name: '取消报名' }).focus();
    await reviewer.keyboard.press('Enter');
    await reviewer.getByText('已取消「李建国」的报名，并已通知本人').waitFor();
    await row.getByText('已取消').waitFor();
    const messages = await learnerCall<Page<MessageSummary>>(
      learner.token,
      '/api/messages?page=1&size=5',
    );
    expect(messages.data.list[0]?.title).toBe(`报名已取消：「${chosen.title}」`);
    expect(messages.data.list[0]?.excerpt).toContain('本期名额调整，已为您预留下期名额');
  });

  it('leads an editor from the menu to an activity’s list, without the cancel', async () => {
    const editor = await signedIn(EDITOR);
    await menu(editor).getByRole('link', { name: '报名名单' }).click();
    await editor.getByRole('heading', { name: '报名名单' }).waitFor();
    // The site's classes not ended yet, soonest first; then its activities.
    await editor.locator('.ant-table-row').first().waitFor();
    expect(await seriousFindings(editor)).toEqual([]);
    const segment = (name: string) =>
      editor.locator('.ant-segmented-item-label').getByText(name, { exact: true }).click();
    await segment('活动');
    await editor.waitForURL(/kind=activity/);
    // Those ended are apart; back to those to come.
    await segment('已结束');
    await editor.waitForURL(/when=ended/);
    await editor.locator('.ant-table').waitFor();
    await segment('未结束');
    await editor.waitForURL((address) => !address.search.includes('when='));
    // The address changes before the page does: the ended list stays on screen until the
    // segment shows 未结束, then under a spinner until the list to come has arrived.
    await editor
      .locator('.ant-segmented-item-selected')
      .getByText('未结束', { exact: true })
      .waitFor();
    await editor.locator('.ant-table .ant-spin-spinning').waitFor({ state: 'detached' });
    const first = editor.locator('.ant-table-row').first().getByRole('link');
    await first.waitFor();
    const title = (await first.innerText()).trim();
    await first.click();
    await editor.getByRole('heading', { name: `报名名单：${title}` }).waitFor();
    await editor.locator('.ant-table').waitFor();
    expect(await editor.getByRole('button', { name: /^取消报名/ }).count()).toBe(0);
    expect(await seriousFindings(editor)).toEqual([]);
    // An item that does not exist: the page says so, with a retry.
    await editor.goto(suite.url('/admin/participants?kind=walk&id=999999'));
    await editor.getByText('报名名单没有加载出来').waitFor();
    await editor.getByText('行走场次不存在').waitFor();
  });
});
