import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import type { AdminVideoLadder } from '@portal/contract';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../platform/errors.ts';
import { type FileStore, keyOfUrlPath } from '../../platform/file-store.ts';
import {
  FinalJobFailure,
  type JobContext,
  JobFailure,
  type JobKind,
  type JobQueue,
  reasonOf,
} from '../../platform/jobs/job-queue.ts';
import {
  ffmpegCommand,
  ladderArguments,
  ladderFor,
  masterPlaylist,
  posterArguments,
  posterSecond,
  progressSeconds,
  type Rung,
  readProbe,
  rungFolder,
  type VideoProbe,
} from './video-plan.ts';

const run = promisify(execFile);

/** The queue name of the lesson videos' transcoding. */
export const VIDEO_LADDER_JOB = 'video-ladder';

/** The store folder of an upload's ladder: `media/ladders/<site>/<upload's name>/`. */
export const ladderFolder = (siteKey: string, sourceKey: string) =>
  `media/ladders/${siteKey}/${path.posix.basename(sourceKey).replace(/\.[^.]+$/, '')}/`;

export interface VideoLadderPayload {
  siteKey: string;
  /** The upload's address, `/media/uploads/<site>/<name>.mp4`. */
  url: string;
}

export interface VideoLadderSettings {
  /** Longest video transcoded, in minutes. */
  maxMinutes: number;
  /** Threads ffmpeg may use. */
  threads: number;
  /** How it shares the CPU with serving ({@link ffmpegCommand}). */
  priority: 'idle' | 'low';
}

/** Least time between two progress writes of a transcode. */
const PROGRESS_EVERY_MS = 2_000;

/**
 * Puts an uploaded video's transcoding on the queue, in the transaction that records the upload:
 * its ladder row (转码中) and one job per upload, named by its address.
 */
export async function queueVideoLadder(
  jobs: JobQueue,
  trx: Kysely<Database>,
  payload: VideoLadderPayload,
  now: number,
): Promise<void> {
  await trx
    .insertInto('video_ladders')
    .values({
      source_url: payload.url,
      site_key: payload.siteKey,
      state: 'pending',
      created_at: now,
      updated_at: now,
    })
    .execute();
  const jobId = await jobs.add(VIDEO_LADDER_JOB, payload, {
    key: `${VIDEO_LADDER_JOB}:${payload.url}`,
    trx,
  });
  await trx
    .updateTable('video_ladders')
    .set({ job_id: jobId })
    .where('source_url', '=', payload.url)
    .execute();
}

/** What ffprobe finds in `file`; a file it cannot read fails the job with a reason in Chinese. */
async function probe(file: string, signal: AbortSignal): Promise<VideoProbe> {
  let stdout: string;
  try {
    ({ stdout } = await run(
      'ffprobe',
      ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', file],
      { signal, maxBuffer: 16 * 1024 * 1024, killSignal: 'SIGKILL' },
    ));
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    if ((error as { code?: unknown }).code === 'ENOENT') {
      throw new JobFailure('服务器缺少 ffmpeg，无法转码视频');
    }
    throw new FinalJobFailure('视频文件已损坏或格式不受支持，无法转码，请检查后重新上传');
  }
  return readProbe(stdout);
}

/**
 * Runs ffmpeg at `priority` (by default on idle CPU only: serving keeps the CPU it needs),
 * calling `onSeconds` with the seconds of output made as its `-progress` blocks come; rejects
 * with a reason in Chinese.
 */
function ffmpeg(
  priority: VideoLadderSettings['priority'],
  args: readonly string[],
  signal: AbortSignal,
  onSeconds?: (seconds: number) => void,
): Promise<void> {
  const [command, ...prefix] = ffmpegCommand(priority);
  return new Promise((resolve, reject) => {
    const child = spawn(command, [...prefix, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      signal,
      killSignal: 'SIGKILL',
    });
    let errors = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      errors = (errors + chunk).slice(-2_000);
    });
    child.stdout.setEncoding('utf8');
    let pending = '';
    child.stdout.on('data', (chunk: string) => {
      pending += chunk;
      const end = pending.lastIndexOf('progress=');
      if (end < 0) return;
      const seconds = progressSeconds(pending.slice(0, end));
      pending = pending.slice(end + 'progress='.length);
      if (seconds !== null) onSeconds?.(seconds);
    });
    child.on('error', (error) => {
      if (signal.aborted) reject(signal.reason);
      else if ((error as { code?: unknown }).code === 'ENOENT') {
        reject(new JobFailure('服务器缺少 ffmpeg，无法转码视频'));
      } else reject(error);
    });
    child.on('close', (code) => {
      if (signal.aborted) reject(signal.reason);
      else if (code === 0) resolve();
      // 127: `nice` found no ffmpeg to run.
      else if (code === 127) reject(new JobFailure('服务器缺少 ffmpeg，无法转码视频'));
      else {
        reject(
          new FinalJobFailure(
            `视频转码失败，文件可能已损坏或不完整，请检查后重新上传（${errors.trim().split('\n').pop()?.slice(0, 120) ?? `ffmpeg ${code}`}）`,
          ),
        );
      }
    });
  });
}

