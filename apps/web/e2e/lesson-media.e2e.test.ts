import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin, type Login, phoneSuite, storeLogin } from './harness.ts';

const suite = phoneSuite();
const url = suite.url;
const axeSource = fs.readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

interface MediaCourse {
  id: number;
  audio: { id: number; title: string };
  pdf: { id: number; title: string; pageCount: number };
}

/** The demo course of jingan with an audio and a PDF lesson (seed/lesson-media.ts). */
function mediaCourse(): MediaCourse {
  const db = new Database(path.join(suite.portal.dataDir, 'portal.sqlite'), { readonly: true });
  try {
    const rows = db
      .prepare(
        `SELECT l.course_id AS courseId, l.id, l.title, l.kind, l.page_count AS pageCount
         FROM course_lessons l JOIN courses c ON c.id = l.course_id
         WHERE c.site_key = 'jingan' AND c.published = 1 AND l.kind IN ('audio', 'pdf')
         ORDER BY l.course_id, l.sort`,
      )
      .all() as Array<{
      courseId: number;
      id: number;
      title: string;
      kind: string;
      pageCount: number;
    }>;
    const audio = rows.find((row) => row.kind === 'audio');
    const pdf = rows.find((row) => row.kind === 'pdf' && row.courseId === audio?.courseId);
    if (!audio || !pdf) throw new Error('no demo course with an audio and a PDF lesson');
    return { id: audio.courseId, audio, pdf };
  } finally {
    db.close();
  }
}

async function api<T>(login: Login, pathname: string): Promise<T> {
  const response = await fetch(url(`/api${pathname}`), {
    headers: { authorization: `Bearer ${login.token}`, 'x-site': 'jingan' },
  });
  const body = (await response.json()) as { code: number; data: T };
  expect(body.code).toBe(0);
  return body.data;
}

interface Progress {
  lessons: Array<{ lessonId: number; positionSeconds: number; completed: boolean }>;
}

/** axe-core's serious and critical findings on the page as shown. */
async function seriousFindings(page: Page): Promise<string[]> {
  // Evaluated, not a script tag: the page's Content-Security-Policy allows no inline script.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: {
        run: (options: unknown) => Promise<{
          violations: Array<{ id: string; impact: string; nodes: Array<{ target: unknown[] }> }>;
        }>;
      };
    };
    const result = await axe.run({ resultTypes: ['violations'] });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
  });
}

describe('an audio and a PDF lesson on the phone', () => {
  it('plays the audio lesson with large controls, reports progress and resumes there', async () => {
    const course = mediaCourse();
    const login = await apiLogin(suite.portal.baseUrl, '13800000001');
    const before = await api<{ seconds: number }>(login, '/study/today');
    const { page } = await suite.open();
    await storeLogin(page, suite.portal.baseUrl, login);
    await page.goto(url(`/scourseDetail?id=${course.id}`));
    await page.getByRole('heading', { name: '课程目录' }).waitFor();

    // The catalogue says what each lesson is.
    const kinds = await page.locator('.course-lesson-kind').allTextContents();
    expect(kinds).toContain('音频');
    expect(kinds).toContain('PDF');
    expect(new Set(kinds).size).toBeGreaterThanOrEqual(3);

    // A tap on the audio lesson opens the audio player and starts it.
    await page.getByRole('link', { name: new RegExp(course.audio.title) }).click();
    await page.waitForURL(/lessonId=/);
    const player = page.getByRole('region', { name: '课时播放' });
    await player.waitFor();
    const audio = page.locator('audio');
    expect(await audio.getAttribute('src')).toMatch(
      /^\/media\/uploads\/jingan\/.+\.mp3(#t=[\d.]+)?$/,
    );
    expect(await player.locator('img').getAttribute('src')).toMatch(/^\/files\//);
    const slider = page.getByRole('slider', { name: '播放进度' });
    const currentTime = () => audio.evaluate((element: HTMLAudioElement) => element.currentTime);
    // Autoplay is tried once the player is positioned (the slider then knows the duration); a
    // tap before that would race it and pause what autoplay has just started.
    await expect.poll(async () => Number(await slider.getAttribute('max'))).toBeGreaterThan(0);
    if (await audio.evaluate((element: HTMLAudioElement) => element.paused)) {
      await page.getByRole('button', { name: /播放$/ }).click();
    }
    await page.getByRole('button', { name: /暂停$/ }).waitFor({ timeout: 15_000 });
    // Let it play past a report (every 5 s), then pause: the pause is reported too.
    const reported = page.waitForRequest(
      (request) => request.url().endsWith('/api/study/progress') && request.method() === 'POST',
    );
    await expect.poll(currentTime, { timeout: 20_000, interval: 250 }).toBeGreaterThan(6);
    await reported;
    await page.getByRole('button', { name: /暂停$/ }).click();
    const stoppedAt = await currentTime();
    expect(Number(await slider.inputValue())).toBe(Math.floor(stoppedAt));
    await expect
      .poll(async () => {
        const stored = await api<Progress>(login, `/study/course-progress?courseId=${course.id}`);
        return stored.lessons.find((lesson) => lesson.lessonId === course.audio.id)
          ?.positionSeconds;
      })
      .toBeCloseTo(stoppedAt, 0);
    expect(await seriousFindings(page)).toEqual([]);

    // Learning time counted for today, as for a video.
    const today = await api<{ seconds: number }>(login, '/study/today');
    expect(today.seconds - before.seconds).toBeGreaterThanOrEqual(4);

    // After a reload the player resumes where the learner stopped.
    await page.reload();
    await player.waitFor();
    await expect.poll(currentTime, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(Math.abs((await currentTime()) - stoppedAt)).toBeLessThan(2);
  });

  it('shows the PDF lesson page by page and reports it opened, which completes it', async () => {
    const course = mediaCourse();
    const login = await apiLogin(suite.portal.baseUrl, '13800000002');
    const { page } = await suite.open();
    await storeLogin(page, suite.portal.baseUrl, login);
    await page.goto(url(`/scourseDetail?id=${course.id}`));
    await page.getByRole('heading', { name: '课程目录' }).waitFor();
    const opened = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/study/progress') && response.request().method() === 'POST',
    );
    await page.getByRole('link', { name: new RegExp(course.pdf.title) }).click();
    await page.getByRole('heading', { name: course.pdf.title }).waitFor();
    await page.getByText(`共 ${course.pdf.pageCount} 页`).waitFor();
    expect(await (await opened).json()).toMatchObject({
      code: 0,
      data: { lessonId: course.pdf.id, completed: true },
    });
    // pdf.js draws the first page; the reader's bar says where the learner is.
    await page
      .locator('.pdf-page[data-page-number="1"]')
      .and(page.locator('[data-rendered="true"]'))
      .waitFor({ timeout: 20_000 });
    await page
      .locator('.pdf-page-indicator', { hasText: `第 1 / ${course.pdf.pageCount} 页` })
      .waitFor();
    // Opening it completed it: the tick in the catalogue and the stored progress.
    const current = page.locator('.course-lesson-link[aria-current="true"]');
    await current.getByRole('img', { name: '已学完' }).waitFor({ timeout: 10_000 });
    const stored = await api<Progress>(login, `/study/course-progress?courseId=${course.id}`);
    expect(stored.lessons.find((lesson) => lesson.lessonId === course.pdf.id)?.completed).toBe(
      true,
    );
    expect(await seriousFindings(page)).toEqual([]);
  });
});
