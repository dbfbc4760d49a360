import { FinalJobFailure } from '../../platform/jobs/job-queue.ts';

/*
 * What the media pipeline makes of an uploaded lesson video, decided from what ffprobe found:
 * the rungs of its HLS ladder (sized for phones, never above the source), and the ffmpeg
 * arguments that make them in one pass (one decode, split and scaled per rung), with the
 * audio-only rendition for 只听声音 beside them. Pure, so the choices are tested without ffmpeg.
 */

/** What the probe of an upload tells the pipeline. */
export interface VideoProbe {
  durationSeconds: number;
  /** As shown (rotation applied): a phone's portrait recording is taller than wide. */
  width: number;
  height: number;
  /** Degrees the player turns the stored picture (0, 90, 180, 270). */
  rotation: number;
  hasAudio: boolean;
}

/** One quality of the ladder, named by its short side (360p is 640×360 or 360×640). */
export interface Rung {
  /** The short side, e.g. 360. */
  short: number;
  width: number;
  height: number;
  videoKbps: number;
}

/** The ladder's short sides and their video bit rates: 4G-friendly, H.264 main profile. */
export const LADDER: readonly { short: number; videoKbps: number }[] = [
  { short: 360, videoKbps: 600 },
  { short: 540, videoKbps: 1_200 },
  { short: 720, videoKbps: 2_000 },
];

/** Audio in each rung and in the audio-only rendition (AAC-LC, enough for speech and music). */
export const AUDIO_KBPS = 64;
/**
 * Seconds per HLS segment: a key frame starts each, so a player may switch at any of them. Players
 * start once about two segments are in (Chromium's own HLS, hls.js): 2 s segments put the first
 * frame on 4G at two 360p segments (about 330 KB), where 4 s ones needed twice that.
 */
export const SEGMENT_SECONDS = 2;

interface ProbeStream {
  codec_type?: string;
  width?: number;
  height?: number;
  tags?: { rotate?: string };
  side_data_list?: { rotation?: number }[];
}

const even = (value: number) => Math.max(2, Math.round(value / 2) * 2);

/** The probe's JSON (`ffprobe -print_format json -show_streams -show_format`), read; refusals in Chinese. */
export function readProbe(json: string): VideoProbe {
  let parsed: { streams?: ProbeStream[]; format?: { duration?: string } };
  try {
    parsed = JSON.parse(json) as typeof parsed;
  } catch {
    throw new FinalJobFailure('视频文件无法识别，请检查后重新上传');
  }
  const streams = parsed.streams ?? [];
  const video = streams.find((stream) => stream.codec_type === 'video');
  if (!video?.width || !video.height)
    throw new FinalJobFailure('文件里没有视频画面，请检查后重新上传');
  const duration = Number(parsed.format?.duration);
  if (!Number.isFinite(duration) || duration <= 0) {
    throw new FinalJobFailure('视频时长无法读取，文件可能已损坏或不完整，请重新上传');
  }
  const turn = Number(
    video.side_data_list?.find((side) => side.rotation !== undefined)?.rotation ??
      video.tags?.rotate ??
      0,
  );
  const rotation = (((Math.round(turn / 90) * 90) % 360) + 360) % 360;
  const sideways = rotation === 90 || rotation === 270;
  return {
    durationSeconds: duration,
    width: sideways ? video.height : video.width,
    height: sideways ? video.width : video.height,
    rotation,
    hasAudio: streams.some((stream) => stream.codec_type === 'audio'),
  };
}

/**
 * The rungs for a video of this size: each of {@link LADDER} the source reaches (by its short
 * side), or one rung at the source's own size when it is smaller than the lowest.
 */
export function ladderFor(probe: Pick<VideoProbe, 'width' | 'height'>): Rung[] {
  const short = Math.min(probe.width, probe.height);
  const long = Math.max(probe.width, probe.height);
  const portrait = probe.height > probe.width;
  const sized = (rungShort: number, videoKbps: number): Rung => {
    const rungLong = even((long * rungShort) / short);
    const s = even(rungShort);
    return {
      short: s,
      width: portrait ? s : rungLong,
      height: portrait ? rungLong : s,
      videoKbps,
    };
  };
  const reached = LADDER.filter((rung) => rung.short <= short);
  if (reached.length === 0) {
    const lowest = LADDER[0] ?? { short: 360, videoKbps: 600 };
    return [sized(short, Math.round((lowest.videoKbps * short) / lowest.short))];
  }
  return reached.map((rung) => sized(rung.short, rung.videoKbps));
}

/** The folder of each rung in the ladder's output, e.g. `360p`. */
export const rungFolder = (rung: Rung) => `${rung.short}p`;

/**
 * The ffmpeg arguments that make the whole ladder from `input` in `out` in one pass: the
 * picture decoded once (rotation applied), split and scaled per rung, H.264 with a key frame
 * every {@link SEGMENT_SECONDS}, VOD HLS per rung (`<rung>p/index.m3u8`), and the audio-only
 * rendition (`audio.m4a`) when the video has sound; progress on stdout. The master playlist is
 * written by the pipeline afterwards ({@link masterPlaylist}), once every rung is whole.
 */
