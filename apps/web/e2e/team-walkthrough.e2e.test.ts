import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { phoneContext, phoneSuite, registerInBrowser, tabLink } from './harness.ts';

// Issue 15's "Done when", as two new learners would do it on their phones: create a team, join
// it by code, link a course, watch, see the progress, post a work with pictures, find both
// learners and the team in the ranking.
const suite = phoneSuite();
const url = suite.url;

/** The first published jingan course whose first lesson is a video (as the player test picks). */
function videoCourse(): { id: number; title: string } {
  const db = new Database(path.join(suite.portal.dataDir, 'portal.sqlite'));
  try {
    return db
      .prepare(
        `SELECT c.id AS id, c.title AS title FROM courses c
         JOIN course_lessons l ON l.course_id = c.id
         WHERE c.published = 1 AND c.site_key = 'jingan' AND l.kind = 'video'
           AND l.sort = (SELECT MIN(sort) FROM course_lessons WHERE course_id = c.id)
         ORDER BY c.id LIMIT 1`,
      )
      .get() as { id: number; title: string };
  } finally {
    db.close();
  }
}

async function pictureFiles(): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'team-walkthrough-'));
  return Promise.all(
    [
      ['读书会.png', '#1f6f5c'],
      ['合影.jpg', '#b4532a'],
    ].map(async ([name, color]) => {
      const file = path.join(dir, name as string);
      const image = sharp({
        create: { width: 800, height: 600, channels: 3, background: color as string },
      });
      await (file.endsWith('.png') ? image.png() : image.jpeg()).toFile(file);
      return file;
    }),
  );
}

const mainHeading = (page: Page, name: string) =>
  page.getByRole('main').getByRole('heading', { name, exact: true }).waitFor();

/** 我的 -> 排行榜: answers the text of my pinned place on the learners' 总榜. */
async function myPlaceInRanking(page: Page) {
  await page.goto(url('/index/home'));
  await tabLink(page, '我的').click();
  await page.getByRole('link', { name: '排行榜' }).click();
  await page.getByRole('list', { name: '学员本周排名' }).waitFor();
  await page.getByRole('button', { name: '总榜' }).click();
  await page.getByRole('list', { name: '学员总榜排名' }).waitFor();
  const mine = page.getByRole('region', { name: '我的名次' });
  await expect.poll(() => mine.textContent()).toMatch(/第 \d+ 名 · [1-9]\d* 分/);
  return (await mine.textContent()) ?? '';
}

