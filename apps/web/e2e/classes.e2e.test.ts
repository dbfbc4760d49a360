import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin, phoneSuite, storeLogin } from './harness.ts';

const suite = phoneSuite();
const url = suite.url;
let page: Page;

/** A fresh phone with its first page; page errors fail the test. */
async function openPhone() {
  ({ page } = await suite.open());
  return page;
}

interface ClassRow {
  id: number;
  title: string;
  status: string;
}

/** Classes of the default site in a status, straight from the API. */
async function classesIn(status: string): Promise<ClassRow[]> {
  const answer = await fetch(url(`/api/classes?status=${encodeURIComponent(status)}&size=50`));
  const body = (await answer.json()) as { data: { list: ClassRow[] } };
  return body.data.list;
}

/** A class open for signup that this learner has not signed up for. */
async function firstNotSignedUp(token: string): Promise<ClassRow> {
  for (const klass of await classesIn('报名中')) {
    const answer = await fetch(url(`/api/classes/detail?id=${klass.id}`), {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await answer.json()) as { data: { mySignup: unknown } };
    if (body.data.mySignup === null) return klass;
  }
  throw new Error('the demo content has no open class this learner can sign up for');
}

describe('signing up for a class', () => {
  it('checks the form, signs up, shows it in 我的班级 and cancels it', async () => {
    const login = await apiLogin(suite.portal.baseUrl, '13800000002');
    const open = await firstNotSignedUp(login.token);
    await openPhone();
    await storeLogin(page, suite.portal.baseUrl, login);
    await page.goto(url(`/classDetails?id=${open.id}`));
    await page.getByRole('heading', { level: 1, name: open.title }).waitFor();
    await page.getByRole('link', { name: '立即报名' }).click();
    await page.waitForURL(url(`/classSignup?id=${open.id}`));

    // The same rules as the server, before anything is sent.
    await page.getByLabel(/^姓名/).fill('王秀兰');
    await page.getByLabel(/^手机号/).fill('12345');
    const fields = await page.locator('.signup-field').count();
    await page.getByRole('button', { name: '提交报名' }).click();
    await page.getByText('手机号格式不正确，请填写 11 位手机号').waitFor();
    await page.getByLabel(/^手机号/).fill('13912345678');
    // Fill whatever else this class asks for.
    for (let index = 0; index < fields; index += 1) {
      const field = page.locator('.signup-field').nth(index);
      const input = field.locator('input:not([type=radio])');
      if ((await input.count()) === 1 && (await input.inputValue()) === '') {
        await input.fill(
          (await input.getAttribute('inputmode')) === 'numeric' ? '66' : '静安寺街道',
        );
      }
      const radios = field.locator('input[type=radio]');
      if ((await radios.count()) > 0) await field.locator('label').first().click();
    }
    await page.getByRole('button', { name: '提交报名' }).click();
    await page.getByRole('heading', { name: '报名成功' }).waitFor();

    await page.getByRole('link', { name: '我的班级' }).click();
    await page.waitForURL(url('/myClassroom'));
    const mine = page.locator('.my-class', { hasText: open.title });
    await mine.waitFor();
    await mine.getByRole('button', { name: '取消报名' }).click();
    await mine.getByRole('button', { name: '确认取消报名' }).click();
    await mine.waitFor({ state: 'detached' });
  });

  it('offers the waiting list of a full class and explains why a closed one takes no signup', async () => {
    const [full] = await classesIn('已满');
    const [ended] = await classesIn('已结束');
    await openPhone();
    if (full) {
      await page.goto(url(`/classDetails?id=${full.id}`));
      const bar = page.locator('.class-action', { hasText: '名额已满' });
      await bar.getByRole('link', { name: '加入候补' }).waitFor();
      expect(await page.getByRole('link', { name: '立即报名' }).count()).toBe(0);
    }
    if (ended) {
      await page.goto(url(`/classSignup?id=${ended.id}`));
      await page.getByRole('heading', { name: '该班级已结束，暂不能报名' }).waitFor();
    }
    expect(Boolean(full) && Boolean(ended)).toBe(true);
  });

  it('asks a visitor to log in when they submit', async () => {
    const [open] = await classesIn('报名中');
    if (!open) throw new Error('the demo content has no class open for signup');
    await openPhone();
    await page.goto(url(`/classSignup?id=${open.id}`));
    await page.getByRole('button', { name: '提交报名' }).waitFor();
    for (const input of await page.locator('.signup-field input:not([type=radio])').all()) {
      const mode = await input.getAttribute('inputmode');
      await input.fill(mode === 'tel' ? '13912345678' : mode === 'numeric' ? '66' : '王秀兰');
    }
    for (const field of await page.locator('fieldset.signup-field').all()) {
      await field.locator('label').first().click();
    }
    await page.getByRole('button', { name: '提交报名' }).click();
    await page.getByText('您还未登录或登录已过期，请先登录').waitFor();
  });
});
