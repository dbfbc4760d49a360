import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin, type Login, phoneSuite, storeLogin, tabLink } from './harness.ts';

const suite = phoneSuite();
const url = suite.url;

/** Switches the phone to `login` and opens `pathname` (a full load, as after a login). */
async function as(page: Page, login: Login, pathname: string) {
  await storeLogin(page, suite.portal.baseUrl, login);
  await page.goto(url(pathname));
}

/** The team page's heading, once shown. */
const teamHeading = (page: Page, name: string) =>
  page.getByRole('main').getByRole('heading', { name, exact: true }).waitFor();

describe('learning teams', () => {
  it('is created from 我的, joined by code, managed, handed over and dissolved', async () => {
    const { page } = await suite.open();
    const leader = await apiLogin(suite.portal.baseUrl, '13800000001');
    const second = await apiLogin(suite.portal.baseUrl, '13800000002');
    // A generated demo learner (same password) asks to join.
    const third = await apiLogin(suite.portal.baseUrl, '13900000150');
    const name = `e2e团队${Date.now() % 100000}`;

    // 我的 -> 我的团队 -> 创建团队.
    await as(page, leader, '/index/home');
    await tabLink(page, '我的').click();
    // 我的's row, not home's entry of the same name (kept alive, hidden, in the page).
    await page.waitForURL(url('/index/userInfo'));
    await page.locator('.mine-link', { hasText: '学习团队' }).click();
    await page.getByRole('heading', { name: /我负责的团队/ }).waitFor();
    await page.getByRole('link', { name: '创建团队', exact: true }).click();
    await page.getByRole('heading', { name: '创建学习团队' }).waitFor();
    // Checked before anything is sent.
    await page.getByRole('button', { name: '创建团队', exact: true }).click();
    await page.getByText('团队名称至少 2 个字').waitFor();
    await page.getByLabel('团队名称', { exact: true }).fill(name);
    await page.getByLabel('团队简介').fill('端到端测试的学习团队');
    await page.getByLabel('凭邀请码加入').check();
    await page.getByLabel('成员上限（人）').fill('10');
    await page.getByRole('button', { name: '创建团队', exact: true }).click();
    await teamHeading(page, name);
    const code = (await page.locator('.team-code strong').textContent())?.trim() ?? '';
    expect(code).toMatch(/^[A-Z0-9]{8}$/);

    // The second learner: 首页 -> 学习团队 -> 邀请码加入, with a wrong code first.
    await as(page, second, '/index/home');
    await page.getByRole('link', { name: '学习团队', exact: true }).first().click();
    await page.getByRole('link', { name: '邀请码加入', exact: true }).click();
    await page.getByLabel('邀请码', { exact: true }).fill('WRONG999');
    await page.getByRole('button', { name: '凭邀请码加入', exact: true }).click();
    await page.getByText('邀请码不正确，请核对后再试').waitFor();
    await page.getByLabel('邀请码', { exact: true }).fill(code.toLowerCase());
    await page.getByRole('button', { name: '凭邀请码加入', exact: true }).click();
    await teamHeading(page, name);
    await page.getByText('您是团队成员').waitFor();
    const teamId = Number(new URL(page.url()).searchParams.get('id'));

    // A member is not the leader: 团队设置 says so.
    await page.goto(url(`/setTeam?id=${teamId}`));
    await page.getByRole('heading', { name: '只有团队负责人可以管理团队' }).waitFor();

    // The leader switches to approval in 团队设置.
    await as(page, leader, `/teamDetails?id=${teamId}`);
    await teamHeading(page, name);
    await page.getByRole('link', { name: '团队设置', exact: true }).click();
    await page.getByRole('heading', { name: '团队资料' }).waitFor();
    await expect.poll(() => page.getByLabel('团队名称', { exact: true }).inputValue()).toBe(name);
    await page.getByLabel('需负责人审核').check();
    await page.getByRole('button', { name: '保存设置', exact: true }).click();
    await page.getByText('设置已保存').waitFor();

    // The third learner asks to join from the team page.
    await as(page, third, `/teamDetails?id=${teamId}`);
    await teamHeading(page, name);
    await page.getByRole('link', { name: '申请加入', exact: true }).click();
    await page.getByLabel('给负责人的留言（选填）').fill('我也想一起学');
    await page.getByRole('button', { name: '发送申请', exact: true }).click();
    await page.getByText('申请已提交，负责人审核后会通过消息通知您。').waitFor();

    // The leader approves, removes the second learner and hands over to the third.
    await as(page, leader, `/teamDetails?id=${teamId}`);
    await page.getByRole('link', { name: /成员管理/ }).click();
    const requests = page.getByRole('region', { name: '入队申请' });
    await requests.getByText('留言：我也想一起学').waitFor();
    await requests.getByRole('button', { name: '通过', exact: true }).click();
    await requests.getByText('暂时没有待审核的申请。').waitFor();
    const members = page.getByRole('region', { name: '团队成员' });
    await members.getByText(third.userInfo.nickname).waitFor();
    const secondRow = members.locator('.team-row', { hasText: second.userInfo.nickname });
    await secondRow.getByRole('button', { name: '移除', exact: true }).click();
    await secondRow.getByRole('button', { name: /^确认移除/ }).click();
    await secondRow.waitFor({ state: 'detached' });
    const thirdRow = members.locator('.team-row', { hasText: third.userInfo.nickname });
    await thirdRow.getByRole('button', { name: '设为负责人', exact: true }).click();
    await thirdRow.getByRole('button', { name: /^确认移交/ }).click();
    await teamHeading(page, name);
    await page.getByText('您是团队成员').waitFor();

    // The new leader dissolves it, typing the name; it is gone from the list.
    await as(page, third, '/myTeam');
    await page
      .getByRole('region', { name: '我负责的团队' })
      .getByRole('link', { name: new RegExp(name) })
      .click();
    await page.getByRole('link', { name: '团队设置', exact: true }).click();
    await page.getByLabel('输入团队名称确认').fill(name);
    await page.getByRole('button', { name: '解散团队', exact: true }).click();
    await page.waitForURL(url('/myTeam'));
    await page.getByRole('heading', { name: /我负责的团队/ }).waitFor();
    await expect.poll(() => page.getByRole('link', { name: new RegExp(name) }).count()).toBe(0);
  });

  it('lets a visitor browse teams and asks them to log in on 加入团队', async () => {
    const { page } = await suite.open();
    await page.goto(url('/index/home'));
    await page.getByRole('link', { name: '学习团队', exact: true }).first().click();
    await page.waitForURL(url('/addGroupList'));
    await page.getByLabel('搜索团队名称').fill('智能手机');
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    await page.getByRole('link', { name: /智能手机学习小组/ }).click();
    await teamHeading(page, '智能手机学习小组');
    await page.getByRole('region', { name: '团队成员' }).waitFor();
    await page.getByRole('button', { name: '加入团队', exact: true }).click();
    await page.getByText('您还未登录或登录已过期，请先登录').waitFor();
  });
});