describe('learning teams, as two new learners would use them', () => {
  it('creates, joins by code, links a course, shows progress, posts a work and ranks both', async () => {
    const course = videoCourse();
    const pictures = await pictureFiles();
    const name = `新学员团队${Date.now() % 100_000}`;

    // The first new learner registers and creates a team: 我的 -> 学习团队 -> 创建团队.
    const { page: leader } = await suite.open();
    await registerInBrowser(leader, suite.portal.baseUrl, '13912341501');
    await tabLink(leader, '我的').click();
    // 我的's row, not home's entry of the same name (kept alive, hidden, in the page).
    await leader.waitForURL(url('/index/userInfo'));
    await leader.locator('.mine-link', { hasText: '学习团队' }).click();
    await leader.getByRole('link', { name: '创建团队', exact: true }).click();
    await leader.getByRole('heading', { name: '创建学习团队' }).waitFor();
    await leader.getByLabel('团队名称', { exact: true }).fill(name);
    await leader.getByLabel('团队简介').fill('新学员一起学习');
    await leader.getByLabel('凭邀请码加入').check();
    await leader.getByRole('button', { name: '创建团队', exact: true }).click();
    await mainHeading(leader, name);
    const code = (await leader.locator('.team-code strong').textContent())?.trim() ?? '';
    expect(code).toMatch(/^[A-Z0-9]{8}$/);
    const teamId = Number(new URL(leader.url()).searchParams.get('id'));

    // The second new learner joins by the code: 首页 -> 学习团队 -> 邀请码加入.
    // (A phone of its own beside the leader's: both stay open.)
    const memberPhone = await phoneContext(suite.browser);
    const member = await memberPhone.newPage();
    await registerInBrowser(member, suite.portal.baseUrl, '13912341502');
    await member.getByRole('link', { name: '学习团队', exact: true }).first().click();
    await member.getByRole('link', { name: '邀请码加入', exact: true }).click();
    await member.getByLabel('邀请码', { exact: true }).fill(code);
    await member.getByRole('button', { name: '凭邀请码加入', exact: true }).click();
    await mainHeading(member, name);
    await member.getByText('您是团队成员').waitFor();

    // The leader links the course from the team page's 关联资源, found by search.
    await leader.reload();
    await mainHeading(leader, name);
    await leader.getByRole('link', { name: '关联资源' }).first().click();
    await leader.getByRole('heading', { name: '关联资源' }).waitFor();

    await leader.getByRole('searchbox', { name: '搜索课程' }).fill(course.title);
    await leader.getByRole('button', { name: '搜索', exact: true }).click();
    await leader.getByRole('button', { name: `关联${course.title}`, exact: true }).click();
    await leader.getByRole('button', { name: `取消关联${course.title}`, exact: true }).waitFor();

    // The member opens it from the team page and watches its first lesson through.
    await member.reload();
    const resources = member.getByRole('region', { name: '学习资源' });
    await resources.getByRole('link', { name: new RegExp(course.title) }).click();
    await member.waitForURL(url(`/scourseDetail?id=${course.id}`));
    await member.getByRole('button', { name: '开始学习' }).click();
    const video = member.locator('video.video-player');
    await video.waitFor();
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), {
        timeout: 15_000,
      })
      .toBeGreaterThan(1);
    await video.evaluate((element: HTMLVideoElement) => {
      element.currentTime = element.duration * 0.95;
    });
    await member
      .locator('.course-lesson-link[aria-current="true"]')
      .getByRole('img', { name: '已学完' })
      .waitFor({ timeout: 15_000 });

    // The leader sees the member's lesson in 学习进度.
    await leader.goto(url(`/teamDetails?id=${teamId}`));
    await mainHeading(leader, name);
    await leader.getByRole('link', { name: '查看成员学习进度' }).click();
    await leader.getByRole('heading', { name: '团队学习' }).waitFor();
    const rows = leader.getByRole('list', { name: '成员学习进度' }).getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(2);
    const memberRow = rows.filter({ hasNotText: '负责人' });
    await expect.poll(() => memberRow.locator('dd').nth(1).textContent()).toBe('1 课时');

    // The member posts a work with two pictures from the team page's 发布作品.
    await member.goto(url(`/teamDetails?id=${teamId}`));
    await mainHeading(member, name);
    await member.getByRole('button', { name: '发布作品' }).click();
    const sheet = member.locator('.team-work-compose');
    await sheet.getByRole('heading', { name: '发布作品' }).waitFor();
    await sheet.getByRole('textbox').fill('我们的第一次读书会');
    await sheet.getByLabel('添加图片').setInputFiles(pictures);
    await sheet.getByRole('list', { name: '已选图片 2 张' }).waitFor();
    await sheet.getByRole('button', { name: '发布', exact: true }).click();
    await member.waitForURL(/\/groupWorkDetail\?id=\d+/);
    await member.getByText('我们的第一次读书会').waitFor();
    // The pictures' list fills in once their sizes are known.
    await expect
      .poll(() => member.getByRole('list', { name: '作品图片' }).getByRole('listitem').count())
      .toBe(2);

    // Both find themselves in 排行榜 with their points, and the team among the teams.
    const leaderPlace = await myPlaceInRanking(leader);
    const memberPlace = await myPlaceInRanking(member);
    expect(leaderPlace).not.toBe(memberPlace);
    await member.getByRole('tab', { name: '团队' }).click();
    const teams = member.getByRole('region', { name: '我的团队名次' });
    await expect.poll(() => teams.textContent()).toContain(name);
    await expect.poll(() => teams.textContent()).toMatch(/第 \d+ 名/);
    await memberPhone.close();
  });
});
