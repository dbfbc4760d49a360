/**
 * How long a learner waits for a transcoded lesson video, and what the phone downloads: an
 * operator's 1080p lecture with sound (ffmpeg's test sources, BENCH_VIDEO_SECONDS long, 120 by
 * default; 600 for the issue's ten minutes) is uploaded through the console's API, transcoded by
 * the media pipeline and published; then, in a phone-emulated Chromium (a fresh profile each
 * run), the learner taps 开始学习 and the time from the tap to the video's first frame is read
 * (`requestVideoFrameCallback`), on a 4G-like link and unthrottled, each with hls.js (as every
 * browser with Media Source plays it) and with the browser's own HLS player (Media Source
 * hidden, as Safari on the iPhone plays it); the first run is a first start, the others resume
 * where the learner stopped (继续学习). The median run's fetches are listed from the tap. It also
 * prints which rung the player started at and the rungs of the segments it fetched in its first PLAY_SECONDS of
 * playing (hls.js climbing with the bandwidth), with their bytes.
 *
 * Run: `npm run bench:video` (builds the web app into a temporary folder unless WEB_DIST_DIR
 * names a build). RUNS=n changes the number of runs.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { apiLogin, type Login } from '../e2e/harness.ts';
import { CONDITIONS, type Condition, median, phonePage, withPortal } from './bench-support.ts';

const RUNS = Number(process.env.RUNS ?? 3);
const SECONDS = Number(process.env.BENCH_VIDEO_SECONDS ?? 120);
/** Seconds of playing watched for the rungs fetched. */
const PLAY_SECONDS = 20;
const SITE = 'jingan';

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

