import type { LearnerDetail, PointsSummary } from '@portal/contract';
import type { Page as BrowserPage } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin } from '../../web/e2e/harness.ts';
import { consoleSuite } from './console-suite.ts';

/*
 * 学员管理 in the operators' console, in desktop Chromium against the real server: the demo
 * 站点管理员 opens it from the menu, finds the first demo learner by phone digits and opens their
 * page (学习情况, 报名记录, 积分明细...); adds 5 points with a reason (the balance follows, the
 * ledger shows it on top), is refused a deduction larger than the balance with the server's
 * words, stops the account with a reason (the learner's device is signed out) and starts it
 * again. A reviewer reads the same lists with phones masked and no action.
 */

const SITE_ADMIN = '13800000011';
const REVIEWER = '13800000013';
const FIRST = '13800000001';
const FIRST_NAME = '王秀兰';

const suite = consoleSuite();
const { signedIn, seriousFindings, menu } = suite;

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

async function call<T>(token: string, pathname: string): Promise<Envelope<T>> {
  const response = await fetch(`${suite.portal.baseUrl}${pathname}`, {
    headers: { authorization: `Bearer ${token}`, 'x-site': 'jingan' },
  });
  return (await response.json()) as Envelope<T>;
}

/** Finds the first demo learner on 学员管理 by the digits of their phone and opens their page. */
async function openFirstLearner(page: BrowserPage, phoneShown: string) {
  await menu(page).getByRole('link', { name: '学员管理' }).click();
  await page.getByRole('heading', { name: '学员管理' }).waitFor();
  await page.locator('.ant-table-row').first().waitFor();
  expect(await seriousFindings(page)).toEqual([]);
  await page.getByLabel('昵称或手机号').fill(FIRST);
  await page.getByLabel('昵称或手机号').press('Enter');
  await page.waitForURL(/[?&]q=13800000001/);
  await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
  const row = page.locator('.ant-table-row').first();
  await row.getByText(phoneShown, { exact: true }).waitFor();
  await row.getByText('正常', { exact: true }).waitFor();
  await row.getByRole('link', { name: FIRST_NAME }).click();
  await page.getByRole('heading', { name: `学员：${FIRST_NAME}` }).waitFor();
  await page.waitForURL(/\/admin\/learners\/detail\?id=\d+/);
}

/** The balance the learner's heading shows. */
const balanceOn = async (page: BrowserPage) =>
  (await page.locator('.ant-descriptions-item', { hasText: '积分余额' }).innerText()).replace(
    /\s+/g,
    '',
  );

