import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, phoneSuite, storeLogin } from './harness.ts';

const suite = phoneSuite();
const url = suite.url;
let page: Page;
let teamId: number;
let teamName: string;
let course: { id: number; title: string };

function openDb() {
  return new Database(path.join(suite.portal.dataDir, 'portal.sqlite'));
}

/**
 * A team of the first demo learner with the second as a member, written straight into the
 * portal's database (as the test factory does), and the first published course of jingan.
 */
function makeTeam() {
  const db = openDb();
  try {
    const ids = db
      .prepare(
        `SELECT id FROM users WHERE username IN ('13800000001', '13800000002') ORDER BY username`,
      )
      .all() as Array<{ id: number }>;
    const [leader, member] = ids.map((row) => row.id) as [number, number];
    const now = Date.now();
    const name = `排行测试团队${now % 100_000}`;
    const team = db
      .prepare(
        `INSERT INTO teams (site_key, name, avatar, intro, join_mode, invite_code, leader_id,
           capacity, seats_taken, last_active_at, created_at, updated_at)
         VALUES ('jingan', ?, NULL, '一起学习', 'open', ?, ?, 20, 2, ?, ?, ?) RETURNING id`,
      )
      .get(name, `E2E${now % 1_000_000}`, leader, now, now, now) as { id: number };
    const join = db.prepare(
      `INSERT INTO team_members (team_id, user_id, status, joined_at, created_at, updated_at)
       VALUES (?, ?, 'active', ?, ?, ?)`,
    );
    join.run(team.id, leader, now, now, now);
    join.run(team.id, member, now, now, now);
    const row = db
      .prepare(
        `SELECT id, title FROM courses WHERE published = 1 AND site_key = 'jingan' ORDER BY id LIMIT 1`,
      )
      .get() as { id: number; title: string };
    return { teamId: team.id, teamName: name, course: row };
  } finally {
    db.close();
  }
}

beforeAll(() => {
  ({ teamId, teamName, course } = makeTeam());
});

describe('rankings and team resources', () => {
  it('opens 排行榜 from 我的: the top list, my place, and my team among the teams', async () => {
    const login = await apiLogin(suite.portal.baseUrl, '13800000001');
    ({ page } = await suite.open());
    await storeLogin(page, suite.portal.baseUrl, login);
    await page.goto(url('/index/userInfo'));
    await page.getByRole('link', { name: '排行榜' }).click();
    await expect.poll(() => page.getByRole('heading', { name: '排行榜' }).count()).toBe(1);
    const list = page.getByRole('list', { name: '学员本周排名' });
    await list.waitFor();
    expect(await list.getByRole('listitem').count()).toBeGreaterThan(0);
    const mine = page.getByRole('region', { name: '我的名次' });
    await expect.poll(() => mine.textContent()).toMatch(/第 \d+ 名|暂未上榜/);

    await page.getByRole('button', { name: '总榜' }).click();
    await page.getByRole('list', { name: '学员总榜排名' }).waitFor();
    await expect.poll(() => mine.textContent()).toMatch(/第 \d+ 名 · \d+ 分/);

    await page.getByRole('tab', { name: '团队' }).click();
    const teams = page.getByRole('region', { name: '我的团队名次' });
    await teams.waitFor();
    await expect.poll(() => teams.textContent()).toContain(teamName);
  });

  it("lets the leader link a course found by search, then shows the members' progress", async () => {
    const login = await apiLogin(suite.portal.baseUrl, '13800000001');
    ({ page } = await suite.open());
    await storeLogin(page, suite.portal.baseUrl, login);
    await page.goto(url(`/connectCourse?id=${teamId}`));
    await page.getByRole('heading', { name: '关联资源' }).waitFor();
    await page.getByRole('searchbox', { name: '搜索课程' }).fill(course.title);
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    const link = page.getByRole('button', { name: `关联${course.title}`, exact: true });
    await link.click();
    await page.getByRole('button', { name: `取消关联${course.title}`, exact: true }).waitFor();
    await expect.poll(() => page.getByText('已关联 1 个资源').count()).toBe(1);

    await page.goto(url(`/learningProgress?id=${teamId}`));
    await page.getByRole('heading', { name: '团队学习' }).waitFor();
    const members = page.getByRole('list', { name: '成员学习进度' });
    await members.waitFor();
    expect(await members.getByRole('listitem').count()).toBe(2);
    await expect.poll(() => page.getByText(/关联课程 1 门/).count()).toBe(1);
    await page.getByRole('button', { name: '按课时' }).click();
    await expect.poll(() => page.url()).toContain('sort=lessons');
  });

  it('tells a member that only the leader links resources', async () => {
    const login = await apiLogin(suite.portal.baseUrl, '13800000002');
    ({ page } = await suite.open());
    await storeLogin(page, suite.portal.baseUrl, login);
    await page.goto(url(`/connectCourse?id=${teamId}&source=favourites`));
    await page.getByRole('heading', { name: '只有团队负责人可以关联资源' }).waitFor();
  });
});
