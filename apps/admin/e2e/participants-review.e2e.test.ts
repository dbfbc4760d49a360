import type {
  AdminClass,
  MessageDetail,
  MessageSummary,
  Page,
  Participant,
  ParticipantItemRow,
  ParticipantPage,
} from '@portal/contract';
import type { Page as BrowserPage } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin } from '../../web/e2e/harness.ts';
import { consoleSuite } from './console-suite.ts';

/*
 * Review of applicants and waiting lists in 报名名单, in desktop Chromium against the real server
 * (the demo: on jingan one open class asks for review, with applicants waiting for it; one full
 * class has a waiting list). The reviewer accepts applicants by a row's button and in bulk and
 * refuses one with a reason, which reaches the learner; takes the first in line off a waiting
 * list, is told when another operator decided first, and sees a cancelled seat go to the next in
 * line. An editor turns 报名需审核 on in a class's form, which the reviewer publishes.
 */

const REVIEWER = '13800000013';
const EDITOR = '13800000012';
/** Sees phones in full: the learners' accounts (generated learners sign in with their phone). */
const SITE_ADMIN = '13800000011';

const suite = consoleSuite();
const { signedIn, seriousFindings, menu, choose } = suite;

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

async function call<T>(token: string, path: string, json?: unknown): Promise<Envelope<T>> {
  const response = await fetch(suite.url(path), {
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

let siteAdmin: Promise<string> | undefined;

/** The site admin's answer to a console call (a refusal fails the test). */
async function asSiteAdmin<T>(path: string, json?: unknown): Promise<T> {
  siteAdmin ??= apiLogin(suite.portal.baseUrl, SITE_ADMIN).then((login) => login.token);
  const answer = await call<T>(await siteAdmin, path, json);
  if (answer.code !== 0) throw new Error(`${path}: ${answer.code} ${answer.message}`);
  return answer.data;
}

const participants = (id: number, status?: string) =>
  asSiteAdmin<ParticipantPage>(
    `/api/admin/participants?kind=class&id=${id}&size=50${status ? `&status=${status}` : ''}`,
  );

/** The first of the site's upcoming classes whose list (of `status`) passes `test`. */
async function findClass(
  status: string,
  test: (page: ParticipantPage) => boolean,
): Promise<ParticipantPage> {
  const items = await asSiteAdmin<Page<ParticipantItemRow>>(
    '/api/admin/participants/items?kind=class&size=50',
  );
  for (const item of items.list) {
    const page = await participants(item.id, status);
    if (test(page)) return page;
  }
  throw new Error(`no class with a ${status} list as wanted`);
}

/** The learner's newest message with its body, once one titled `title` arrived. */
async function messageOf(phone: string, title: string): Promise<MessageDetail> {
  const { token } = await apiLogin(suite.portal.baseUrl, phone);
  let found: MessageSummary | undefined;
  await expect
    .poll(
      async () => {
        const list = await call<Page<MessageSummary>>(token, '/api/messages?page=1&size=10');
        found = list.data.list.find((message) => message.title === title);
        return found?.title;
      },
      { timeout: 10_000 },
    )
    .toBe(title);
  return (await call<MessageDetail>(token, `/api/messages/detail?id=${found?.id}`)).data;
}

const statusOf = (page: ParticipantPage, learner: Participant) =>
  page.list.find((row) => row.userId === learner.userId);

/** The rows the list shows. */
const rows = (page: BrowserPage) => page.locator('.ant-table-row');

describe('review of applicants and waiting lists in 报名名单', () => {
  it('lets a reviewer accept applicants one by one and in bulk and refuse one with a reason the learner is told', async () => {
    const pending = await findClass(
      'pending',
      (page) => page.reviewSignups && page.canReview && page.total >= 3,
    );
    const { item } = pending;
    const [first, second, third] = pending.list;
    if (!first || !second || !third) throw new Error('fewer than 3 applicants');
    const reason = '本班仅面向本街道居民（后台审核）';

    const reviewer = await signedIn(REVIEWER);
    await menu(reviewer).getByRole('link', { name: '报名名单' }).click();
    await reviewer.getByRole('heading', { name: '报名名单' }).waitFor();
    await reviewer.getByLabel('名称关键词').fill(item.title);
    await reviewer.getByLabel('名称关键词').press('Enter');
    await reviewer.getByRole('link', { name: `${item.title}的报名名单` }).click();
    await reviewer.getByRole('heading', { name: `报名名单：${item.title}` }).waitFor();
    const heading = reviewer.locator('.ant-card-head');
    await heading.getByText('报名需审核', { exact: true }).waitFor();
    await reviewer.getByText(`${item.seatsTaken} / ${item.capacity}`).waitFor();
    expect(await seriousFindings(reviewer)).toEqual([]);

    // Those waiting for review: each with its buttons.
    await choose(reviewer, '报名状态', '待审核');
    await reviewer.waitForURL(/status=pending/);
    await expect.poll(() => rows(reviewer).count()).toBe(pending.total);
    expect(await rows(reviewer).first().innerText()).toContain('待审核');

    // One by its row's button.
    await reviewer.getByRole('button', { name: `通过：${first.nickname}`, exact: true }).click();
    await reviewer.getByText('已通过 1 人').waitFor();
    await expect.poll(() => rows(reviewer).count()).toBe(pending.total - 1);

    // One chosen, in bulk, confirmed.
    await reviewer.getByRole('checkbox', { name: `选择${second.nickname}` }).check();
    await reviewer.getByText('已选 1 人').waitFor();
    await reviewer.getByRole('button', { name: '批量通过 1 人' }).click();
    const confirm = reviewer.getByRole('dialog', { name: '通过所选的 1 位学员的报名？' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: '通过', exact: true }).click();
    await reviewer.getByText('已通过 1 人').last().waitFor();
    await expect.poll(() => rows(reviewer).count()).toBe(pending.total - 2);

    // One refused: the reason is asked for (from the keyboard), then sent.
    await reviewer.getByRole('button', { name: `不通过：${third.nickname}` }).click();
    const dialog = reviewer.getByRole('dialog', { name: `不通过「${third.nickname}」的报名` });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: '不通过', exact: true }).click();
    await dialog.getByText('请写明不通过的原因').waitFor();
    expect(await seriousFindings(reviewer)).toEqual([]);
    await dialog.getByLabel('不通过原因').fill(reason);
    await dialog.getByRole('button', { name: '不通过', exact: true }).focus();
    await reviewer.keyboard.press('Enter');
    await reviewer.getByText('已不通过 1 人').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // Its seat freed (the heading's seats read again); the refusal shows with its reason.
    await reviewer.getByText(`${item.seatsTaken - 1} / ${item.capacity}`).waitFor();
    await choose(reviewer, '报名状态', '未通过');
    await reviewer.waitForURL(/status=rejected/);
    await rows(reviewer).filter({ hasText: third.nickname }).getByText(`原因：${reason}`).waitFor();
    expect(await seriousFindings(reviewer)).toEqual([]);

    // On the server: two accepted, one refused with the reason, its seat freed.
    const after = await participants(item.id);
    expect(statusOf(after, first)?.status).toBe('active');
    expect(statusOf(after, second)?.status).toBe('active');
    expect(statusOf(after, third)).toMatchObject({ status: 'rejected', reviewNote: reason });
    expect(after.item.seatsTaken).toBe(item.seatsTaken - 1);
    // Each learner told.
    const refusal = await messageOf(third.phone, `报名未通过：「${item.title}」`);
    expect(refusal.body).toContain(reason);
    await messageOf(first.phone, `报名审核通过：「${item.title}」`);

    // The class's form says it asks for review (from the list's link to it).
    await reviewer.getByRole('link', { name: item.title, exact: true }).click();
    await reviewer.getByRole('heading', { name: '编辑班级' }).waitFor();
    await expect
      .poll(() => reviewer.getByRole('switch', { name: '报名需审核' }).getAttribute('aria-checked'))
      .toBe('true');
  });

  it('keeps a full class’s waiting list in line: taken off it, told of another’s decision, promoted on a cancel', async () => {
    const waiting = await findClass(
      'waiting',
      (page) => !page.reviewSignups && page.waitingCount >= 4 && page.canCancel,
    );
    const { item } = waiting;
    const line = waiting.list;
    const [head, next, third] = line;
    if (!head || !next || !third) throw new Error('fewer than 3 in line');

    const reviewer = await signedIn(REVIEWER);
    await menu(reviewer).waitFor();
    await reviewer.goto(suite.url(`/admin/participants?kind=class&id=${item.id}`));
    await reviewer.getByRole('heading', { name: `报名名单：${item.title}` }).waitFor();
    // The heading's count leads to the line, first in line first.
    await reviewer.getByRole('link', { name: `候补 ${line.length} 人，查看候补名单` }).click();
    await reviewer.waitForURL(/status=waiting/);
    await expect.poll(() => rows(reviewer).count()).toBe(line.length);
    const firstRow = await rows(reviewer).first().innerText();
    expect(firstRow).toContain(head.nickname);
    expect(firstRow).toContain('候补第 1 位');
    expect(await rows(reviewer).nth(1).innerText()).toContain('候补第 2 位');
    // In line, a learner can only be taken off it (or cancelled).
    expect(await reviewer.getByRole('button', { name: /^通过：/ }).count()).toBe(0);
    expect(await seriousFindings(reviewer)).toEqual([]);

    // Another operator takes the second off the line while the page is open: the reviewer's
    // attempt is refused, naming the learner, and the list is read again.
    await asSiteAdmin('/api/admin/participants/review', {
      kind: 'class',
      id: item.id,
      userIds: [next.userId],
      decision: 'refuse',
      reason: '已另行安排（其他审核员）',
    });
    await reviewer.getByRole('button', { name: `移出候补：${next.nickname}` }).click();
    const stale = reviewer.getByRole('dialog', { name: `将「${next.nickname}」移出候补` });
    await stale.getByLabel('不通过原因').fill('名额有限，请报名下一期');
    await stale.getByRole('button', { name: '移出候补' }).click();
    await reviewer.locator('.ant-message-error').filter({ hasText: next.nickname }).waitFor();
    await stale.waitFor({ state: 'hidden' });
    await expect.poll(() => rows(reviewer).count()).toBe(line.length - 1);

    // The first in line taken off it.
    await reviewer.getByRole('button', { name: `移出候补：${head.nickname}` }).click();
    const dialog = reviewer.getByRole('dialog', { name: `将「${head.nickname}」移出候补` });
    await dialog.getByLabel('不通过原因').fill('名额有限，请报名下一期');
    await dialog.getByRole('button', { name: '移出候补' }).click();
    await reviewer.getByText('已不通过 1 人').waitFor();
    await reviewer
      .getByRole('link', { name: `候补 ${line.length - 2} 人，查看候补名单` })
      .waitFor();
    const nowFirst = await rows(reviewer).first().innerText();
    expect(nowFirst).toContain(third.nickname);
    expect(nowFirst).toContain('候补第 1 位');

    // A seat cancelled: the next in line takes it, and is told.
    const active = (await participants(item.id, 'active')).list.find((row) => !row.checkedInAt);
    if (!active) throw new Error('no active learner to cancel');
    await choose(reviewer, '报名状态', '已报名');
    await reviewer.waitForURL(/status=active/);
    // The list as filtered shown (the search below adds to this filter).
    await expect.poll(() => rows(reviewer).first().innerText()).toContain('已报名');
    await reviewer.getByLabel('昵称或手机号').fill(active.nickname);
    await reviewer.getByLabel('昵称或手机号').press('Enter');
    await reviewer
      .getByRole('button', { name: `取消报名：${active.nickname}` })
      .first()
      .click();
    const cancel = reviewer.getByRole('dialog', { name: `取消「${active.nickname}」的报名` });
    await cancel.getByText('按顺序递补给候补名单的第一位').waitFor();
    await cancel.getByLabel('取消原因').fill('学员来电申请取消');
    await cancel.getByRole('button', { name: '取消报名' }).click();
    await reviewer.getByText(`已取消「${active.nickname}」的报名，并已通知本人`).waitFor();
    await reviewer
      .getByRole('link', { name: `候补 ${line.length - 3} 人，查看候补名单` })
      .waitFor();
    await reviewer.getByText(`${item.capacity} / ${item.capacity}`).waitFor();

    const after = await participants(item.id);
    expect(statusOf(after, head)?.status).toBe('rejected');
    expect(statusOf(after, next)?.status).toBe('rejected');
    expect(statusOf(after, third)?.status).toBe('active');
    expect(after.waitingCount).toBe(line.length - 3);
    await messageOf(third.phone, `候补成功：「${item.title}」`);
    const refusal = await messageOf(head.phone, `报名未通过：「${item.title}」`);
    expect(refusal.body).toContain('名额有限，请报名下一期');
  });

  it('turns 报名需审核 on in a class’s form, which the reviewer publishes', async () => {
    const open = await findClass('', (page) => !page.reviewSignups && page.canReview);
    const { item } = open;

    const editor = await signedIn(EDITOR);
    await menu(editor).getByRole('link', { name: '班级管理' }).click();
    await editor.getByRole('heading', { name: '班级管理' }).waitFor();
    await editor.getByLabel('名称关键词').fill(item.title);
    await editor.getByLabel('名称关键词').press('Enter');
    await editor.getByRole('link', { name: item.title, exact: true }).click();
    await editor.getByRole('heading', { name: '编辑班级' }).waitFor();
    const toggle = editor.getByRole('switch', { name: '报名需审核' });
    await editor.getByText('开启后，学员报名需经审核通过才算成功').waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    // From the keyboard.
    await toggle.focus();
    await editor.keyboard.press('Space');
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    expect(await seriousFindings(editor)).toEqual([]);
    await editor.getByRole('button', { name: '保存' }).click();
    await editor.getByText('已保存').waitFor();
    await editor.getByRole('button', { name: '提交审核' }).click();
    await editor.getByText('已提交审核').waitFor();
    const edited = await asSiteAdmin<AdminClass>(`/api/admin/classes/detail?id=${item.id}`);
    expect(edited.reviewSignups).toBe(true);
    expect(edited.live?.reviewSignups).toBe(false);

    const reviewer = await signedIn(REVIEWER);
    await menu(reviewer).waitFor();
    await reviewer.goto(suite.url(`/admin/participants?kind=class&id=${item.id}`));
    await reviewer.getByRole('heading', { name: `报名名单：${item.title}` }).waitFor();
    const heading = reviewer.locator('.ant-card-head');
    expect(await heading.getByText('报名需审核').count()).toBe(0);
    await reviewer.getByRole('link', { name: item.title, exact: true }).click();
    await reviewer.getByRole('heading', { name: '编辑班级' }).waitFor();
    // The edit waiting for review has it on.
    await expect
      .poll(() => reviewer.getByRole('switch', { name: '报名需审核' }).getAttribute('aria-checked'))
      .toBe('true');
    await reviewer.getByRole('button', { name: '通过修改' }).click();
    await reviewer.getByText('已通过，已发布').waitFor();
    const published = await asSiteAdmin<AdminClass>(`/api/admin/classes/detail?id=${item.id}`);
    expect(published.reviewSignups).toBe(true);
    expect(published.edit).toBeNull();
    await reviewer.goto(suite.url(`/admin/participants?kind=class&id=${item.id}`));
    await reviewer.getByRole('heading', { name: `报名名单：${item.title}` }).waitFor();
    await heading.getByText('报名需审核', { exact: true }).waitFor();
  });
});
