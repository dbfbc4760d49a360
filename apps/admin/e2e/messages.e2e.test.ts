import type {
  CampaignAudiencePreview,
  Page,
  ParticipantItemRow,
  ParticipantPage,
} from '@portal/contract';
import type { Page as BrowserPage } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin, storeLogin } from '../../web/e2e/harness.ts';
import { consoleSuite } from './console-suite.ts';

/*
 * 群发消息 in the operators' console, in desktop Chromium against the real server (its job queue
 * sends the notices): the demo editor finds the menu's list empty, goes from a class's 报名名单
 * to 发通知 with the class chosen and its learners counted, is told what the form lacks, sends;
 * the notice goes out, the first demo learner reads it on a phone, and the console counts it
 * read. A notice to the whole site is scheduled for two days ahead and cancelled before it goes;
 * a reviewer has no such menu.
 */

const EDITOR = '13800000012';
const SITE_ADMIN = '13800000011';
const REVIEWER = '13800000013';
const FIRST = '13800000001';

const suite = consoleSuite();
const { signedIn, seriousFindings, menu } = suite;

let siteAdmin: Promise<string> | undefined;

/** The site admin's answer to a console call (a refusal fails the test). */
async function asSiteAdmin<T>(path: string): Promise<T> {
  siteAdmin ??= apiLogin(suite.portal.baseUrl, SITE_ADMIN).then((login) => login.token);
  const response = await fetch(suite.url(path), {
    headers: { authorization: `Bearer ${await siteAdmin}`, 'x-site': 'jingan' },
  });
  const answer = (await response.json()) as { code: number; message: string; data: T };
  if (answer.code !== 0) throw new Error(`${path}: ${answer.code} ${answer.message}`);
  return answer.data;
}

/** A class not ended whose active participants include the first demo learner. */
async function classOfFirstLearner(): Promise<ParticipantItemRow> {
  const items = await asSiteAdmin<Page<ParticipantItemRow>>(
    '/api/admin/participants/items?kind=class&size=50',
  );
  for (const item of items.list) {
    const page = await asSiteAdmin<ParticipantPage>(
      `/api/admin/participants?kind=class&id=${item.id}&size=50&q=${FIRST}`,
    );
    if (page.list.some((row) => row.phone === FIRST && row.status === 'active')) return item;
  }
  throw new Error('the first demo learner is in no class to come');
}

/** The figure a statistic of the notice's page shows (发送人数, 已读...). */
const statistic = (page: BrowserPage, title: string) =>
  page
    .locator('.ant-statistic', { has: page.getByText(title, { exact: true }) })
    .locator('.ant-statistic-content-value')
    .innerText();

/** A time `days` ahead as the console's picker types it, in Shanghai time. */
const shanghaiTime = (days: number) =>
  new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000)
    .toISOString()
    .slice(0, 16)
    .replace('T', ' ');

