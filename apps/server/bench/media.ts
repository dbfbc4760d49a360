import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  ffmpegCommand,
  ladderArguments,
  ladderFor,
  rungFolder,
} from '../src/modules/media/video-plan.ts';
import { findTsx } from './child-process.ts';
import { positiveEnv, serverDir } from './harness.ts';
import { alignedTable } from './text-table.ts';

// npm run bench:media   (BENCH_MEDIA_SECONDS=120 TRANSCODE_THREADS=1 BENCH_MEDIA_OPEN=1
//                        BENCH_ONLY=home,course BENCH_DURATION=10)
// The media pipeline's cost on this machine (issue 30, item 5): a 1080p lecture with sound
// (ffmpeg's test sources) transcoded into the ladder exactly as the job does it (TRANSCODE_PRIORITY,
// TRANSCODE_THREADS threads): how many times real time it runs, and the bytes a phone downloads
// for the first minute at each rung and for 只听声音. With BENCH_MEDIA_OPEN=1 it then runs the
// open-loop bench (`npm run bench -- --open`, the reads of BENCH_ONLY) twice, idle and while a
// transcode runs beside the server, so the two p99 columns show what a transcode costs serving.

const run = promisify(execFile);
const seconds = positiveEnv('BENCH_MEDIA_SECONDS', 120);
const threads = positiveEnv('TRANSCODE_THREADS', 1);
const priority = process.env.TRANSCODE_PRIORITY === 'low' ? 'low' : 'idle';

/** Runs ffmpeg as the job does (at TRANSCODE_PRIORITY), resolving with the wall-clock seconds it took. */
function transcode(args: string[], signal?: AbortSignal): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const [command, ...prefix] = ffmpegCommand(priority);
    const child = spawn(command, [...prefix, ...args], {
      stdio: ['ignore', 'ignore', 'inherit'],
      ...(signal ? { signal, killSignal: 'SIGKILL' as const } : {}),
    });
    child.on('error', (error) => (signal?.aborted ? resolve(0) : reject(error)));
    child.on('close', (code) => {
      if (code === 0 || signal?.aborted) resolve((performance.now() - started) / 1000);
      else reject(new Error(`ffmpeg exited with ${code}`));
    });
  });
}

/** Bytes of the segments (with the playlists) a player loads for the first `limit` seconds. */
async function firstBytes(folder: string, limit: number): Promise<number> {
  const playlist = await fs.promises.readFile(path.join(folder, 'index.m3u8'), 'utf8');
  let total = Buffer.byteLength(playlist);
  let covered = 0;
  let length = 0;
  for (const line of playlist.split('\n')) {
    const duration = /^#EXTINF:([\d.]+)/.exec(line);
    if (duration) length = Number(duration[1]);
    else if (line.endsWith('.ts') && covered < limit) {
      total += (await fs.promises.stat(path.join(folder, line))).size;
      covered += length;
    }
  }
  return total;
}

/** The open-loop bench of BENCH_ONLY, its table passed through; resolves when it ends. */
function openBench(label: string): Promise<void> {
  console.log(`\n— open loop, ${label} —`);
  return new Promise((resolve, reject) => {
    const child = spawn(findTsx(serverDir), ['bench/run.ts', '--open'], {
      cwd: serverDir,
      stdio: 'inherit',
      env: { ...process.env, BENCH_WRITES: '0', BENCH_ONLY: process.env.BENCH_ONLY ?? 'home' },
    });
    child.on('error', reject);
    child.on('close', () => resolve());
  });
}

const work = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'bench-media-'));
try {
  const input = path.join(work, 'lecture.mp4');
  console.log(`making a ${seconds} s 1080p lecture with sound (ffmpeg test sources)…`);
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi'],
    ...['-i', `testsrc2=size=1920x1080:rate=25:duration=${seconds}`, '-f', 'lavfi'],
    ...['-i', `sine=frequency=330:duration=${seconds}`, '-c:v', 'libx264', '-preset', 'veryfast'],
    ...['-b:v', '8M', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', input],
  ]);
  const probe = {
    durationSeconds: seconds,
    width: 1920,
    height: 1080,
    rotation: 0,
    hasAudio: true,
  };
  const rungs = ladderFor(probe);
  const out = path.join(work, 'out');
  for (const rung of rungs)
    await fs.promises.mkdir(path.join(out, rungFolder(rung)), { recursive: true });
  const args = ladderArguments(input, out, probe, rungs, threads).filter(
    (arg, index, all) => arg !== '-progress' && all[index - 1] !== '-progress',
  );
  console.log(`transcoding into ${rungs.map(rungFolder).join(', ')} with ${threads} thread(s)…`);
  const took = await transcode(args);
  const audioBytes = (await fs.promises.stat(path.join(out, 'audio.m4a'))).size;
  const rows: string[][] = [];
  for (const rung of rungs) {
    const bytes = await firstBytes(path.join(out, rungFolder(rung)), 60);
    rows.push([
      rungFolder(rung),
      `${rung.width}×${rung.height}`,
      `${rung.videoKbps} kbit/s`,
      `${(bytes / 1024 / 1024).toFixed(2)} MB`,
    ]);
  }
  rows.push([
    '只听声音',
    'audio.m4a',
    '64 kbit/s',
    `${((audioBytes * Math.min(1, 60 / seconds)) / 1024 / 1024).toFixed(2)} MB`,
  ]);
  console.log(
    `\ntranscode: ${seconds} s of 1080p in ${took.toFixed(1)} s = ${(seconds / took).toFixed(2)}× real time (${os.cpus().length} cores, ${threads} thread(s), ${priority} priority)\n`,
  );
  console.log(alignedTable(['rung', 'size', 'video', 'first minute'], rows));

  if (process.env.BENCH_MEDIA_OPEN === '1') {
    await openBench('idle');
    const stop = new AbortController();
    // Transcodes again and again beside the server until the bench ends.
    const busy = (async () => {
      while (!stop.signal.aborted) await transcode(args, stop.signal).catch(() => 0);
    })();
    await openBench('while a video transcodes');
    stop.abort();
    await busy;
  }
} finally {
  await fs.promises.rm(work, { recursive: true, force: true });
}