/** Every file under `folder`, as paths relative to it (`/`-separated). */
async function filesUnder(folder: string): Promise<string[]> {
  const entries = await fs.promises.readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .map((relative) => relative.split(path.sep).join('/'));
}

/** The ladder's files written to the store, segments and rung playlists first, the master last. */
async function store(files: FileStore, local: string, folder: string): Promise<void> {
  const names = (await filesUnder(local)).filter((name) => name !== 'master.m3u8');
  const order = (name: string) => (name.endsWith('.ts') ? 0 : 1);
  names.sort((a, b) => order(a) - order(b) || a.localeCompare(b));
  for (const name of [...names, 'master.m3u8']) {
    await files.moveIn(`${folder}${name}`, path.join(local, name));
  }
}

/** The poster: a frame a little way in, at the ladder's top rung, as WebP. */
async function makePoster(
  priority: VideoLadderSettings['priority'],
  input: string,
  out: string,
  probed: VideoProbe,
  top: Rung,
  signal: AbortSignal,
) {
  const png = path.join(out, 'poster.png');
  await ffmpeg(
    priority,
    posterArguments(input, png, posterSecond(probed.durationSeconds), top),
    signal,
  );
  await sharp(png).webp({ quality: 75 }).toFile(path.join(out, 'poster.webp'));
  await fs.promises.rm(png, { force: true });
}

/** Writes the reason of a failed try on the upload's row (it stays 转码中 until the last try). */
async function noteFailure(db: Kysely<Database>, url: string, error: unknown, now: number) {
  await db
    .updateTable('video_ladders')
    .set({ reason: reasonOf(error), updated_at: now })
    .where('source_url', '=', url)
    .execute();
}

/**
 * The background job that makes an uploaded lesson video fit for phones (视频转码): probed
 * (length, streams, rotation), refused past the length limit, transcoded in one ffmpeg pass into
 * an HLS ladder (360p, 540p, 720p, never above the source) with an audio-only rendition and a
 * poster, written to the store under `media/ladders/<site>/<name>/` (the master playlist last),
 * and only then marked ready: a lesson plays its ladder whole or not at all (it plays the upload
 * as it came until then). A retry starts again from the upload, which is never removed.
 */