describe('群发消息 (notices to learners) in the operators’ console', () => {
  it('sends a notice to a class from its list and sees it read on a learner’s phone', async () => {
    const item = await classOfFirstLearner();
    const audience = await asSiteAdmin<CampaignAudiencePreview>(
      `/api/admin/messages/audience?type=item&kind=class&id=${item.id}`,
    );
    expect(audience.recipients).toBeGreaterThan(0);
    const editor = await signedIn(EDITOR);

    // The menu's list: nothing sent yet on the demo site.
    await menu(editor).getByRole('link', { name: '群发消息' }).click();
    await editor.getByRole('heading', { name: '群发消息' }).waitFor();
    await editor.getByText('还没有发过群发消息').waitFor();
    expect(await seriousFindings(editor)).toEqual([]);

    // From the class's participants, 发通知: the class chosen, its learners counted.
    await menu(editor).getByRole('link', { name: '报名名单' }).click();
    await editor.getByLabel('名称关键词').fill(item.title);
    await editor.getByLabel('名称关键词').press('Enter');
    await editor
      .getByRole('link', { name: `${item.title}的报名名单` })
      .first()
      .click();
    await editor.getByRole('heading', { name: `报名名单：${item.title}` }).waitFor();
    await editor.getByRole('link', { name: '发通知' }).click();
    await editor.getByRole('heading', { name: '写通知' }).waitFor();
    const reach = editor.locator('.ant-alert', { hasText: '将发送给' });
    await expect
      .poll(() => reach.innerText())
      .toBe(`将发送给${audience.label}，共 ${audience.recipients} 位学员`);
    expect(await editor.locator('.ant-select', { hasText: item.title }).count()).toBe(1);

    // Sent empty: the form names what is missing, and nothing goes.
    await editor.getByRole('button', { name: '发送', exact: true }).click();
    await editor.getByText('请填写标题').waitFor();
    await editor.getByText('请填写正文').waitFor();
    expect(await seriousFindings(editor)).toEqual([]);

    const title = `调课通知 ${Date.now() % 100_000}`;
    await editor.getByLabel('标题').fill(title);
    await editor
      .getByLabel('正文')
      .fill('本周六上午的课改到下午两点，地点不变。\n请带好上次的作业。');
    await editor.getByRole('button', { name: '发送', exact: true }).click();
    const confirm = editor.getByRole('dialog');
    await confirm
      .locator('.ant-modal-confirm-title', { hasText: `发送给 ${audience.recipients} 位学员？` })
      .waitFor();
    await confirm.getByRole('button', { name: '立即发送' }).click();

    // The notice's page: it goes out (the page follows), to everyone counted.
    await editor.waitForURL(/\/admin\/messages\/detail\?id=\d+/);
    await editor.getByRole('heading', { name: title }).waitFor();
    await editor.locator('.ant-tag', { hasText: '已发送' }).waitFor({ timeout: 20_000 });
    expect(await statistic(editor, '发送人数')).toBe(String(audience.recipients));
    expect(await statistic(editor, '已读')).toBe('0');
    expect(await seriousFindings(editor)).toEqual([]);

    // The first demo learner reads it on their phone, in 我的消息.
    const phone = await (await suite.phone()).newPage();
    await storeLogin(phone, suite.portal.baseUrl, await apiLogin(suite.portal.baseUrl, FIRST));
    await phone.goto(suite.url('/index/userInfo'));
    await phone.locator('.mine-link', { hasText: '我的消息' }).click();
    await phone.getByRole('heading', { name: '我的消息' }).waitFor();
    await phone.locator('.message-link.unread', { hasText: title }).click();
    await phone.getByRole('heading', { name: title }).waitFor();
    await phone.getByText('请带好上次的作业。').waitFor();

    // The console counts it read, on the notice and in the list.
    await editor.getByRole('button', { name: '刷新' }).click();
    await expect.poll(() => statistic(editor, '已读')).toBe('1');
    expect(Number(await statistic(editor, '送达（发送后登录过本站）'))).toBeGreaterThanOrEqual(1);
    await editor.getByRole('link', { name: '返回消息列表' }).click();
    const row = editor.locator('.ant-table-row', { hasText: title });
    await row.getByText('已发送', { exact: true }).waitFor();
    const percent = Math.round(100 / audience.recipients);
    await row.getByText(`1 / ${audience.recipients}（${percent}%）`).waitFor();
    expect(await seriousFindings(editor)).toEqual([]);
  });

  it('schedules a notice to the whole site and cancels it before it goes; a reviewer has no such menu', async () => {
    const editor = await signedIn(EDITOR);
    await menu(editor).getByRole('link', { name: '群发消息' }).click();
    await editor.getByRole('link', { name: '写通知' }).click();
    await editor.getByRole('heading', { name: '写通知' }).waitFor();
    const site = await asSiteAdmin<CampaignAudiencePreview>(
      '/api/admin/messages/audience?type=site',
    );
    const reach = editor.locator('.ant-alert', { hasText: '将发送给' });
    await expect
      .poll(() => reach.innerText())
      .toBe(`将发送给${site.label}，共 ${site.recipients} 位学员`);

    const title = `元旦闭馆通知 ${Date.now() % 100_000}`;
    await editor.getByLabel('标题').fill(title);
    await editor.getByLabel('正文').fill('元旦期间各学习点闭馆三天，线上课程照常开放。');
    await editor.getByLabel('定时发送', { exact: true }).check();
    // No time chosen: the field asks for one.
    await editor.getByRole('button', { name: '定时发送' }).click();
    await editor.getByText('请选择发送时间').waitFor();
    const picker = editor.getByLabel('定时发送的时间');
    await picker.click();
    await picker.fill(shanghaiTime(2));
    await editor.locator('.ant-picker-ok button').click();
    await editor.getByText('请选择发送时间').waitFor({ state: 'detached' });
    expect(await seriousFindings(editor)).toEqual([]);
    await editor.getByRole('button', { name: '定时发送' }).click();
    const confirm = editor.getByRole('dialog');
    await confirm
      .locator('.ant-modal-confirm-title', { hasText: `发送给 ${site.recipients} 位学员？` })
      .waitFor();
    await confirm.getByRole('button', { name: '定时发送' }).click();

    await editor.waitForURL(/\/admin\/messages\/detail\?id=\d+/);
    await editor.locator('.ant-tag', { hasText: '待发送' }).waitFor();
    await editor.getByText(/发出后这里显示送达和已读人数/).waitFor();
    await editor.getByRole('button', { name: '取消发送' }).click();
    await editor.getByRole('dialog').getByRole('button', { name: '取消发送' }).click();
    await editor.locator('.ant-tag', { hasText: '已取消' }).waitFor();
    await editor.getByText('这条消息已取消，没有发出。').waitFor();

    // The list keeps it, cancelled, under its state.
    await editor.getByRole('link', { name: '返回消息列表' }).click();
    await editor.locator('.ant-segmented-item-label').getByText('已取消', { exact: true }).click();
    await editor.waitForURL(/state=cancelled/);
    await editor.locator('.ant-table-row', { hasText: title }).waitFor();
    await editor.locator('.ant-segmented-item-label').getByText('待发送', { exact: true }).click();
    await editor.getByText('没有待发送的消息').waitFor();

    const reviewer = await signedIn(REVIEWER);
    await menu(reviewer).getByRole('link', { name: '报名名单' }).waitFor();
    expect(await menu(reviewer).getByRole('link', { name: '群发消息' }).count()).toBe(0);
  });
});
