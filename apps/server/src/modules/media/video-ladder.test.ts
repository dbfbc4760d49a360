import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  type AdminCourse,
  type AdminCourseChoices,
  type AdminCourseFormInput,
  type AdminVideoLadder,
  type AdminVideoUpload,
  ErrorCode,
  type LessonContent,
  type LiveSessionDetail,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FinalJobFailure } from '../../platform/jobs/job-queue.ts';
import { createLearners, type TestLearner } from '../../testing/class-factory.ts';
import { createLiveChannel, createLiveSession } from '../../testing/live-factory.ts';
import {
  adminCall,
  adminUpload,
  createOperator,
  reviewStep,
} from '../../testing/operator-factory.ts';
import { body, describeEachEngine } from '../../testing/test-app.ts';
import { VIDEO_LADDER_JOB, videoLadderKind } from './video-ladder.ts';
import {
  ladderArguments,
  ladderFor,
  masterPlaylist,
  progressSeconds,
  readProbe,
} from './video-plan.ts';

const run = promisify(execFile);
const SITE = 'jingan';

/** Test videos made once with ffmpeg's test sources: H.264 with an AAC tone unless `silent`. */
let work: string;
const videos: Record<string, Buffer> = {};
async function makeVideo(
  name: string,
  size: string,
  seconds: number,
  { silent = false, faststart = true } = {},
) {
  const file = path.join(work, `${name}.mp4`);
  await run('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${size}:rate=25:duration=${seconds}`,
    ...(silent ? [] : ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`]),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    ...(silent ? [] : ['-c:a', 'aac', '-shortest']),
    ...(faststart ? ['-movflags', '+faststart'] : []),
    file,
  ]);
  videos[name] = await fs.promises.readFile(file);
}

beforeAll(async () => {
  work = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'ladder-test-'));
  await makeVideo('hd', '1280x720', 9);
  await makeVideo('small', '320x240', 3, { silent: true });
}, 60_000);

afterAll(async () => {
  await fs.promises.rm(work, { recursive: true, force: true });
});

describe('the ladder planned for a video', () => {
  const probeJson = (streams: object[], duration = '12.5') =>
    JSON.stringify({ streams, format: { duration } });

  it('reads a phone’s portrait recording as portrait, and knows when it has sound', () => {
    const probe = readProbe(
      probeJson([
        { codec_type: 'video', width: 1920, height: 1080, side_data_list: [{ rotation: -90 }] },
        { codec_type: 'audio' },
      ]),
    );
    expect(probe).toEqual({
      durationSeconds: 12.5,
      width: 1080,
      height: 1920,
      rotation: 270,
      hasAudio: true,
    });
    expect(readProbe(probeJson([{ codec_type: 'video', width: 640, height: 360 }])).hasAudio).toBe(
      false,
    );
  });

  it('refuses, in Chinese, what is not a video it can read', () => {
    expect(() => readProbe('not json')).toThrow(FinalJobFailure);
    expect(() => readProbe(probeJson([{ codec_type: 'audio' }]))).toThrow('没有视频画面');
    expect(() =>
      readProbe(probeJson([{ codec_type: 'video', width: 640, height: 360 }], 'N/A')),
    ).toThrow('时长无法读取');
  });

  it('makes 360p, 540p and 720p of a 1080p video, and never climbs above the source', () => {
    expect(ladderFor({ width: 1920, height: 1080 }).map((r) => [r.width, r.height])).toEqual([
      [640, 360],
      [960, 540],
      [1280, 720],
    ]);
    expect(ladderFor({ width: 1080, height: 1920 }).map((r) => [r.width, r.height])).toEqual([
      [360, 640],
      [540, 960],
      [720, 1280],
    ]);
    expect(ladderFor({ width: 960, height: 540 }).map((r) => r.short)).toEqual([360, 540]);
    // Smaller than the lowest rung: one rung at its own size, at a bit rate to match.
    expect(ladderFor({ width: 320, height: 240 })).toEqual([
      { short: 240, width: 320, height: 240, videoKbps: 400 },
    ]);
  });

  it('lists the lowest rung first in the master playlist, so a player starts low', () => {
    const master = masterPlaylist(ladderFor({ width: 1920, height: 1080 }), true);
    const playlists = master.split('\n').filter((line) => line.endsWith('.m3u8'));
    expect(playlists).toEqual(['360p/index.m3u8', '540p/index.m3u8', '720p/index.m3u8']);
    expect(master).toContain('RESOLUTION=640x360,CODECS="avc1.4d401f,mp4a.40.2"');
  });

  it('maps sound into each rung and the audio-only rendition only when there is sound', () => {
    const rungs = ladderFor({ width: 1280, height: 720 });
    const silent = { durationSeconds: 5, width: 1280, height: 720, rotation: 0, hasAudio: false };
    const mute = ladderArguments('in.mp4', 'out', silent, rungs, 1);
    expect(mute.join(' ')).not.toContain('0:a:0');
    expect(mute).not.toContain('out/audio.m4a');
    expect(mute[mute.indexOf('-var_stream_map') + 1]).toBe(
      'v:0,name:360p v:1,name:540p v:2,name:720p',
    );
    const sound = ladderArguments('in.mp4', 'out', { ...silent, hasAudio: true }, rungs, 2);
    expect(sound[sound.indexOf('-var_stream_map') + 1]).toBe(
      'v:0,a:0,name:360p v:1,a:1,name:540p v:2,a:2,name:720p',
    );
    expect(sound.at(-1)).toBe('out/audio.m4a');
    expect(sound.filter((arg, i) => arg === '2' && sound[i - 1] === '-threads').length).toBe(3);
  });

  it('reads the seconds made from ffmpeg’s progress lines', () => {
    expect(progressSeconds('frame=10\nout_time_us=2500000\nout_time_ms=3000000\n')).toBe(3);
    expect(progressSeconds('frame=10\n')).toBeNull();
  });
});

describeEachEngine('lesson videos become an HLS ladder in the background', (ctx) => {
  let app: FastifyInstance;
  let editor: TestLearner;
  let reviewer: TestLearner;
  let learner: TestLearner;
  let choices: AdminCourseChoices;

  const as = <T>(who: TestLearner, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    adminCall<T>(app, who.token, SITE, method, url, payload);
  const upload = async (name: string, content: Buffer) => {
    const answer = await adminUpload<AdminVideoUpload>(
      app,
      editor.token,
      SITE,
      '/api/admin/uploads/video',
      { name, content, type: 'video/mp4' },
    );
    expect(answer.code, answer.message).toBe(0);
    return answer.data;
  };
  const ladder = (url: string) =>
    as<AdminVideoLadder>(
      editor,
      'GET',
      `/api/admin/uploads/video-ladder?url=${encodeURIComponent(url)}`,
    );
  /** Waits until the upload's ladder is no longer being made (a busy CI machine is slow). */
  const settled = async (url: string) => {
    for (let i = 0; i < 3_000; i += 1) {
      const answer = await ladder(url);
      if (answer.data.state !== 'pending') return answer.data;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the ladder of ${url} never settled`);
  };
  const course = (title: string, videoUrl: string): AdminCourseFormInput => ({
    categoryId: choices.categories[0]?.id ?? 0,
    teacherId: choices.teachers[0]?.id ?? 0,
    title,
    summary: '转码测试',
    introductionHtml: '<p>转码</p>',
    cover: '/files/covers/jingan-category-1-a.svg',
    tags: [],
    chapters: [
      {
        title: '第一章',
        lessons: [{ title: `${title}·视频`, kind: 'video', videoUrl, durationSeconds: 9 }],
      },
    ],
  });
  const step = (who: TestLearner, action: string, item: AdminCourse) =>
    reviewStep(app, who.token, SITE, 'courses', action, item);
  /** A course with the video submitted for review: the reviewer's approval, answered. */
  const approve = async (title: string, videoUrl: string) => {
    const created = await as<AdminCourse>(
      editor,
      'POST',
      '/api/admin/courses/create',
      course(title, videoUrl),
    );
    expect(created.code, created.message).toBe(0);
    const submitted = await step(editor, 'submit', created.data);
    return { course: submitted.data, approved: await step(reviewer, 'approve', submitted.data) };
  };
  const stored = async (url: string) => {
    const key = url.slice(1);
    const opened = await app.files.open(key);
    if (!opened) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of opened.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };

  beforeAll(async () => {
    app = ctx().app;
    editor = await createOperator(app, [{ site: SITE, role: 'editor' }]);
    reviewer = await createOperator(app, [{ site: SITE, role: 'reviewer' }]);
    [learner] = (await createLearners(app.database.db, 1)) as [TestLearner];
    choices = (await as<AdminCourseChoices>(editor, 'GET', '/api/admin/courses/choices')).data;
  });

  it('transcodes a 720p upload into three rungs, an audio track and a poster, and only then publishes its lesson', async () => {
    const video = await upload('讲座.mp4', videos.hd as Buffer);
    expect((await ladder(video.url)).data).toMatchObject({ state: 'pending', rungs: [] });
    // Not before the ladder is whole: the reviewer is told why.
    const early = await approve('转码中的课程', video.url);
    expect(early.approved.code).toBe(ErrorCode.conflict);
    expect(early.approved.message).toBe(
      '课时“转码中的课程·视频”的视频还在转码，转码完成后才能发布',
    );

    await app.jobs.start();
    const ready = await settled(video.url);
    expect(ready).toMatchObject({
      state: 'ready',
      reason: null,
      progress: 1,
      width: 1280,
      height: 720,
      rungs: [360, 540, 720],
    });
    expect(ready.durationSeconds).toBeCloseTo(9, 0);
    // The ladder is stored before its job reports itself done: wait for the report.
    const finished = async () => {
      for (let i = 0; i < 300; i += 1) {
        const [latest] = (await app.jobs.list({ kind: VIDEO_LADDER_JOB, page: 1, size: 1 })).list;
        if (latest?.state !== 'running') return latest;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error('the transcode job never finished');
    };
    const job = await finished();
    expect(job).toMatchObject({
      title: '视频转码',
      state: 'done',
      note: '可播放：360p、540p、720p，含音频',
    });

    // The files, in the store under the upload's name: the master lowest rung first.
    const master = (await stored(ready.hlsUrl ?? ''))?.toString('utf8') ?? '';
    expect(master.split('\n').filter((line) => line.endsWith('.m3u8'))).toEqual([
      '360p/index.m3u8',
      '540p/index.m3u8',
      '720p/index.m3u8',
    ]);
    const folder = (ready.hlsUrl ?? '').replace(/master\.m3u8$/, '');
    const low = (await stored(`${folder}360p/index.m3u8`))?.toString('utf8') ?? '';
    expect(low).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(low).toContain('#EXT-X-ENDLIST');
    const segments = low.split('\n').filter((line) => line.endsWith('.ts'));
    expect(segments.length).toBeGreaterThanOrEqual(2);
    expect(await stored(`${folder}360p/${segments[0]}`)).not.toBeNull();
    const poster = await stored(ready.posterUrl ?? '');
    expect(poster?.subarray(8, 12).toString('latin1')).toBe('WEBP');
    const audio = await stored(ready.audioUrl ?? '');
    expect(audio?.subarray(4, 8).toString('latin1')).toBe('ftyp');
    // Served as media, with the types players insist on.
    const served = await app.inject({ url: ready.hlsUrl ?? '' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toContain('mpegurl');
    expect((await app.inject({ url: ready.posterUrl ?? '' })).headers['content-type']).toBe(
      'image/webp',
    );

    // Now the approval goes through, and the phone plays the ladder.
    const { approved } = await approve('转码好的课程', video.url);
    expect(approved.code, approved.message).toBe(0);
    const lessonId = approved.data.chapters[0]?.lessons[0]?.id ?? 0;
    const lesson = body<LessonContent>(
      await app.inject({
        url: `/api/study/lesson?id=${lessonId}`,
        headers: { 'x-site': SITE, authorization: `Bearer ${learner.token}` },
      }),
    ).data;
    expect(lesson).toMatchObject({
      kind: 'video',
      videoUrl: ready.hlsUrl,
      listenUrl: ready.audioUrl,
      posterUrl: ready.posterUrl,
    });

    // A live session's replay goes through the same pipeline: the ladder once ready.
    const channel = await createLiveChannel(app.database.db, { siteKey: SITE });
    const hour = 3_600_000;
    const replayed = await createLiveSession(app.database.db, {
      site_key: SITE,
      channel_id: channel,
      starts_at: Date.now() - 3 * hour,
      ends_at: Date.now() - 2 * hour,
      replay_url: video.url,
    });
    const rawReplay = await createLiveSession(app.database.db, {
      site_key: SITE,
      channel_id: channel,
      starts_at: Date.now() - 3 * hour,
      ends_at: Date.now() - 2 * hour,
      replay_url: '/media/demo/lesson.mp4',
    });
    const replayOf = async (id: number) =>
      body<LiveSessionDetail>(
        await app.inject({
          url: `/api/live/sessions/detail?id=${id}`,
          headers: { 'x-site': SITE },
        }),
      ).data.replayUrl;
    expect(await replayOf(replayed)).toBe(ready.hlsUrl);
    expect(await replayOf(rawReplay)).toBe('/media/demo/lesson.mp4');
  }, 420_000);

  it('makes one rung of a small silent video, without an audio track', async () => {
    const video = await upload('small.mp4', videos.small as Buffer);
    await app.jobs.start();
    const ready = await settled(video.url);
    expect(ready).toMatchObject({ state: 'ready', rungs: [240], audioUrl: null });
  }, 360_000);

  it('fails a corrupt upload with a reason in Chinese, keeps the upload, and refuses to publish it', async () => {
    const hd = videos.hd as Buffer;
    // The real file's header, then noise: the sniffing passes, the decoding cannot.
    const noise = Buffer.concat([hd.subarray(0, 64), Buffer.alloc(200_000, 7)]);
    const video = await upload('坏文件.mp4', noise);
    await app.jobs.start();
    const failed = await settled(video.url);
    expect(failed.state).toBe('failed');
    expect(failed.reason).toMatch(/损坏|不完整|没有视频画面/);
    expect(failed.hlsUrl).toBeNull();
    // Failed at once: another try would only repeat it.
    // The ladder is marked failed a moment before its job reports itself: wait for the report.
    let report = await app.jobs.find(failed.jobId ?? '');
    for (let i = 0; i < 300 && report?.state === 'running'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      report = await app.jobs.find(failed.jobId ?? '');
    }
    expect(report).toMatchObject({ state: 'failed', attempts: 1 });
    expect(await stored(video.url)).not.toBeNull();
    const { approved } = await approve('坏视频的课程', video.url);
    expect(approved.code).toBe(ErrorCode.conflict);
    expect(approved.message).toContain('的视频转码失败');
    // Nothing half-made under the ladder's folder.
    const prefix = `media/ladders/${SITE}/${path.basename(video.url, '.mp4')}/`;
    const left: string[] = [];
    for await (const file of app.files.list(prefix)) left.push(file.key);
    expect(left).toEqual([]);
  }, 360_000);

  it('fails a truncated upload: a ladder of half a video is never served', async () => {
    const hd = videos.hd as Buffer;
    const video = await upload('半截.mp4', hd.subarray(0, Math.floor(hd.length * 0.4)));
    await app.jobs.start();
    const failed = await settled(video.url);
    expect(failed.state).toBe('failed');
    expect(failed.reason).toMatch(/不完整|损坏/);
  }, 360_000);

  it('fails a video over the length limit, saying so', async () => {
    const video = await upload('长视频.mp4', videos.hd as Buffer);
    const kind = videoLadderKind(app.database.db, app.files, {
      maxMinutes: 0.1,
      threads: 1,
      priority: 'low',
    });
    const context = {
      id: 'test',
      attempt: 1,
      signal: new AbortController().signal,
      progress: async () => {},
    };
    await expect(kind.run({ siteKey: SITE, url: video.url }, context)).rejects.toThrow(
      '视频时长 1 分钟，超过上限 0.1 分钟，请剪短后重新上传',
    );
  }, 60_000);

  it('answers only a site’s own uploads, and a clear message for an unknown one', async () => {
    const unknown = await ladder('/media/uploads/jingan/nope.mp4');
    expect(unknown.code).toBe(ErrorCode.notFound);
    expect(unknown.message).toBe('视频转码记录不存在');
    const bad = await as(editor, 'GET', '/api/admin/uploads/video-ladder');
    expect(bad.code).toBe(ErrorCode.invalid);
    expect(bad.message).toBe('缺少视频地址');
  });
});