describe('学员管理 (learners) in the operators’ console', () => {
  it('finds a learner by phone, adjusts their points, is refused too large a deduction, stops and starts the account', async () => {
    const admin = await signedIn(SITE_ADMIN);
    await openFirstLearner(admin, FIRST);
    const id = Number(new URL(admin.url()).searchParams.get('id'));
    const { token } = await apiLogin(suite.portal.baseUrl, SITE_ADMIN);
    const before = (await call<LearnerDetail>(token, `/api/admin/learners/detail?id=${id}`)).data;
    expect(before.learner.phone).toBe(FIRST);

    // Their page: who they are and the sections of their records.
    await admin.getByRole('heading', { name: '学习情况' }).waitFor();
    await admin.getByText('累计学习').waitFor();
    expect(await balanceOn(admin)).toContain(`${before.learner.points}分`);
    for (const name of ['报名记录', '积分明细', '勋章', '团队', '登录设备']) {
      await admin.getByRole('tab', { name: new RegExp(`^${name}`) }).waitFor();
    }
    if (before.signups.length === 0) await admin.getByText('暂无报名记录').waitFor();
    else await admin.getByRole('tabpanel').locator('.ant-table-row').first().waitFor();
    expect(await seriousFindings(admin)).toEqual([]);

    // +5 with a reason: checked before sending, then the balance and the ledger follow.
    await admin.getByRole('button', { name: '调整积分' }).click();
    const dialog = admin.getByRole('dialog', { name: `调整「${FIRST_NAME}」的积分` });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: '确认调整' }).click();
    await dialog.getByText('请填写调整的积分').waitFor();
    await dialog.getByText('请写明调整的原因（至少 2 个字）').waitFor();
    expect(await seriousFindings(admin)).toEqual([]);
    await dialog.getByLabel('增加积分').fill('5');
    await dialog.getByLabel('调整原因').fill('线下活动签到未同步，补发积分');
    await dialog.getByText(`调整后余额 ${before.learner.points + 5} 分`).waitFor();
    await dialog.getByRole('button', { name: '确认调整' }).click();
    await admin.getByText(`已为「${FIRST_NAME}」增加 5 积分`).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => balanceOn(admin)).toContain(`${before.learner.points + 5}分`);
    await admin.getByRole('tab', { name: '积分明细' }).click();
    await admin.waitForURL(/[?&]tab=ledger/);
    const top = admin.getByRole('tabpanel').locator('.ant-table-row').first();
    await top.getByText('线下活动签到未同步，补发积分').waitFor();
    expect(await top.innerText()).toContain('+5');
    expect(await top.innerText()).toContain(String(before.learner.points + 5));
    expect(await seriousFindings(admin)).toEqual([]);

    // A deduction beyond the balance: the server refuses it, and the dialog says why.
    const balance = before.learner.points + 5;
    await admin.getByRole('button', { name: '调整积分' }).click();
    await dialog.waitFor();
    await dialog.getByText('扣减', { exact: true }).click();
    await dialog.getByLabel('扣减积分').fill(String(balance + 100));
    await dialog.getByLabel('调整原因').fill('核对后扣回多发的积分');
    await dialog.getByRole('button', { name: '确认调整' }).click();
    await dialog.getByText(/积分不足/).waitFor();
    expect(await seriousFindings(admin)).toEqual([]);
    await dialog.getByRole('button', { name: '取消' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await balanceOn(admin)).toContain(`${balance}分`);

    // Stopped with a reason: the learner is signed out, the page says so; then started again.
    const learner = await apiLogin(suite.portal.baseUrl, FIRST);
    expect((await call<PointsSummary>(learner.token, '/api/points/summary')).code).toBe(0);
    await admin.getByRole('button', { name: '停用账号' }).click();
    const stop = admin.getByRole('dialog', { name: `停用「${FIRST_NAME}」的账号` });
    await stop.getByText('所有设备上立即退出登录').waitFor();
    await stop.getByRole('button', { name: '停用', exact: true }).click();
    await stop.getByText('请写明停用的原因（至少 2 个字）').waitFor();
    expect(await seriousFindings(admin)).toEqual([]);
    await stop.getByLabel('停用原因').fill('多次冒用他人身份报名活动');
    await stop.getByRole('button', { name: '停用', exact: true }).click();
    await admin.getByText(`已停用「${FIRST_NAME}」的账号`).waitFor();
    const heading = admin.locator('.ant-card-head').first();
    await heading.getByText('已停用', { exact: true }).waitFor();
    await admin.getByText('停用原因：多次冒用他人身份报名活动').waitFor();
    expect((await call<PointsSummary>(learner.token, '/api/points/summary')).code).toBe(301);
    expect(await seriousFindings(admin)).toEqual([]);

    await admin.getByRole('button', { name: '启用账号' }).click();
    const start = admin.getByRole('dialog', { name: `启用「${FIRST_NAME}」的账号？` });
    await start.getByRole('button', { name: '启用', exact: true }).click();
    await admin.getByText(`已启用「${FIRST_NAME}」的账号`).waitFor();
    await heading.getByText('正常', { exact: true }).waitFor();
    await admin.getByRole('button', { name: '停用账号' }).waitFor();
    const again = await apiLogin(suite.portal.baseUrl, FIRST);
    expect((await call<PointsSummary>(again.token, '/api/points/summary')).code).toBe(0);

    // The list follows: back to it, the learner is 正常 and has the new balance.
    await admin.getByRole('link', { name: '返回学员列表' }).click();
    await admin.getByRole('heading', { name: '学员管理' }).waitFor();
    await admin.getByText('已停用', { exact: true }).click();
    await admin.waitForURL(/[?&]state=disabled/);
    await admin.getByText(`没有昵称或手机号含“${FIRST}”的已停用学员`).waitFor();
    await admin.getByRole('button', { name: '清除筛选' }).click();
    await admin.waitForURL((address) => !address.search.includes('state='));
    expect(await seriousFindings(admin)).toEqual([]);
  });

  it('shows a reviewer masked phones and no action; a learner not on the site is not found', async () => {
    const reviewer = await signedIn(REVIEWER);
    await openFirstLearner(reviewer, '138****0001');
    await reviewer.getByText('（已部分隐藏）').waitFor();
    await reviewer.getByRole('heading', { name: '学习情况' }).waitFor();
    for (const name of ['调整积分', '停用账号', '启用账号']) {
      expect(await reviewer.getByRole('button', { name }).count()).toBe(0);
    }
    await reviewer.getByRole('tab', { name: '积分明细' }).click();
    await reviewer.getByRole('tabpanel').locator('.ant-table').waitFor();
    expect(await seriousFindings(reviewer)).toEqual([]);
    await reviewer.getByRole('link', { name: '返回学员列表' }).click();
    await reviewer.getByText('手机号已部分隐藏').waitFor();

    await reviewer.goto(suite.url('/admin/learners/detail?id=999999'));
    await reviewer.getByText('没有找到这个学员').waitFor();
    expect(await seriousFindings(reviewer)).toEqual([]);
    await reviewer.getByRole('button', { name: '回到学员列表' }).click();
    await reviewer.getByRole('heading', { name: '学员管理' }).waitFor();
  });
});
