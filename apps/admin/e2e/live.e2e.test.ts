import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { consoleSuite } from './console-suite.ts';

/*
 * Live sessions in the operators' console, in desktop Chromium against the real server: the demo
 * editor schedules a session live now (channel, cover, times, stream source) and submits it, the
 * demo reviewer publishes it, a phone finds it in the portal's live list within 2 s and opens
 * it; axe finds nothing serious on the console's live pages.
 */

const EDITOR = '13800000012';
const REVIEWER = '13800000013';
const TITLE = '社区书法直播课（后台新建）';

const suite = consoleSuite();
const { url, signedIn, seriousFindings, menu } = suite;

/** A time as the range picker takes it, in Shanghai time: `2026-11-30 19:05`. */
const shanghai = (ms: number) =>
  new Date(ms + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

describe('live sessions in the operators’ console', () => {
  it('takes a session from the editor, through review, to the phone’s live list', async () => {
    const editor = await signedIn(EDITOR);
    await menu(editor).getByRole('link', { name: '直播管理' }).click();
    await editor.getByRole('heading', { name: '直播管理' }).waitFor();
    await editor.locator('.ant-table-row').first().waitFor();
    expect(await seriousFindings(editor)).toEqual([]);
    await editor.getByRole('link', { name: /新建直播/ }).click();
    await editor.getByRole('heading', { name: '新建直播' }).waitFor();

    const channels = await fetch(url('/api/live/channels'), { headers: { 'x-site': 'jingan' } });
    const [channel] = ((await channels.json()) as { data: Array<{ name: string }> }).data;
    if (!channel) throw new Error('no channel');
    await editor.getByLabel('直播频道', { exact: true }).click();
    await editor
      .locator('.ant-select-dropdown:visible')
      .getByText(channel.name, { exact: true })
      .click();
    await editor.getByRole('textbox', { name: '直播标题' }).fill(TITLE);
    await editor.getByRole('textbox', { name: '主讲人', exact: true }).fill('陈老师');
    await editor.getByRole('textbox', { name: '主讲人头衔' }).fill('静安区社区学院书法教师');

    // Live now: from a minute ago for an hour.
    const now = Date.now();
    const [start, end] = [
      editor.locator('.ant-picker-range input').nth(0),
      editor.locator('.ant-picker-range input').nth(1),
    ];
    const confirm = editor.locator('.ant-picker-dropdown:visible .ant-picker-ok button');
    await start.click();
    await start.fill(shanghai(now - 60_000));
    await confirm.click();
    await end.fill(shanghai(now + 60 * 60_000));
    await confirm.click();
    await expect.poll(() => end.inputValue()).toBe(shanghai(now + 60 * 60_000));

    const png = await sharp({
      create: { width: 640, height: 360, channels: 3, background: { r: 30, g: 90, b: 200 } },
    })
      .png()
      .toBuffer();
    await editor.locator('input[type=file][accept^="image"]').first().setInputFiles({
      name: '直播封面.png',
      mimeType: 'image/png',
      buffer: png,
    });
    await editor.getByRole('img', { name: '封面' }).waitFor();

    // A source of another host is refused before it is sent.
    const source = editor.getByRole('textbox', { name: '直播源' });
    await source.fill('https://evil.example/live.m3u8');
    await editor.getByText('须为本站 /media/ 下的 HLS 播放列表').first().waitFor();
    await source.fill('/media/demo/lesson.m3u8');
    expect(await seriousFindings(editor)).toEqual([]);

    await editor.getByRole('button', { name: '保存' }).click();
    await editor.waitForURL(/\/admin\/live\/edit\?id=\d+/);
    const id = Number(new URL(editor.url()).searchParams.get('id'));
    await editor.getByText('草稿', { exact: true }).first().waitFor();
    await editor.getByRole('button', { name: '提交审核' }).click();
    await editor.getByText('待审核', { exact: true }).first().waitFor();

    // The phone has the live list open (without the session) while the reviewer works.
    const phone = await suite.phone();
    const phonePage = await phone.newPage();
    await phonePage.goto(url('/liveList'));
    await phonePage.locator('.live-card').first().waitFor();
    expect(await phonePage.locator('.live-card', { hasText: TITLE }).count()).toBe(0);

    const reviewer = await signedIn(REVIEWER);
    await menu(reviewer).getByRole('link', { name: '待审核', exact: true }).click();
    await reviewer.getByRole('heading', { name: '待审核' }).waitFor();
    await reviewer.getByRole('link', { name: TITLE }).click();
    await reviewer.getByRole('heading', { name: '编辑直播' }).waitFor();
    expect(await seriousFindings(reviewer)).toEqual([]);
    await reviewer.getByRole('button', { name: '通过并发布' }).click();
    await reviewer.getByText('已发布', { exact: true }).first().waitFor();

    // On the phone on the first load after publication (no cache serves the page from
    // before it), among the sessions live now.
    await phonePage.reload();
    await phonePage.locator('.live-card', { hasText: TITLE }).waitFor();
    await phonePage.goto(url(`/liveDetails?id=${id}`));
    await phonePage.getByText(TITLE).first().waitFor();
    await phonePage.getByText('陈老师').first().waitFor();
  });
});
