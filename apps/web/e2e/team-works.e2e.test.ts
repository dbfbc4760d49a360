import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, type Login, phoneSuite, storeLogin } from './harness.ts';

const suite = phoneSuite();
const url = suite.url;

let leader: Login;
let member: Login;
let teamId: number;
let firstWorkId: number;
let pictures: string[];

/** Makes a live team led by the first demo learner, the second a member (the teams API is another area's). */
function createTeamInDatabase(): number {
  const db = new Database(path.join(suite.portal.dataDir, 'portal.sqlite'));
  try {
    const idOf = (username: string) =>
      (db.prepare('SELECT id FROM users WHERE username = ?').get(username) as { id: number }).id;
    const [leaderId, memberId] = [idOf('13800000001'), idOf('13800000002')];
    const now = Date.now();
    const team = db
      .prepare(
        `INSERT INTO teams (site_key, name, avatar, intro, join_mode, invite_code, leader_id, capacity,
           seats_taken, last_active_at, created_at, updated_at)
         VALUES ('jingan', ?, NULL, '一起练书法', 'open', ?, ?, 20, 2, ?, ?, ?) RETURNING id`,
      )
      .get(`作品测试团队${now}`, `E2E${now % 1_000_000}`, leaderId, now, now, now) as {
      id: number;
    };
    const join = db.prepare(
      `INSERT INTO team_members (team_id, user_id, status, joined_at, created_at, updated_at)
       VALUES (?, ?, 'active', ?, ?, ?)`,
    );
    for (const id of [leaderId, memberId]) join.run(team.id, id, now, now, now);
    return team.id;
  } finally {
    db.close();
  }
}

async function api<T>(pathname: string, token?: string, init: RequestInit = {}): Promise<T> {
  const answer = await fetch(url(`/api${pathname}`), {
    ...init,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...init.headers },
  });
  const body = (await answer.json()) as { code: number; data: T; message: string };
  if (body.code !== 0) throw new Error(`${pathname}: ${body.code} ${body.message}`);
  return body.data;
}

describe('team works', () => {
  beforeAll(async () => {
    [leader, member] = await Promise.all([
      apiLogin(suite.portal.baseUrl, '13800000001'),
      apiLogin(suite.portal.baseUrl, '13800000002'),
    ]);
    teamId = createTeamInDatabase();
    const form = new FormData();
    form.append('teamId', String(teamId));
    form.append('content', '负责人的第一篇作品');
    firstWorkId = (
      await api<{ id: number }>('/team-works', leader.token, { method: 'POST', body: form })
    ).id;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'team-works-e2e-'));
    pictures = await Promise.all(
      [
        ['山水.png', '#2e86c1'],
        ['花卉.jpg', '#c0392b'],
      ].map(async ([name, color]) => {
        const file = path.join(dir, name as string);
        const image = sharp({
          create: { width: 900, height: 600, channels: 3, background: color as string },
        });
        await (name?.endsWith('.png') ? image.png() : image.jpeg()).toFile(file);
        return file;
      }),
    );
  });

  it('a member posts two pictures from the compose sheet; another learner likes and comments; the author deletes', async () => {
    const { page } = await suite.open();
    await storeLogin(page, suite.portal.baseUrl, member);
    await page.goto(url(`/groupWorkDetail?id=${firstWorkId}`));
    await page.getByText('负责人的第一篇作品').waitFor();

    // The compose sheet: nothing picked and no text is refused, then text and two real pictures.
    await page.getByRole('button', { name: '我也发布作品' }).click();
    const sheet = page.locator('.team-work-compose');
    await sheet.getByRole('heading', { name: '发布作品' }).waitFor();
    await sheet.getByRole('button', { name: '发布', exact: true }).click();
    await sheet.getByText('请填写作品内容或添加图片').waitFor();
    await sheet.getByRole('textbox').fill('周末练字，请大家指教');
    await sheet.getByLabel('添加图片').setInputFiles(pictures);
    await sheet.getByRole('list', { name: '已选图片 2 张' }).waitFor();
    await sheet.getByRole('button', { name: '发布', exact: true }).click();

    // The new work opens, with its two pictures to view large.
    await page.waitForURL((address) => {
      const id = Number(address.searchParams.get('id'));
      return address.pathname === '/groupWorkDetail' && id > firstWorkId;
    });
    const workId = Number(new URL(page.url()).searchParams.get('id'));
    await page.getByText('周末练字，请大家指教').waitFor();
    const images = page.getByRole('list', { name: '作品图片' }).getByRole('listitem');
    expect(await images.count()).toBe(2);
    await page.getByRole('button', { name: '查看大图：第 2 张，共 2 张' }).click();
    await page.locator('.adm-image-viewer-content').waitFor();
    await page.locator('.adm-image-viewer-indicator', { hasText: '2 / 2' }).waitFor();
    await page.locator('.team-work-viewer-footer button', { hasText: '关闭' }).click();
    await page.locator('.adm-image-viewer-content').waitFor({ state: 'hidden' });

    // Another learner (the leader) likes and comments.
    const second = await suite.open();
    await storeLogin(second.page, suite.portal.baseUrl, leader);
    await second.page.goto(url(`/groupWorkDetail?id=${workId}`));
    await second.page.getByText('周末练字，请大家指教').waitFor();
    await second.page.getByRole('button', { name: '点赞 0' }).click();
    await second.page.getByRole('button', { name: '已赞 1' }).waitFor();
    expect(
      await second.page.getByRole('button', { name: '已赞 1' }).getAttribute('aria-pressed'),
    ).toBe('true');
    await second.page.getByLabel('写评论').fill('字写得越来越好了！');
    await second.page.getByRole('button', { name: '发送' }).click();
    await second.page.getByText('字写得越来越好了！').waitFor();
    await second.page.getByRole('heading', { name: '评论（1）' }).waitFor();

    // The author sees both and deletes the work after confirming.
    const third = await suite.open();
    await storeLogin(third.page, suite.portal.baseUrl, member);
    await third.page.goto(url(`/groupWorkDetail?id=${workId}`));
    await third.page.getByRole('button', { name: '点赞 1' }).waitFor();
    await third.page.getByText('字写得越来越好了！').waitFor();
    expect(await third.page.getByRole('button', { name: '设为精选' }).count()).toBe(0);
    await third.page.getByRole('button', { name: '删除', exact: true }).click();
    await third.page.getByRole('dialog').getByRole('button', { name: '删除' }).click();
    await third.page.waitForURL(url(`/teamDetails?id=${teamId}`));
    const gone = await fetch(url(`/api/team-works/detail?id=${workId}`));
    expect(((await gone.json()) as { code: number }).code).toBe(404);
  });

  it('shows a work to a visitor and asks for login before a like', async () => {
    const { page } = await suite.open();
    await page.goto(url(`/groupWorkDetail?id=${firstWorkId}`));
    await page.getByText('负责人的第一篇作品').waitFor();
    expect(await page.getByRole('button', { name: '删除' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: '我也发布作品' }).count()).toBe(0);
    await page.getByRole('button', { name: /^点赞/ }).click();
    await page.getByText('您还未登录或登录已过期，请先登录').waitFor();
  });
});