export function videoLadderKind(
  db: Kysely<Database>,
  files: FileStore,
  settings: VideoLadderSettings,
  now: () => number = Date.now,
): JobKind<VideoLadderPayload> {
  return {
    kind: VIDEO_LADDER_JOB,
    title: '视频转码',
    // The longest video at a third of real time, with room to spare.
    timeoutMs: Math.max(30 * 60_000, settings.maxMinutes * 60_000 * 3),
    attempts: 2,
    backoffMs: 30_000,
    async run(payload, job) {
      const row = await db
        .selectFrom('video_ladders')
        .select('state')
        .where('source_url', '=', payload.url)
        .executeTakeFirst();
      if (!row) {
        await job.progress(1, '视频已删除，无需转码');
        return;
      }
      try {
        await transcode(payload, job);
      } catch (error) {
        await noteFailure(db, payload.url, error, now());
        throw error;
      }
    },
    async failed({ url }, reason) {
      await db
        .updateTable('video_ladders')
        .set({ state: 'failed', reason, updated_at: now() })
        .where('source_url', '=', url)
        .execute();
    },
  };

  async function transcode({ siteKey, url }: VideoLadderPayload, job: JobContext) {
    await db
      .updateTable('video_ladders')
      .set({ state: 'pending', reason: null, updated_at: now() })
      .where('source_url', '=', url)
      .execute();
    const key = keyOfUrlPath(url, ['/media/']);
    const opened = key ? await files.open(key) : null;
    if (!key || !opened) throw new JobFailure('视频文件不存在，请重新上传');
    const work = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'video-ladder-'));
    try {
      const input = path.join(work, `source${path.extname(key)}`);
      await pipeline(opened.body, fs.createWriteStream(input));
      await job.progress(0.02, '分析视频');
      const probed = await probe(input, job.signal);
      const minutes = probed.durationSeconds / 60;
      if (minutes > settings.maxMinutes) {
        throw new FinalJobFailure(
          `视频时长 ${Math.ceil(minutes)} 分钟，超过上限 ${settings.maxMinutes} 分钟，请剪短后重新上传`,
        );
      }
      const rungs = ladderFor(probed);
      const out = path.join(work, 'out');
      for (const rung of rungs)
        await fs.promises.mkdir(path.join(out, rungFolder(rung)), { recursive: true });
      const names = rungs.map(rungFolder).join('、');
      await job.progress(0.05, `转码 ${names}`);
      let reported = 0;
      let made = 0;
      await ffmpeg(
        settings.priority,
        ladderArguments(input, out, probed, rungs, settings.threads),
        job.signal,
        (seconds) => {
          made = seconds;
          const at = Date.now();
          if (at - reported < PROGRESS_EVERY_MS) return;
          reported = at;
          const share = Math.min(1, seconds / probed.durationSeconds);
          void job
            .progress(0.05 + 0.85 * share, `转码 ${names}：${Math.round(share * 100)}%`)
            .catch(() => {});
        },
      );
      // A file cut short still says how long it should be: half a lesson is not a ladder.
      if (made < probed.durationSeconds * 0.9 - 1) {
        throw new FinalJobFailure(
          `视频文件不完整：只能读出 ${Math.floor(made)} 秒，应有 ${Math.round(probed.durationSeconds)} 秒，请重新上传`,
        );
      }
      const top = rungs[rungs.length - 1] as Rung;
      await makePoster(settings.priority, input, out, probed, top, job.signal);
      await fs.promises.writeFile(
        path.join(out, 'master.m3u8'),
        masterPlaylist(rungs, probed.hasAudio),
      );
      await job.progress(0.92, '保存转码文件');
      const folder = ladderFolder(siteKey, key);
      await store(files, out, folder);
      await db
        .updateTable('video_ladders')
        .set({
          state: 'ready',
          reason: null,
          duration_seconds: probed.durationSeconds,
          width: probed.width,
          height: probed.height,
          rungs: rungs.map((rung) => rung.short).join(','),
          hls_url: `/${folder}master.m3u8`,
          audio_url: probed.hasAudio ? `/${folder}audio.m4a` : null,
          poster_url: `/${folder}poster.webp`,
          updated_at: now(),
        })
        .where('source_url', '=', url)
        .execute();
      await job.progress(1, `可播放：${names}${probed.hasAudio ? '，含音频' : ''}`);
    } finally {
      await fs.promises.rm(work, { recursive: true, force: true });
    }
  }
}

/** The ladder of a site's uploaded video as the console shows it, with its job's progress. */
export async function videoLadderOf(
  db: Kysely<Database>,
  jobs: JobQueue,
  siteKey: string,
  url: string,
): Promise<AdminVideoLadder> {
  const row = await db
    .selectFrom('video_ladders')
    .selectAll()
    .where('source_url', '=', url)
    .where('site_key', '=', siteKey)
    .executeTakeFirst();
  if (!row) throw notFound('视频转码记录');
  const job = row.job_id ? await jobs.find(row.job_id) : null;
  return {
    url: row.source_url,
    state: row.state,
    reason: row.reason ?? (row.state === 'failed' ? (job?.error ?? null) : null),
    jobId: row.job_id,
    progress: row.state === 'ready' ? 1 : (job?.progress ?? null),
    note: job?.note ?? null,
    durationSeconds: row.duration_seconds === null ? null : Number(row.duration_seconds),
    width: row.width === null ? null : Number(row.width),
    height: row.height === null ? null : Number(row.height),
    rungs: row.rungs === '' ? [] : row.rungs.split(',').map(Number),
    hlsUrl: row.hls_url,
    audioUrl: row.audio_url,
    posterUrl: row.poster_url,
  };
}
