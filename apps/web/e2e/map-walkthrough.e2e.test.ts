import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin, phoneSuite, registerInBrowser } from './harness.ts';

// Issue 16's "Done when", as a new learner would do it on a phone with its location on and no
// tile server: the map with the district and its places, schools nearest first, the nearest
// school, a visit booked at an experience base, a walk's first stop checked in when near (and
// refused when far), and a lecturer requested for a community, moving as the staff handle it.
const suite = phoneSuite();
const url = suite.url;

/** Near 芷江西路 in 静安区 (WGS-84), where the learner stands at first. */
const HOME = { latitude: 31.2562, longitude: 121.4602 };
/** About 20 m from the 苏州河 walk's first stop (恒丰路桥), as seeded. */
const NEAR_FIRST_STOP = { latitude: 31.247, longitude: 121.4532 };

const tabBar = (page: Page) => page.getByRole('navigation', { name: '主导航' });

/** 首页 -> 学习地图, as the learner taps it (opening the portal afresh from a page outside the tabs). */
async function openMap(page: Page) {
  await page.goto(url('/index/home'));
  await page
    .getByRole('link', { name: /学习地图/ })
    .first()
    .click();
  await page.waitForURL(url('/index/map'));
}

/** A staff decision on a delivery request, through the API (the staff's own phone is tested apart). */
async function decide(token: string, body: Record<string, unknown>) {
  const answer = await fetch(`${suite.portal.baseUrl}/api/delivery/staff/decide`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const envelope = (await answer.json()) as { code: number; message: string };
  expect(envelope.code, envelope.message).toBe(0);
}

describe('the learning map and resource delivery, as a new learner would use them', () => {
  it('maps, finds the nearest school, books a base, checks in on a walk and requests a lecturer', async () => {
    const { context, page } = await suite.open();
    await context.grantPermissions(['geolocation'], { origin: suite.portal.baseUrl });
    await context.setGeolocation(HOME);
    await registerInBrowser(page, suite.portal.baseUrl, '13912341601');

    // The map, offline: the district's outline and the places on it.
    await openMap(page);
    const map = page.getByRole('region', { name: /学习地图/ });
    await map.locator('path.map-district.home').waitFor();
    await map.locator('.place-marker, .place-cluster').first().waitFor();

    // Schools only, nearest first; open the nearest.
    await page.getByRole('button', { name: '学校', exact: true }).click();
    const schools = page.locator('.place-list a.place-card');
    await expect
      .poll(async () =>
        (
          await schools.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))
        ).every((href) => href.startsWith('/mapDetailsSchool?')),
      )
      .toBe(true);
    const nearest = schools.first();
    const school = (await nearest.locator('.content-card-title').textContent())?.trim() ?? '';
    await nearest.click();
    await page.getByRole('heading', { level: 1, name: school }).waitFor();
    await page.getByRole('region', { name: /开设班级/ }).waitFor();

    // 体验基地 from the map: book one place on the first open slot.
    await page.goBack();
    await page.waitForURL(url('/index/map'));
    await page.locator('a.map-entry', { hasText: '体验基地' }).click();
    await page.waitForURL(url('/Tiyan'));
    const base = page.locator('.base-card').first();
    await expect.poll(() => base.textContent()).toContain('最近可约');
    const baseName = (await base.locator('.content-card-title').textContent())?.trim() ?? '';
    await base.click();
    const picker = page.locator('.slot-picker').first();
    const time = picker
      .locator('fieldset', { hasText: '2. 选择时间' })
      .locator('button:enabled')
      .first();
    await time.click();
    await picker.getByLabel('联系人').fill('新学员');
    await picker.getByRole('button', { name: '预约参观' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确认预约' }).click();
    await picker.getByRole('status').getByText('预约成功').waitFor();
    await picker.getByRole('link', { name: '查看我的预约' }).click();
    await page
      .locator('section', { hasText: '即将参观' })
      .locator('.booking-card', { hasText: baseName })
      .waitFor();

    // 人文行走 from the map: the 苏州河 walk's first stop, refused from afar, then checked in.
    await openMap(page);
    await page.locator('a.map-entry', { hasText: '人文行走' }).click();
    await page.waitForURL(url('/Rwxz'));
    await page.locator('.walk-card', { hasText: '苏州河' }).click();
    const first = page.locator('.walk-stop').first();
    await first.getByRole('button', { name: /打卡$/ }).click();
    await expect.poll(() => first.getByRole('alert').textContent()).toMatch(/^距离「.+」还有约/);
    await context.setGeolocation(NEAR_FIRST_STOP);
    await first.getByRole('button', { name: /打卡$/ }).click();
    await first.getByText('已打卡', { exact: true }).waitFor();
    await expect
      .poll(() => page.getByRole('progressbar').getAttribute('aria-valuetext'))
      .toMatch(/^已打卡 1\/\d+ 站/);

    // 资源配送 from home: a lecturer for a community.
    await page.goto(url('/index/home'));
    await tabBar(page).getByRole('link', { name: '首页' }).waitFor();
    await page.getByRole('link', { name: '资源配送', exact: true }).first().click();
    await page.waitForURL(url('/index/zyps'));
    await page.getByRole('button', { name: '讲师', exact: true }).click();
    const lecturer = page.locator('.delivery-list li').first();
    await expect.poll(() => lecturer.locator('.delivery-kind').textContent()).toBe('讲师');
    await lecturer.click();
    await page.getByText('场地要求', { exact: true }).waitFor();
    const organisation = `芷江西路街道居委会${Date.now() % 100_000}`;
    await page.getByPlaceholder('例如：共和新路街道社区活动中心三楼').fill('芷江西路 288 号活动室');
    await page.getByPlaceholder('预计参加人数').fill('40');
    await page.getByPlaceholder('社区、学校或单位的名称').fill(organisation);
    await page.getByPlaceholder('联系人姓名').fill('新学员');
    await page.getByPlaceholder('11 位手机号').fill('13912341601');
    await page.getByRole('button', { name: '提交申请' }).click();
    await page.waitForURL(/\/zypsRequest\?id=\d+/);
    const requestId = Number(new URL(page.url()).searchParams.get('id'));
    const status = page.locator('.delivery-request-head .delivery-status');
    await expect.poll(() => status.textContent()).toBe('已提交');

    // The staff accept and schedule it; the learner sees it move, step by step.
    const staff = await apiLogin(suite.portal.baseUrl, '13800000008');
    await decide(staff.token, { requestId, action: 'accept' });
    await page.reload();
    await expect.poll(() => status.textContent()).toBe('已受理');
    const detail = await fetch(
      `${suite.portal.baseUrl}/api/delivery/requests/detail?id=${requestId}`,
      { headers: { authorization: `Bearer ${staff.token}` } },
    );
    const { data } = (await detail.json()) as { data: { date: string } };
    await decide(staff.token, {
      requestId,
      action: 'schedule',
      scheduledAt: `${data.date} 09:30`,
      place: '芷江西路 288 号二楼活动室',
    });
    await page.reload();
    await expect.poll(() => status.textContent()).toBe('已排期');
    await expect
      .poll(() => page.locator('.adm-step-title').allTextContents())
      .toEqual(['已提交', '已受理', '已排期']);
    await page.getByText('芷江西路 288 号二楼活动室').first().waitFor();
  });
});
