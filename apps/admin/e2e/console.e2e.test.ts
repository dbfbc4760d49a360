import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument } from 'pdf-lib';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { apiLogin, storeLogin } from '../../web/e2e/harness.ts';
import { consoleSuite } from './console-suite.ts';

/*
 * The operators' console tried as a new operator would, in desktop Chromium against the real
 * server: the demo editor writes an article with an image and submits it, the demo reviewer
 * publishes it, a phone finds it at once; an edit of the published title waits for review while
 * the phone keeps the old title; every step is in the audit log; a learner and another site's
 * editor are refused; axe finds nothing serious on the console's pages.
 */

const run = promisify(execFile);

const EDITOR = '13800000012';
const REVIEWER = '13800000013';
const XUHUI_EDITOR = '13800000014';
const LEARNER = '13800000001';

const suite = consoleSuite();
const { url, signedIn, seriousFindings, choose } = suite;

async function phoneTitle(page: Page, id: number): Promise<string> {
  await page.goto(url(`/contentDetails?id=${id}`));
  return (await page.locator('h1.article-title').textContent()) ?? '';
}

const articleIdOf = (page: Page) => Number(new URL(page.url()).searchParams.get('id'));

/** A 12 s 720p lecture with a tone, made by ffmpeg's test sources (as an operator's phone would). */
async function lectureVideo(): Promise<Buffer> {
  const folder = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'console-video-'));
  const file = path.join(folder, 'lecture.mp4');
  try {
    await run('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi'],
      ...['-i', 'testsrc2=size=1280x720:rate=25:duration=12', '-f', 'lavfi'],
      ...['-i', 'sine=frequency=330:duration=12', '-c:v', 'libx264', '-preset', 'ultrafast'],
      ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-movflags', '+faststart', file],
    ]);
    return await fs.promises.readFile(file);
  } finally {
    await fs.promises.rm(folder, { recursive: true, force: true });
  }
}