export function ladderArguments(
  input: string,
  out: string,
  probe: VideoProbe,
  rungs: readonly Rung[],
  threads: number,
): string[] {
  const labels = rungs.map((_, index) => `v${index}`);
  const split =
    rungs.length === 1
      ? `[0:v:0]scale=${rungs[0]?.width}:${rungs[0]?.height}:flags=bicubic,setsar=1[v0]`
      : `[0:v:0]split=${rungs.length}${labels.map((label) => `[s${label}]`).join('')};${rungs
          .map(
            (rung, index) =>
              `[sv${index}]scale=${rung.width}:${rung.height}:flags=bicubic,setsar=1[v${index}]`,
          )
          .join(';')}`;
  const perRung = rungs.flatMap((rung, index) => [
    '-map',
    `[v${index}]`,
    ...(probe.hasAudio ? ['-map', '0:a:0'] : []),
    `-b:v:${index}`,
    `${rung.videoKbps}k`,
    `-maxrate:v:${index}`,
    `${Math.round(rung.videoKbps * 1.2)}k`,
    `-bufsize:v:${index}`,
    `${rung.videoKbps * 2}k`,
  ]);
  const streamMap = rungs
    .map((rung, index) =>
      probe.hasAudio
        ? `v:${index},a:${index},name:${rungFolder(rung)}`
        : `v:${index},name:${rungFolder(rung)}`,
    )
    .join(' ');
  const listen = probe.hasAudio
    ? [
        '-map',
        '0:a:0',
        '-vn',
        '-c:a',
        'aac',
        '-b:a',
        `${AUDIO_KBPS}k`,
        '-ac',
        '2',
        '-movflags',
        '+faststart',
        '-threads',
        String(threads),
        `${out}/audio.m4a`,
      ]
    : [];
  return [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-progress',
    'pipe:1',
    '-y',
    '-threads',
    String(threads),
    '-i',
    input,
    '-filter_complex_threads',
    String(threads),
    '-filter_complex',
    split,
    ...perRung,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-profile:v',
    'main',
    '-pix_fmt',
    'yuv420p',
    '-force_key_frames',
    `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
    '-sc_threshold',
    '0',
    ...(probe.hasAudio ? ['-c:a', 'aac', '-b:a', `${AUDIO_KBPS}k`, '-ac', '2'] : []),
    '-threads',
    String(threads),
    '-f',
    'hls',
    '-hls_time',
    String(SEGMENT_SECONDS),
    '-hls_playlist_type',
    'vod',
    '-hls_flags',
    'independent_segments',
    '-hls_segment_filename',
    `${out}/%v/seg%03d.ts`,
    '-var_stream_map',
    streamMap,
    `${out}/%v/index.m3u8`,
    ...listen,
  ];
}

/**
 * The master playlist of the ladder, lowest rung first (a player that takes the first starts
 * low): each rung's peak bandwidth, size and codecs, its playlist by relative path.
 */
export function masterPlaylist(rungs: readonly Rung[], hasAudio: boolean): string {
  const codecs = hasAudio ? 'avc1.4d401f,mp4a.40.2' : 'avc1.4d401f';
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const rung of [...rungs].sort((a, b) => a.short - b.short)) {
    const peak = Math.round(rung.videoKbps * 1.2 + (hasAudio ? AUDIO_KBPS : 0)) * 1000;
    const average = (rung.videoKbps + (hasAudio ? AUDIO_KBPS : 0)) * 1000;
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${peak},AVERAGE-BANDWIDTH=${average},RESOLUTION=${rung.width}x${rung.height},CODECS="${codecs}"`,
      `${rungFolder(rung)}/index.m3u8`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Seconds of output made, from a block of ffmpeg's `-progress` lines (`out_time_us=…`, or
 * `out_time_ms=…`, which ffmpeg also gives in microseconds); null when the block has none.
 */
export function progressSeconds(block: string): number | null {
  let latest: number | null = null;
  for (const line of block.split('\n')) {
    const match = /^out_time_(?:us|ms)=(\d+)\s*$/.exec(line.trim());
    if (match) latest = Number(match[1]) / 1_000_000;
  }
  return latest;
}

/** The arguments of the poster's ffmpeg: one frame at `atSeconds`, scaled to `rung`, as PNG. */
export function posterArguments(
  input: string,
  output: string,
  atSeconds: number,
  rung: Rung,
): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    '-ss',
    atSeconds.toFixed(2),
    '-i',
    input,
    '-frames:v',
    '1',
    '-vf',
    `scale=${rung.width}:${rung.height}:flags=bicubic,setsar=1`,
    output,
  ];
}

/** Where in the video the poster is taken: a tenth in, at most 5 s (past a fade from black). */
export const posterSecond = (durationSeconds: number) => Math.min(5, durationSeconds / 10);

/**
 * The command that runs ffmpeg at `priority`: on idle CPU only (`chrt --idle` at `nice 19`,
 * serving first), or at `nice 10` (a share of a busy machine).
 */
export function ffmpegCommand(priority: 'idle' | 'low'): [string, ...string[]] {
  return priority === 'idle'
    ? ['chrt', '--idle', '0', 'nice', '-n', '19', 'ffmpeg']
    : ['nice', '-n', '10', 'ffmpeg'];
}
