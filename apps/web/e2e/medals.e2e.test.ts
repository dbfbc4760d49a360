import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin, type Login, phoneSuite, storeLogin, tabLink } from './harness.ts';

const suite = phoneSuite();
const url = suite.url;

async function api<T>(login: Login, apiPath: string, json?: object): Promise<T> {
  const answer = await fetch(url(`/api${apiPath}`), {
    method: json ? 'POST' : 'GET',
    headers: {
      authorization: `Bearer ${login.token}`,
      'content-type': 'application/json',
      'x-site': 'jingan',
    },
    ...(json ? { body: JSON.stringify(json) } : {}),
  });
  const body = (await answer.json()) as { code: number; data: T };
  if (body.code !== 0) throw new Error(`${apiPath}: code ${body.code}`);
  return body.data;
}

/**
 * A published course of one article lesson, written into the portal's database as an operator
 * would publish it; answers the lesson's id (one report of it completes the course).
 */
function publishOneLessonCourse(title: string): number {
  const db = new Database(path.join(suite.portal.dataDir, 'portal.sqlite'));
  try {
    const template = db
      .prepare(
        "select category_id, teacher_id, cover from courses where site_key = 'jingan' limit 1",
      )
      .get() as { category_id: number; teacher_id: number; cover: string };
    const now = Date.now();
    const course = db
      .prepare(
        `insert into courses (site_key, category_id, teacher_id, title, summary, introduction, cover,
           published, lesson_count, duration_seconds, view_count, learner_count, created_at, published_at)
         values ('jingan', ?, ?, ?, '一课学完', '<p>一课学完</p>', ?, 1, 1, 0, 0, 0, ?, ?)`,
      )
      .run(template.category_id, template.teacher_id, title, template.cover, now, now);
    const chapter = db
      .prepare('insert into course_chapters (course_id, title, sort) values (?, ?, 0)')
      .run(course.lastInsertRowid, '第一章');
    const lesson = db
      .prepare(
        `insert into course_lessons (course_id, chapter_id, title, kind, duration_seconds, article_html, sort)
         values (?, ?, '图文课时', 'article', 0, '<p>读完即学完</p>', 0)`,
      )
      .run(course.lastInsertRowid, chapter.lastInsertRowid);
    return Number(lesson.lastInsertRowid);
  } finally {
    db.close();
  }
}

async function openLoggedIn(login: Login): Promise<Page> {
  const { page } = await suite.open();
  await storeLogin(page, suite.portal.baseUrl, login);
  return page;
}

describe('medals and achievements', () => {
  it('shows earned and locked medals from 我的, announces a new medal, and certifies a completed course', async () => {
    const login = await apiLogin(suite.portal.baseUrl);
    const page = await openLoggedIn(login);

    // 我的 -> 我的勋章: the seeded check-in's and learning days' medals are earned, the course
    // medals are locked.
    const listed = await fetch(url('/api/medals'), {
      headers: { authorization: `Bearer ${login.token}`, 'x-site': 'jingan' },
    });
    const { earnedCount } = ((await listed.json()) as { data: { earnedCount: number } }).data;
    expect(earnedCount).toBeGreaterThanOrEqual(2);
    await page.goto(url('/index/home'));
    await tabLink(page, '我的').click();
    await page.waitForURL(url('/index/userInfo'));
    const medalsRow = page.locator('.mine-link', { hasText: '我的勋章' });
    await medalsRow.getByText(`已获得 ${earnedCount} 枚`).waitFor();
    await medalsRow.click();
    await page.getByRole('heading', { name: '我的勋章' }).waitFor();
    const earned = page.getByRole('region', { name: '已获得' });
    const locked = page.getByRole('region', { name: '未获得' });
    await earned.getByRole('button', { name: /积极参与/ }).waitFor();
    const firstCourse = locked.getByRole('button', { name: /初学乍练/ });
    await firstCourse.waitFor();
    expect(await firstCourse.getByRole('progressbar').getAttribute('aria-valuetext')).toBe(
      '0/1 门',
    );

    // The detail of an earned medal offers 分享; back returns to the wall.
    await earned.getByRole('button', { name: /积极参与/ }).click();
    const detail = page.getByRole('region', { name: '勋章详情' });
    await detail.getByRole('heading', { name: '积极参与' }).waitFor();
    await detail.getByRole('button', { name: '分享' }).waitFor();
    await page.getByRole('button', { name: '返回' }).click();
    await locked.waitFor();

    // Completing a course crosses 初学乍练's threshold: it is announced in 我的消息.
    const lessonId = publishOneLessonCourse('一课速成：手机拍照');
    const result = await api<{ course: { completed: boolean } }>(login, '/study/progress', {
      lessonId,
      positionSeconds: 0,
      watchedSeconds: 0,
    });
    expect(result.course.completed).toBe(true);
    await page.goto(url('/messageDetails'));
    await page.getByRole('heading', { name: '我的消息' }).waitFor();
    await page.locator('.message-item', { hasText: '获得勋章：「初学乍练」' }).waitFor();
    await page.goto(url('/medal'));
    await earned.getByRole('button', { name: /初学乍练/ }).waitFor();

    // 学习成就: the course's certificate downloads as a PDF.
    await page.goto(url('/achievement'));
    const certificate = page.locator('.certificate', { hasText: '一课速成：手机拍照' });
    await certificate.waitFor();
    const code = ((await certificate.locator('.certificate-code').textContent()) ?? '').replace(
      '验证码 ',
      '',
    );
    expect(code).toMatch(/^[A-Z2-9]{16}$/);
    const [response, download] = await Promise.all([
      page.waitForResponse((answer) => answer.url().includes('/api/certificates/file')),
      page.waitForEvent('download'),
      certificate.getByRole('button', { name: '下载证书' }).click(),
    ]);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect(response.url()).not.toContain(login.token);
    expect(download.suggestedFilename()).toBe('结业证书-一课速成：手机拍照.pdf');

    // Anyone can check the code on the public page, without logging in.
    const visitor = await suite.open();
    await visitor.page.goto(url(`/certVerify?code=${code}`));
    const verified = visitor.page.getByRole('region', { name: '验证结果' });
    await verified.getByText('证书真实有效').waitFor();
    await verified.getByText('王*兰').waitFor();
    await verified.getByText('一课速成：手机拍照').waitFor();
    await visitor.page.getByLabel('证书验证码').fill('NOSUCHCODE');
    await visitor.page.getByRole('button', { name: '验证' }).click();
    await visitor.page.getByRole('heading', { name: '证书不存在' }).waitFor();
  });
});
