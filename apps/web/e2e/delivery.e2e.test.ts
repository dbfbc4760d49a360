import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin, phoneContext, phoneSuite, storeLogin, tabLink } from './harness.ts';

const suite = phoneSuite();
const url = suite.url;

/** The request page's status badge, once it reads `label`. */
const statusIs = (page: Page, label: string) =>
  page.locator('.delivery-request-head .delivery-status', { hasText: label }).waitFor();

describe('resource delivery', () => {
  it('is requested by a learner from home, then accepted and scheduled by the staff, the learner seeing it move', async () => {
    const { page } = await suite.open();
    const learner = await apiLogin(suite.portal.baseUrl, '13800000001');
    const organisation = `临汾路街道居委会${Date.now() % 100000}`;

    // 首页 -> 资源配送 -> 讲师 -> the first lecturer.
    await storeLogin(page, suite.portal.baseUrl, learner);
    await page.goto(url('/index/home'));
    await page.getByRole('link', { name: '资源配送', exact: true }).first().click();
    await page.waitForURL(url('/index/zyps'));
    await page.getByRole('button', { name: '讲师', exact: true }).click();
    const first = page.locator('.delivery-list li').first();
    await expect.poll(() => first.locator('.delivery-kind').textContent()).toBe('讲师');
    const title = (await first.locator('.content-card-title').textContent()) ?? '';
    await first.click();
    await page.getByRole('heading', { name: title }).waitFor();
    await page.getByText('场地要求', { exact: true }).waitFor();

    // Checked before anything is sent: the required fields and the audience range.
    await page.getByRole('button', { name: '提交申请' }).click();
    await page.getByText('请填写单位名称').waitFor();
    await page.getByText('请填写联系电话').waitFor();
    await page
      .getByPlaceholder('例如：共和新路街道社区活动中心三楼')
      .fill('临汾路 375 弄社区活动室');
    await page.getByPlaceholder('预计参加人数').fill('3');
    await page.getByPlaceholder('社区、学校或单位的名称').fill(organisation);
    await page.getByPlaceholder('联系人姓名').fill('陈老师');
    await page.getByPlaceholder('11 位手机号').fill('1391234');
    await page.getByRole('button', { name: '提交申请' }).click();
    await page.getByText(/人数须在 \d+ 到 \d+ 人之间/).waitFor();
    await page.getByText('请填写 11 位手机号').waitFor();
    await page.getByPlaceholder('预计参加人数').fill('40');
    await page.getByPlaceholder('11 位手机号').fill('13912345678');
    await page.getByPlaceholder('想讲的内容、场地情况等（选填）').fill('希望讲讲高血压饮食');
    await page.getByRole('button', { name: '提交申请' }).click();

    // The request's page: 已提交, with its history.
    await page.waitForURL(/\/zypsRequest\?id=\d+/);
    await statusIs(page, '已提交');
    const requestUrl = page.url();
    await page.getByText(organisation).first().waitFor();
    const steps = page.locator('.adm-step-title');
    await expect.poll(() => steps.allTextContents()).toEqual(['已提交']);

    // Back in 资源配送 (kept alive): still filtered to 讲师; 我的申请 lists it first, 已提交.
    await page.getByRole('button', { name: '返回' }).click();
    await page.waitForURL(url('/index/zyps'));
    expect(
      await page.getByRole('button', { name: '讲师', exact: true }).getAttribute('aria-pressed'),
    ).toBe('true');
    await page.getByRole('tab', { name: '我的申请' }).click();
    const mine = page.locator('.delivery-list li').first();
    await expect.poll(() => mine.textContent()).toContain(organisation);
    expect(await mine.locator('.delivery-status').textContent()).toBe('已提交');
    // A learner has no 待处理 tab.
    expect(await page.getByRole('tab', { name: '待处理' }).count()).toBe(0);

    // The staff, on a second phone: 待处理 -> the request -> 受理 -> 排期.
    const staffContext = await phoneContext(suite.browser);
    try {
      const staffPage = await staffContext.newPage();
      const staff = await apiLogin(suite.portal.baseUrl, '13800000008');
      await storeLogin(staffPage, suite.portal.baseUrl, staff);
      await staffPage.goto(url('/index/home'));
      await staffPage.getByRole('link', { name: '资源配送', exact: true }).first().click();
      await staffPage.getByRole('tab', { name: '待处理' }).click();
      await staffPage.getByRole('button', { name: '待受理' }).waitFor();
      const row = staffPage.locator('.delivery-list li', { hasText: organisation });
      // Oldest first: the new request is at the end of the queue.
      for (let i = 0; i < 10 && (await row.count()) === 0; i += 1) {
        await staffPage.mouse.wheel(0, 4000);
        await staffPage.waitForTimeout(300);
      }
      await row.click();
      await staffPage.getByRole('heading', { name: '配送处理' }).waitFor();
      await staffPage.getByRole('button', { name: '受理申请' }).click();
      await statusIs(staffPage, '已受理');
      await staffPage.getByLabel('排期地点').fill('临汾路 375 弄社区活动室二楼');
      await staffPage.getByRole('button', { name: '确认排期' }).click();
      await statusIs(staffPage, '已排期');
      await staffPage.getByText('临汾路 375 弄社区活动室二楼').first().waitFor();
    } finally {
      await staffContext.close();
    }

    // The learner sees it move: the history, and the messages that open the request.
    await page.goto(requestUrl);
    await statusIs(page, '已排期');
    await expect.poll(() => steps.allTextContents()).toEqual(['已提交', '已受理', '已排期']);
    await page.getByText('临汾路 375 弄社区活动室二楼').first().waitFor();
    // Scheduled: it can no longer be withdrawn.
    expect(await page.getByRole('button', { name: '撤回申请' }).count()).toBe(0);

    await page.goto(url('/index/home'));
    await tabLink(page, '我的').click();
    await page.waitForURL(url('/index/userInfo'));
    await page.locator('.mine-link', { hasText: '我的消息' }).click();
    await page.getByRole('heading', { name: '我的消息' }).waitFor();
    const messages = page.locator('.message-link');
    await page
      .locator('.message-link', { hasText: `配送申请已受理：「${title}」` })
      .first()
      .waitFor();
    await messages
      .filter({ hasText: `配送已排期：「${title}」` })
      .first()
      .click();
    await page.getByRole('heading', { name: '消息详情' }).waitFor();
    await page.getByRole('link', { name: '查看申请' }).click();
    await page.waitForURL(requestUrl);
    await statusIs(page, '已排期');
  });

  it('keeps the catalogue, its loaded items and its scroll when a resource is opened and left', async () => {
    const { page } = await suite.open();
    await storeLogin(page, suite.portal.baseUrl, await apiLogin(suite.portal.baseUrl));
    await page.goto(url('/index/zyps'));
    const items = page.locator('.delivery-list li');
    const item = items.nth(12);
    await item.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(500);
    const title = (await item.locator('.content-card-title').textContent()) ?? '';
    await item.click();
    await page.getByRole('heading', { name: title }).waitFor();
    await page.getByRole('button', { name: '返回' }).click();
    await page.waitForURL(url('/index/zyps'));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
    expect(await items.nth(12).locator('.content-card-title').textContent()).toBe(title);
  });

  it('lets the learner rate a completed request once, and asks for the stars first', async () => {
    const { page } = await suite.open();
    await storeLogin(page, suite.portal.baseUrl, await apiLogin(suite.portal.baseUrl));
    await page.goto(url('/index/zyps'));
    await page.getByRole('tab', { name: '我的申请' }).click();
    await page.locator('.delivery-list li', { hasText: '已完成' }).first().click();
    await statusIs(page, '已完成');
    await page.getByRole('button', { name: '提交评价' }).click();
    await page.getByText('请选择 1 到 5 星').waitFor();
    await page.getByRole('button', { name: '4 星' }).click();
    await page.getByPlaceholder('说说这次配送的感受（选填）').fill('老师很耐心，居民都听懂了');
    await page.getByRole('button', { name: '提交评价' }).click();
    const rated = page.getByRole('region', { name: '我的评价' });
    await rated.getByText('老师很耐心，居民都听懂了').waitFor();
    await rated.getByRole('img', { name: '4 星（满分 5 星）' }).waitFor();
    expect(await page.getByRole('button', { name: '提交评价' }).count()).toBe(0);
  });

  it('lets the learner withdraw a request before it is scheduled, after a confirmation', async () => {
    const { page } = await suite.open();
    const learner = await apiLogin(suite.portal.baseUrl, '13800000002');
    await storeLogin(page, suite.portal.baseUrl, learner);
    await page.goto(url('/index/zyps'));
    await page.getByRole('button', { name: '活动套件', exact: true }).click();
    const first = page.locator('.delivery-list li').first();
    await expect.poll(() => first.locator('.delivery-kind').textContent()).toBe('活动套件');
    await first.click();
    await page.getByPlaceholder('例如：共和新路街道社区活动中心三楼').fill('大宁路街道社区学校');
    const range = (await page.getByText(/^人数（/).textContent()) ?? '';
    const least = /（(\d+)–/.exec(range)?.[1] ?? '10';
    await page.getByPlaceholder('预计参加人数').fill(least);
    await page.getByPlaceholder('社区、学校或单位的名称').fill('大宁路街道社区学校');
    await page.getByPlaceholder('联系人姓名').fill('李老师');
    await page.getByPlaceholder('11 位手机号').fill('13912345679');
    await page.getByRole('button', { name: '提交申请' }).click();
    await statusIs(page, '已提交');

    await page.getByRole('button', { name: '撤回申请' }).click();
    await page.getByRole('button', { name: '再想想' }).click();
    await statusIs(page, '已提交');
    await page.getByRole('button', { name: '撤回申请' }).click();
    await page.getByRole('button', { name: '确定撤回' }).click();
    await statusIs(page, '已撤回');
    await expect
      .poll(() => page.locator('.adm-step-title').allTextContents())
      .toEqual(['已提交', '已撤回']);
    expect(await page.getByRole('button', { name: '撤回申请' }).count()).toBe(0);
  });
});
