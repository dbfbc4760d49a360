/**
 * A live HLS stream made of a recorded one (RFC 8216): the segments of a VOD playlist played in
 * a loop from the session's start, as a sliding window that moves with the server's clock. The
 * playlist is a pure function of the start, the clock and the segments, so every server
 * instance answers the same one at the same moment.
 */

/** One media segment of the source: its URL (as the browser fetches it) and length. */
export interface Segment {
  uri: string;
  /** Seconds. */
  duration: number;
}

/** How many segments the live window holds (a player joins about three from the end). */
export const LIVE_WINDOW_SEGMENTS = 4;

/**
 * Reads the segments of a VOD playlist; relative URIs are resolved against `playlistUrl` (a URL
 * path such as `/media/demo/lesson.m3u8`). Answers an empty list when it holds none.
 */
export function parseVodPlaylist(text: string, playlistUrl: string): Segment[] {
  const base = new URL(playlistUrl, 'http://host');
  const segments: Segment[] = [];
  let duration: number | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('#EXTINF:')) {
      duration = Number.parseFloat(line.slice('#EXTINF:'.length));
      continue;
    }
    if (line === '' || line.startsWith('#') || duration === null) continue;
    if (!(duration > 0)) return [];
    const url = new URL(line, base);
    const uri = url.origin === base.origin ? `${url.pathname}${url.search}` : url.href;
    segments.push({ uri, duration });
    duration = null;
  }
  return segments;
}

/** The window of a live stream at one moment. */
export interface LiveWindow {
  /** The media sequence number of the window's first segment. */
  firstSequence: number;
  /** Sequence numbers, first to last (the last is the one being "recorded" now). */
  sequences: number[];
}

/**
 * The window at `elapsedMs` since the start: the segment playing now (sequence `n` is segment
 * `n mod count` of loop `floor(n / count)`) and up to `size - 1` before it.
 */
export function liveWindow(segments: Segment[], elapsedMs: number, size: number): LiveWindow {
  const loopMs = segments.reduce((sum, segment) => sum + segment.duration * 1000, 0);
  const elapsed = Math.max(0, elapsedMs);
  const loops = Math.floor(elapsed / loopMs);
  let within = elapsed - loops * loopMs;
  let index = 0;
  for (; index < segments.length - 1; index += 1) {
    const length = (segments[index] as Segment).duration * 1000;
    if (within < length) break;
    within -= length;
  }
  const last = loops * segments.length + index;
  const firstSequence = Math.max(0, last - size + 1);
  const sequences = Array.from({ length: last - firstSequence + 1 }, (_, i) => firstSequence + i);
  return { firstSequence, sequences };
}

/**
 * The live media playlist at `elapsedMs` since the session's start: a window of
 * {@link LIVE_WINDOW_SEGMENTS} looping the segments, `EXT-X-DISCONTINUITY` before each segment
 * where the loop starts again, `EXT-X-DISCONTINUITY-SEQUENCE` counting those that left the window,
 * and no `EXT-X-ENDLIST` (the player keeps reloading it).
 */
export function livePlaylist(
  segments: Segment[],
  elapsedMs: number,
  size = LIVE_WINDOW_SEGMENTS,
): string {
  if (segments.length === 0) throw new Error('A live playlist needs at least one segment');
  const count = segments.length;
  const { firstSequence, sequences } = liveWindow(segments, elapsedMs, size);
  // Discontinuities sit at sequences count, 2*count, ...; those before the first have left.
  const discontinuitiesBefore = firstSequence === 0 ? 0 : Math.floor((firstSequence - 1) / count);
  const target = Math.ceil(Math.max(...segments.map((segment) => segment.duration)));
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${target}`,
    `#EXT-X-MEDIA-SEQUENCE:${firstSequence}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${discontinuitiesBefore}`,
  ];
  for (const sequence of sequences) {
    const segment = segments[sequence % count] as Segment;
    if (sequence > 0 && sequence % count === 0) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(`#EXTINF:${segment.duration.toFixed(3)},`, segment.uri);
  }
  return `${lines.join('\n')}\n`;
}