async function call<T>(base: string, token: string, method: string, url: string, json?: unknown) {
  const answer = await fetch(`${base}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'x-site': SITE,
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: json === undefined ? null : JSON.stringify(json),
  });
  const body = (await answer.json()) as Envelope<T>;
  if (body.code !== 0) throw new Error(`${url}: ${body.message}`);
  return body.data;
}

/** A published course whose one lesson is the transcoded lecture; answers its id. */
async function publishLecture(base: string): Promise<number> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-video-'));
  const file = path.join(folder, 'lecture.mp4');
  // As a phone records a lecture: 8 Mbit/s (ten minutes are about 600 MB).
  const sourceKbps = 8_000;
  console.log(`making a ${SECONDS} s 1080p lecture with sound at ${sourceKbps} kbit/s ...`);
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi'],
    ...['-i', `testsrc2=size=1920x1080:rate=25:duration=${SECONDS}`, '-f', 'lavfi'],
    ...['-i', `sine=frequency=330:duration=${SECONDS}`, '-c:v', 'libx264', '-preset', 'veryfast'],
    ...['-b:v', `${sourceKbps}k`, '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file],
  ]);
  const editor = (await apiLogin(base, '13800000012')).token;
  const reviewer = (await apiLogin(base, '13800000013')).token;
  const form = new FormData();
  // Streamed from the disk, as a browser sends a picked file.
  form.append('file', await fs.openAsBlob(file, { type: 'video/mp4' }), 'lecture.mp4');
  const uploaded = (await (
    await fetch(`${base}/api/admin/uploads/video`, {
      method: 'POST',
      headers: { authorization: `Bearer ${editor}`, 'x-site': SITE },
      body: form,
    })
  ).json()) as Envelope<{ url: string }>;
  fs.rmSync(folder, { recursive: true, force: true });
  if (uploaded.code !== 0) throw new Error(`upload: ${uploaded.message}`);
  const started = performance.now();
  console.log('transcoding through the media pipeline ...');
  for (;;) {
    const ladder = await call<{ state: string; reason: string | null; rungs: number[] }>(
      base,
      editor,
      'GET',
      `/api/admin/uploads/video-ladder?url=${encodeURIComponent(uploaded.data.url)}`,
    );
    if (ladder.state === 'failed') throw new Error(`transcode failed: ${ladder.reason}`);
    if (ladder.state === 'ready') {
      const took = (performance.now() - started) / 1000;
      console.log(
        `ladder ${ladder.rungs.join('/')}p ready in ${took.toFixed(0)} s (${(SECONDS / took).toFixed(2)}× real time, queue and store included)`,
      );
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const choices = await call<{ categories: { id: number }[]; teachers: { id: number }[] }>(
    base,
    editor,
    'GET',
    '/api/admin/courses/choices',
  );
  const created = await call<{ id: number; version: number }>(
    base,
    editor,
    'POST',
    '/api/admin/courses/create',
    {
      categoryId: choices.categories[0]?.id,
      teacherId: choices.teachers[0]?.id,
      title: '转码测速课程',
      summary: '首帧测速',
      introductionHtml: '<p>测速</p>',
      cover: '/files/covers/jingan-category-1-a.svg',
      tags: [],
      chapters: [
        {
          title: '第一章',
          lessons: [
            { title: '讲座', kind: 'video', videoUrl: uploaded.data.url, durationSeconds: SECONDS },
          ],
        },
      ],
    },
  );
  const submitted = await call<{ id: number; version: number }>(
    base,
    editor,
    'POST',
    '/api/admin/courses/submit',
    { id: created.id, version: created.version },
  );
  await call(base, reviewer, 'POST', '/api/admin/courses/approve', {
    id: submitted.id,
    version: submitted.version,
  });
  return created.id;
}

/** Chromium's own HLS player (standing in for Safari's on the iPhone), or hls.js. */
type Player = 'native' | 'hls.js';

interface Run {
  /** Tap to first frame. */
  ms: number;
  /** Rung of each segment fetched, in order, with its bytes. */
  segments: { rung: string; bytes: number }[];
  /** What was fetched between the tap and the first frame: when each started and ended. */
  waterfall: { name: string; start: number; end: number; bytes: number }[];
}

async function measure(
  browser: Browser,
  base: string,
  login: Login,
  courseId: number,
  condition: Condition,
  player: Player,
): Promise<Run> {
  const { context, page } = await phonePage(browser, login, condition);
  try {
    if (player === 'native') {
      // As Safari on the iPhone, without Media Source: the browser's own HLS plays it (hls.js
      // plays it wherever Media Source exists, as in this Chromium).
      await page.addInitScript(() => {
        delete (window as { MediaSource?: unknown }).MediaSource;
      });
    }
    const segments: { rung: string; bytes: number }[] = [];
    page.on('requestfinished', (request) => {
      const match = /\/media\/ladders\/[^/]+\/[^/]+\/(\d+p)\/seg\d+\.ts$/.exec(request.url());
      if (!match) return;
      void request.sizes().then((sizes) => {
        segments.push({ rung: match[1] ?? '', bytes: sizes.responseBodySize });
      });
    });
    await page.goto(`${base}/scourseDetail?id=${courseId}`, { waitUntil: 'networkidle' });
    const start = page.getByRole('button', { name: /开始学习|继续学习/ });
    await start.waitFor();
    await page.evaluate(() => {
      // Room for every fetch of the page and the lesson (the browser keeps 250 by default).
      performance.setResourceTimingBufferSize(2_000);
      // Each video that starts loading (a player mounted again loads anew): its first frame
      // shown is the first frame, once.
      document.addEventListener(
        'loadstart',
        (event) => {
          const video = event.target;
          if (!(video instanceof HTMLVideoElement)) return;
          video.requestVideoFrameCallback(() => {
            if (performance.getEntriesByName('first-frame').length === 0) {
              performance.mark('first-frame');
            }
          });
        },
        { capture: true },
      );
      performance.mark('tap');
    });
    await start.click();
    await page.waitForFunction(() => performance.getEntriesByName('first-frame').length > 0, null, {
      timeout: 60_000,
    });
    const { ms, waterfall } = await page.evaluate(() => {
      const tap = performance.getEntriesByName('tap')[0]?.startTime ?? Number.NaN;
      const frame = performance.getEntriesByName('first-frame')[0]?.startTime ?? Number.NaN;
      const fetched = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => entry.startTime >= tap && entry.startTime <= frame)
        .map((entry) => ({
          name: new URL(entry.name).pathname,
          start: entry.startTime - tap,
          end: entry.responseEnd - tap,
          bytes: entry.transferSize,
        }));
      return { ms: frame - tap, waterfall: fetched };
    });
    await page.waitForTimeout(PLAY_SECONDS * 1000);
    return { ms, segments, waterfall };
  } finally {
    await context.close();
  }
}

await withPortal(async (portal, browser) => {
  const courseId = await publishLecture(portal.baseUrl);
  console.log(`\n/scourseDetail?id=${courseId}, iPhone 13 emulation, fresh profile per run`);
  const cases = CONDITIONS.flatMap((condition) =>
    (['native', 'hls.js'] as const).map((player) => ({ condition, player })),
  );
  for (const { condition, player } of cases) {
    const runs: Run[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      // A fresh login per profile: the page's token refresh retires the one it was given.
      const login = await apiLogin(portal.baseUrl);
      runs.push(await measure(browser, portal.baseUrl, login, courseId, condition, player));
    }
    const times = runs.map((run) => run.ms);
    console.log(
      `\n${condition.name}, ${player === 'native' ? 'the browser’s own HLS (no Media Source, as on the iPhone)' : 'hls.js'}\n  tap to first frame: ${median(times).toFixed(0)} ms median [${times.map((t) => t.toFixed(0)).join(', ')}]`,
    );
    for (const [index, run] of runs.entries()) {
      const byRung = new Map<string, number>();
      for (const segment of run.segments) {
        byRung.set(segment.rung, (byRung.get(segment.rung) ?? 0) + segment.bytes);
      }
      console.log(
        `  run ${index + 1}: segments ${run.segments.map((s) => s.rung).join(' ')} | ${[...byRung].map(([rung, bytes]) => `${rung} ${(bytes / 1024).toFixed(0)} KB`).join(', ')}`,
      );
    }
    // Where the median run's wait went: each fetch from the tap to the first frame.
    const middle = [...runs].sort((a, b) => a.ms - b.ms)[Math.floor(runs.length / 2)];
    console.log('  the median run, from the tap (ms):');
    for (const fetched of middle?.waterfall ?? []) {
      console.log(
        `    ${fetched.start.toFixed(0).padStart(5)} → ${fetched.end.toFixed(0).padStart(5)}  ${(fetched.bytes / 1024).toFixed(1).padStart(7)} KB  ${fetched.name}`,
      );
    }
  }
});
