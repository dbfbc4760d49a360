import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin, type Login, phoneSuite, storeLogin } from './harness.ts';

/*
 * Review of applicants (待审核) and waiting lists (候补) as a learner meets them on a phone: a full
 * class or activity offers 加入候补 and tells the place in line, a reviewed class says so before
 * the signup and answers 待审核, and 我的班级 / 我的活动 show where each sign-up stands.
 */

const suite = phoneSuite();
const url = suite.url;
let page: Page;

interface Field {
  key: string;
  label: string;
  kind: 'text' | 'phone' | 'number' | 'choice' | 'multi';
  required: boolean;
  options?: string[];
}

interface Item {
  id: number;
  title: string;
  kind?: string;
  status: string;
  formFields: Field[];
  reviewSignups: boolean;
  waitingCount: number;
  mySignup?: { status: string } | null;
  myApplication?: { status: string } | null;
}

/** An API call of the running portal, as the learner when a token is given. */
async function api<T>(pathname: string, token: string): Promise<T> {
  const answer = await fetch(url(`/api${pathname}`), {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await answer.json()) as { code: number; data: T; message: string };
  if (body.code !== 0) throw new Error(`${pathname}: ${body.code} ${body.message}`);
  return body.data;
}

/**
 * The first class or activity in `status` (straight from the API) that the learner never signed
 * up for and `wanted` likes, with its detail.
 */
async function first(
  area: 'classes' | 'activities',
  status: string,
  token: string,
  wanted: (item: Item) => boolean,
): Promise<Item> {
  const search = new URLSearchParams({ status, size: '50' });
  const { list } = await api<{ list: { id: number }[] }>(`/${area}?${search}`, token);
  for (const row of list) {
    const item = await api<Item>(`/${area}/detail?id=${row.id}`, token);
    const mine = item.mySignup ?? item.myApplication ?? null;
    if (mine === null && wanted(item)) return item;
  }
  throw new Error(`the demo content has no ${status} item of ${area} for this test`);
}

async function openPhone(login: Login) {
  ({ page } = await suite.open());
  await storeLogin(page, suite.portal.baseUrl, login);
}

/** Fills every field the form asks for, as a learner would. */
async function fillForm(fields: readonly Field[]) {
  for (const field of fields) {
    const label = new RegExp(`^${field.label}`);
    if (field.kind === 'choice' || field.kind === 'multi') {
      const group = page.locator('fieldset.signup-field', {
        has: page.locator('legend', { hasText: label }),
      });
      await group.locator('label').first().click();
      continue;
    }
    const value =
      field.kind === 'phone' ? '13912345678' : field.kind === 'number' ? '66' : '王秀兰';
    await page.getByLabel(label).fill(value);
  }
}

describe('the waiting list and review of a class', () => {
  it('joins the waiting list of a full class, signs up for a reviewed one, sees both in 我的班级', async () => {
    const login = await apiLogin(suite.portal.baseUrl, '13800000002');
    const full = await first('classes', '已满', login.token, (item) => item.waitingCount > 0);
    const reviewed = await first('classes', '报名中', login.token, (item) => item.reviewSignups);
    const place = full.waitingCount + 1;
    await openPhone(login);

    // A full class: how many wait, and 加入候补 through the same form.
    await page.goto(url(`/classDetails?id=${full.id}`));
    const bar = page.locator('.class-action');
    await bar.getByText(`名额已满，已有 ${full.waitingCount} 人候补`).waitFor();
    await bar.getByRole('link', { name: '加入候补' }).click();
    await page.waitForURL(url(`/classSignup?id=${full.id}`));
    await fillForm(full.formFields);
    await page.getByRole('button', { name: '加入候补' }).click();
    await page.getByRole('heading', { name: `已加入候补，您是第 ${place} 位` }).waitFor();

    // Back on the class: my place in line, and the way off the list.
    await page.goto(url(`/classDetails?id=${full.id}`));
    await bar.getByText(`候补第 ${place} 位`).waitFor();
    await bar.getByRole('button', { name: /^取消候补/ }).waitFor();
    expect(await bar.getByRole('link', { name: '加入候补' }).count()).toBe(0);

    // A reviewed class says so before the signup, and the signup waits for the reviewer.
    await page.goto(url(`/classDetails?id=${reviewed.id}`));
    await bar.getByText('报名需审核，审核通过后报名成功').waitFor();
    await bar.getByRole('link', { name: '立即报名' }).click();
    await page.waitForURL(url(`/classSignup?id=${reviewed.id}`));
    await fillForm(reviewed.formFields);
    await page.getByRole('button', { name: '提交报名' }).click();
    await page.getByRole('heading', { name: '报名已提交，等待审核' }).waitFor();

    // 我的班级: each where it stands.
    await page.getByRole('link', { name: '我的班级' }).click();
    await page.waitForURL(url('/myClassroom'));
    const inLine = page.locator('.my-class', { hasText: full.title });
    await inLine.getByText(`候补第 ${place} 位`).waitFor();
    const inReview = page.locator('.my-class', { hasText: reviewed.title });
    await inReview.getByText('待审核', { exact: true }).waitFor();
    await inReview.getByText('报名已提交，等待工作人员审核，名额已为您保留').waitFor();

    // Leaving the waiting list asks first, then the class leaves the list.
    await inLine.getByRole('button', { name: /^取消候补/ }).click();
    await inLine.getByRole('button', { name: /^确认取消候补/ }).click();
    await inLine.waitFor({ state: 'detached' });
    await inReview.waitFor();
  });
});

describe('the waiting list of an activity', () => {
  it('joins the waiting list of a full activity and finds it in 我的活动 under 候补中', async () => {
    const login = await apiLogin(suite.portal.baseUrl, '13800000001');
    const full = await first(
      'activities',
      '已满',
      login.token,
      (item) => item.waitingCount > 0 && item.kind !== '特色活动',
    );
    const place = full.waitingCount + 1;
    await openPhone(login);

    await page.goto(url(`/activityDetails?id=${full.id}`));
    await page.getByRole('heading', { level: 1, name: full.title }).waitFor();
    await page.getByText(`名额已满，已有 ${full.waitingCount} 人候补`).waitFor();
    await page.getByRole('link', { name: '加入候补' }).click();
    await page.waitForURL(url(`/activityApply?id=${full.id}`));
    await fillForm(full.formFields);
    await page.getByRole('button', { name: '加入候补' }).click();
    await page.getByRole('heading', { name: `已加入候补，您是第 ${place} 位` }).waitFor();

    await page.getByRole('link', { name: '我的活动' }).click();
    await page.waitForURL(url('/myActive'));
    await page.getByRole('tab', { name: '候补中' }).click();
    await page.waitForURL((address) => address.searchParams.get('state') === '候补中');
    const item = page.locator('.my-activity', { hasText: full.title });
    await item.getByText(`候补第 ${place} 位`).waitFor();
    // No check-in code while in line: why, instead.
    await item.getByText('有名额空出时按候补顺序为您递补，届时会发消息通知您').waitFor();
    expect(await item.getByRole('button', { name: /签到码/ }).count()).toBe(0);
    await item.getByRole('button', { name: /^取消候补/ }).waitFor();
  });
});