describe('the operators’ console', () => {
  it('takes an article from an editor’s draft, through review, to the phone, and an edit of it too', async () => {
    const editor = await signedIn(EDITOR);
    await editor.getByRole('heading', { name: '文章管理' }).waitFor();
    expect(await seriousFindings(editor)).toEqual([]);
    await editor.getByRole('link', { name: /新建文章/ }).click();
    await editor.getByRole('heading', { name: '新建文章' }).waitFor();
    await choose(editor, '栏目', '资讯 · 社区动态');
    await editor.getByRole('textbox', { name: '标题' }).fill('静安区冬季学习节开幕');
    await editor.getByRole('textbox', { name: '摘要' }).fill('十二月起，全区社区学校开设冬季课程');
    const body = editor.getByRole('textbox', { name: '正文' });
    await body.click();
    await editor.keyboard.type('冬季学习节将于十二月一日开幕，欢迎报名。');
    // An image in the body, uploaded to the site's file store.
    const png = await sharp({
      create: { width: 800, height: 600, channels: 3, background: { r: 22, g: 100, b: 255 } },
    })
      .png()
      .toBuffer();
    await editor
      .locator('.rich-text-toolbar input[type=file]')
      .setInputFiles({ name: '开幕.png', mimeType: 'image/png', buffer: png });
    await body.locator('img[src^="/files/admin/jingan/"]').waitFor();
    await editor.getByLabel('首次发布时通知本站学员').click();
    expect(await seriousFindings(editor)).toEqual([]);
    await editor.getByRole('button', { name: '保存' }).click();
    await editor.waitForURL(/\/admin\/articles\/edit\?id=\d+/);
    const id = articleIdOf(editor);
    await editor.getByText('草稿', { exact: true }).first().waitFor();
    await editor.getByRole('button', { name: '提交审核' }).click();
    await editor.getByText('待审核', { exact: true }).first().waitFor();

    // The phone does not see a draft or a submission.
    const phone = await suite.phone();
    const phonePage = await phone.newPage();
    await phonePage.goto(url(`/contentDetails?id=${id}`));
    await phonePage.getByText('文章不存在或已下线').first().waitFor();

    // The phone has the news list open while the reviewer works.
    await storeLogin(
      phonePage,
      suite.portal.baseUrl,
      await apiLogin(suite.portal.baseUrl, '13800000002'),
    );
    await phonePage.goto(url('/index/news'));
    await phonePage.locator('.article-list .article-card').first().waitFor();

    const reviewer = await signedIn(REVIEWER);
    await reviewer
      .getByRole('navigation', { name: '后台菜单' })
      .getByRole('link', { name: '待审核', exact: true })
      .click();
    await reviewer.getByRole('heading', { name: '待审核' }).waitFor();
    await reviewer.getByRole('link', { name: '静安区冬季学习节开幕' }).click();
    await reviewer.getByRole('heading', { name: '编辑文章' }).waitFor();
    expect(await seriousFindings(reviewer)).toEqual([]);
    await reviewer.getByRole('button', { name: '通过并发布' }).click();
    await reviewer.getByText('已发布', { exact: true }).first().waitFor();

    // On the phone on the first load after publication (no cache serves the page from
    // before it): first in the news list (on a pull or a reload),
    // and open, with the uploaded image.
    await phonePage.reload();
    await phonePage
      .locator('.article-list .article-card')
      .first()
      .getByText('静安区冬季学习节开幕')
      .waitFor();
    expect(await phoneTitle(phonePage, id)).toBe('静安区冬季学习节开幕');
    await phonePage.locator('.article-body img[src^="/files/admin/jingan/"]').waitFor();

    // The editor changes the published title: the phone keeps the old one until it is approved.
    await editor.reload();
    await editor.getByText('已发布', { exact: true }).first().waitFor();
    await editor.getByRole('textbox', { name: '标题' }).fill('静安区冬季学习节开幕（时间调整）');
    await editor.getByRole('button', { name: '保存' }).click();
    await editor.getByText('修改未提交').waitFor();
    await editor.getByRole('button', { name: '提交审核' }).click();
    await editor.getByText('修改待审核').first().waitFor();
    expect(await phoneTitle(phonePage, id)).toBe('静安区冬季学习节开幕');

    await reviewer.reload();
    await reviewer.getByText('线上版本（学员现在看到的）').waitFor();
    await reviewer.getByRole('button', { name: '通过修改' }).click();
    await reviewer.getByText('没有等待审核的内容。').waitFor();
    expect(await phoneTitle(phonePage, id)).toBe('静安区冬季学习节开幕（时间调整）');

    // Every step in the audit log, reached from the menu.
    await reviewer
      .getByRole('navigation', { name: '后台菜单' })
      .getByRole('link', { name: '操作日志' })
      .click();
    await reviewer.getByRole('heading', { name: '操作日志' }).waitFor();
    const rows = reviewer.locator('.ant-table-row').filter({ hasText: `文章 #${id}` });
    await expect.poll(() => rows.count()).toBe(6);
    const actions = await rows.locator('td:nth-child(4)').allTextContents();
    expect(actions.reverse()).toEqual([
      '新建',
      '提交审核',
      '审核通过',
      '修改',
      '提交审核',
      '审核通过',
    ]);
    expect(await seriousFindings(reviewer)).toEqual([]);
  });

  it('takes a course with an uploaded video, audio and PDF lesson to the phone, where the video plays', async () => {
    const editor = await signedIn(EDITOR);
    await editor
      .getByRole('navigation', { name: '后台菜单' })
      .getByRole('link', { name: '课程管理' })
      .click();
    await editor.getByRole('heading', { name: '课程管理' }).waitFor();
    await editor.getByRole('link', { name: /新建课程/ }).click();
    await editor.getByRole('heading', { name: '新建课程' }).waitFor();
    const choices = await fetch(url('/api/courses/categories'), {
      headers: { 'x-site': 'jingan' },
    });
    const [category] = ((await choices.json()) as { data: Array<{ name: string }> }).data;
    if (!category) throw new Error('no category');
    await choose(editor, '课程分类', category.name);
    // The first teacher, by keyboard: the list opens on it.
    await editor.getByLabel('授课教师', { exact: true }).click();
    await editor.keyboard.press('Enter');
    await editor.getByRole('textbox', { name: '课程名称' }).fill('手机拍照入门（后台新建）');
    // A camera-sized cover: kept at three widths, the phone's card takes the smallest.
    const png = await sharp({
      create: { width: 2400, height: 1350, channels: 3, background: { r: 240, g: 120, b: 30 } },
    })
      .png()
      .toBuffer();
    await editor.locator('input[type=file][accept^="image"]').first().setInputFiles({
      name: '封面.png',
      mimeType: 'image/png',
      buffer: png,
    });
    await editor.getByRole('img', { name: '封面' }).waitFor();
    await editor.getByRole('button', { name: '添加课时' }).click();
    await editor.getByRole('textbox', { name: '课时标题' }).fill('第一课 打开相机');
    // A 720p recording with sound: the server transcodes it into a ladder in the background,
    // its progress shown under the upload while the rest of the course is written.
    await editor
      .locator('input[type=file][accept^="video"]')
      .setInputFiles({ name: '打开相机.mp4', mimeType: 'video/mp4', buffer: await lectureVideo() });
    await editor.locator('video[src^="/media/uploads/jingan/"]').waitFor();
    await expect.poll(() => editor.getByLabel('时长（秒）').inputValue()).toBe('12');
    await editor.getByRole('region', { name: '视频转码' }).waitFor();
    // An audio lesson, its length read by the browser from the file (300 frames of 36 ms).
    await editor.getByRole('button', { name: '添加课时' }).click();
    await editor.getByRole('textbox', { name: '课时标题' }).last().fill('第二课 听一听');
    await editor.getByRole('radio', { name: '音频' }).last().check();
    const mp3 = Buffer.alloc(300 * 144);
    for (let frame = 0; frame < 300; frame += 1) mp3.set([0xff, 0xfb, 0x18, 0xc4], frame * 144);
    await editor
      .locator('input[type=file][accept^="audio"]')
      .setInputFiles({ name: '导读.mp3', mimeType: 'audio/mpeg', buffer: mp3 });
    await editor.locator('audio[src^="/media/uploads/jingan/"]').waitFor();
    await expect.poll(() => editor.getByLabel('时长（秒）').last().inputValue()).toBe('11');
    // A PDF lesson, its pages read by the server from the uploaded file.
    const handout = await PDFDocument.create();
    for (let page = 0; page < 3; page += 1) handout.addPage([420, 595]);
    await editor.getByRole('button', { name: '添加课时' }).click();
    await editor.getByRole('textbox', { name: '课时标题' }).last().fill('第三课 读一读');
    await editor.getByRole('radio', { name: 'PDF' }).last().check();
    await editor.locator('input[type=file][accept^="application/pdf"]').setInputFiles({
      name: '讲义.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(await handout.save()),
    });
    await editor.getByText('共 3 页').waitFor();
    expect(await seriousFindings(editor)).toEqual([]);
    await editor.getByRole('button', { name: '保存' }).click();
    await editor.waitForURL(/\/admin\/courses\/edit\?id=\d+/);
    const id = articleIdOf(editor);
    await editor.getByRole('button', { name: '提交审核' }).click();
    await editor.getByText('待审核', { exact: true }).first().waitFor();
    // The ladder, whole, before anyone may publish the lesson.
    await editor
      .getByRole('region', { name: '视频转码' })
      .getByText('可播放')
      .waitFor({ timeout: 300_000 });
    await editor.getByText('360p / 540p / 720p · 时长 0:12 · 可只听声音').waitFor();

    const reviewer = await signedIn(REVIEWER);
    await reviewer
      .getByRole('navigation', { name: '后台菜单' })
      .getByRole('link', { name: '待审核', exact: true })
      .click();
    await reviewer.getByRole('link', { name: '手机拍照入门（后台新建）' }).click();
    await reviewer.getByRole('button', { name: '通过并发布' }).click();
    await reviewer.getByText('已发布', { exact: true }).first().waitFor();

    // The phone: first in the course list (newest), and the lesson plays the uploaded video.
    const phone = await suite.phone();
    const phonePage = await phone.newPage();
    await storeLogin(
      phonePage,
      suite.portal.baseUrl,
      await apiLogin(suite.portal.baseUrl, '13800000002'),
    );
    await phonePage.goto(url('/scourseList'));
    await phonePage.locator('.course-card').first().getByText('手机拍照入门（后台新建）').waitFor();
    const cover = phonePage.locator('.course-card').first().locator('img');
    await expect
      .poll(() =>
        cover.evaluate(
          (img: HTMLImageElement) => `${img.currentSrc} ${img.complete && img.naturalWidth > 0}`,
        ),
      )
      .toMatch(/^http:.*\/files\/admin\/jingan\/[A-Za-z0-9_-]{22}\.w480\.webp true$/);
    const ladder: string[] = [];
    phonePage.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/media/')) ladder.push(pathname);
    });
    await phonePage.goto(url(`/scourseDetail?id=${id}`));
    await phonePage.getByRole('heading', { name: '课程目录' }).waitFor();
    await expect
      .poll(() => phonePage.locator('.course-lesson-kind').allTextContents())
      .toEqual(['视频', '音频', 'PDF']);
    await phonePage.getByRole('button', { name: '开始学习' }).click();
    const video = phonePage.locator('video.video-player');
    await video.waitFor();
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), {
        timeout: 15_000,
      })
      .toBeGreaterThan(1);
    // The ladder plays through hls.js (Media Source: a blob address), from its lowest rung:
    // never the upload as it came.
    expect(await video.evaluate((element: HTMLVideoElement) => element.currentSrc)).toMatch(
      /^blob:/,
    );
    const segments = ladder.filter((pathname) => pathname.endsWith('.ts'));
    expect(segments[0]).toMatch(/^\/media\/ladders\/jingan\/[A-Za-z0-9_-]+\/360p\/seg000\.ts$/);
    expect(ladder.some((pathname) => pathname.startsWith('/media/uploads/'))).toBe(false);

    // 只听声音: the sound alone, from where the video had got to; 看视频 goes back.
    const reached = await video.evaluate((element: HTMLVideoElement) => element.currentTime);
    await phonePage.getByRole('button', { name: '只听声音' }).click();
    const audio = phonePage.locator('audio');
    await audio.waitFor({ state: 'attached' });
    expect(await audio.getAttribute('src')).toMatch(
      /^\/media\/ladders\/jingan\/[A-Za-z0-9_-]+\/audio\.m4a(#t=[\d.]+)?$/,
    );
    await expect
      .poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime), {
        timeout: 15_000,
      })
      .toBeGreaterThan(reached + 0.5);
    await phonePage.getByRole('button', { name: '看视频' }).click();
    await phonePage.locator('video.video-player').waitFor();

    // Safari on the iPhone has no Media Source: the browser's own HLS plays the ladder (an
    // http address, not a blob), from its lowest rung as well.
    const plainPage = await phone.newPage();
    await plainPage.addInitScript(() => {
      delete (window as { MediaSource?: unknown }).MediaSource;
    });
    const fetched: string[] = [];
    plainPage.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.endsWith('.ts')) fetched.push(pathname);
    });
    await plainPage.goto(url(`/scourseDetail?id=${id}`));
    await plainPage.getByRole('button', { name: /开始学习|继续学习/ }).click();
    const mse = plainPage.locator('video.video-player');
    await expect
      .poll(
        () =>
          mse.evaluate(
            (element: HTMLVideoElement) =>
              `${element.currentSrc.split(':')[0]} ${element.currentTime > 1}`,
          ),
        { timeout: 15_000 },
      )
      .toBe('http true');
    expect(fetched[0]).toMatch(/^\/media\/ladders\/jingan\/[A-Za-z0-9_-]+\/360p\/seg\d{3}\.ts$/);
  }, 420_000);

  it('takes an activity with a sign-up form built in the console to the phone, where a learner fills it in', async () => {
    const editor = await signedIn(EDITOR);
    await editor
      .getByRole('navigation', { name: '后台菜单' })
      .getByRole('link', { name: '活动管理' })
      .click();
    await editor.getByRole('heading', { name: '活动管理' }).waitFor();
    await editor.getByRole('link', { name: /新建活动/ }).click();
    await editor.getByRole('heading', { name: '新建活动' }).waitFor();
    // The first organiser, by keyboard: the list opens on it.
    await editor.getByLabel('主办方', { exact: true }).click();
    await editor.keyboard.press('Enter');
    await editor.getByRole('textbox', { name: '活动名称' }).fill('冬至包馄饨（后台新建）');
    const png = await sharp({
      create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 60, b: 60 } },
    })
      .png()
      .toBuffer();
    await editor.locator('input[type=file][accept^="image"]').first().setInputFiles({
      name: '封面.png',
      mimeType: 'image/png',
      buffer: png,
    });
    await editor.getByRole('img', { name: '封面' }).waitFor();
    await editor.getByRole('textbox', { name: '咨询电话' }).fill('021-62561234');
    await editor.getByRole('textbox', { name: '活动地点' }).fill('静安区社区学校二楼');
    const description = editor.getByRole('textbox', { name: '活动介绍' });
    await description.click();
    await editor.keyboard.type('一起包馄饨过冬至，材料由社区提供。');
    // The sign-up form: one required single choice.
    await editor.getByRole('button', { name: '添加报名信息' }).click();
    await editor.getByRole('textbox', { name: '字段名称' }).fill('年龄段');
    await editor.locator('label.ant-radio-button-wrapper', { hasText: '单选' }).click();
    await editor.getByRole('switch', { name: '必填' }).click();
    const options = editor.getByLabel('选项', { exact: true });
    await options.fill('60岁以下');
    await options.press('Enter');
    await options.fill('60岁及以上');
    await options.press('Enter');
    expect(await seriousFindings(editor)).toEqual([]);
    await editor.getByRole('button', { name: '保存' }).click();
    await editor.waitForURL(/\/admin\/activities\/edit\?id=\d+/);
    const id = articleIdOf(editor);
    await editor.getByRole('button', { name: '提交审核' }).click();
    await editor.getByText('待审核', { exact: true }).first().waitFor();

    const reviewer = await signedIn(REVIEWER);
    await reviewer
      .getByRole('navigation', { name: '后台菜单' })
      .getByRole('link', { name: '待审核', exact: true })
      .click();
    await reviewer.getByRole('link', { name: '冬至包馄饨（后台新建）' }).click();
    await expect
      .poll(() => reviewer.getByRole('textbox', { name: '字段名称' }).inputValue())
      .toBe('年龄段');
    // Scheduled for tomorrow first (定时发布), then the reviewer changes their mind.
    await reviewer.getByRole('button', { name: '定时发布' }).click();
    const tomorrow = new Date(Date.now() + 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);
    const picker = reviewer.getByLabel('发布时间');
    await picker.click();
    await picker.fill(`${tomorrow} 09:30`);
    await reviewer
      .locator('.ant-picker-dropdown:visible')
      .getByRole('button', { name: '确定' })
      .click();
    await reviewer.getByRole('button', { name: '确定定时' }).click();
    await reviewer.getByText(`定时发布：${tomorrow} 09:30`).waitFor();
    expect(await seriousFindings(reviewer)).toEqual([]);
    await reviewer.getByRole('button', { name: '取消定时' }).click();
    await reviewer.getByText('已取消定时').waitFor();
    await reviewer.getByRole('button', { name: '通过并发布' }).click();
    await reviewer.getByText('已发布', { exact: true }).first().waitFor();

    // The phone: the activity at once, and its sign-up asks what the operator built.
    const phone = await suite.phone();
    const phonePage = await phone.newPage();
    await storeLogin(
      phonePage,
      suite.portal.baseUrl,
      await apiLogin(suite.portal.baseUrl, '13800000002'),
    );
    await phonePage.goto(url(`/activityDetails?id=${id}`));
    await phonePage.getByRole('heading', { level: 1, name: '冬至包馄饨（后台新建）' }).waitFor();
    await phonePage.getByText('一起包馄饨过冬至').waitFor();
    await phonePage.getByRole('link', { name: '立即报名' }).click();
    await phonePage.getByRole('button', { name: '提交报名' }).click();
    await phonePage.getByText('请选择年龄段').waitFor();
    await phonePage
      .locator('fieldset.signup-field', { has: phonePage.locator('legend', { hasText: '年龄段' }) })
      .getByText('60岁及以上')
      .click();
    await phonePage.getByRole('button', { name: '提交报名' }).click();
    await phonePage.getByRole('heading', { name: '报名成功' }).waitFor();

    // Back in the console: the seat taken bounds the capacity.
    await reviewer.reload();
    await reviewer.getByText('已有 1 人报名，名额不能少于 1').waitFor();
    expect(await seriousFindings(reviewer)).toEqual([]);
  });

  it('refuses a learner the console, and keeps another site’s editor out of this one’s records', async () => {
    const learner = await signedIn(LEARNER);
    await learner.getByText('没有运营后台的权限').waitFor();
    expect(await seriousFindings(learner)).toEqual([]);

    const answer = await fetch(url('/api/articles?kind=news&size=1'), {
      headers: { 'x-site': 'jingan' },
    });
    const [article] = ((await answer.json()) as { data: { list: Array<{ id: number }> } }).data
      .list;
    if (!article) throw new Error('no article');
    const other = await signedIn(XUHUI_EDITOR);
    await other.getByRole('heading', { name: '文章管理' }).waitFor();
    await other.locator('header').getByText('徐汇学习网').waitFor();
    await other.goto(url(`/admin/articles/edit?id=${article.id}`));
    await other.getByText('文章没有打开').waitFor();
    await other.getByText('文章不存在').waitFor();
  });
});
