import { describe, expect, it } from 'vitest';
import { livePlaylist, liveWindow, parseVodPlaylist, type Segment } from './live-playlist.ts';

const VOD = [
  '#EXTM3U',
  '#EXT-X-VERSION:3',
  '#EXT-X-TARGETDURATION:6',
  '#EXT-X-PLAYLIST-TYPE:VOD',
  '#EXTINF:6.000000,',
  'lesson0.ts',
  '#EXTINF:5.5,',
  'lesson1.ts',
  '#EXTINF:6.000000,',
  'lesson2.ts',
  '#EXT-X-ENDLIST',
].join('\n');

const SIX = (n: number): Segment[] =>
  Array.from({ length: n }, (_, i) => ({ uri: `/media/demo/lesson${i}.ts`, duration: 6 }));

/** The tag values and segment URIs of a playlist. */
function read(text: string) {
  const lines = text.trim().split('\n');
  const tag = (name: string) => {
    const line = lines.find((l) => l.startsWith(`#${name}:`));
    return line === undefined ? null : Number(line.split(':')[1]);
  };
  return {
    sequence: tag('EXT-X-MEDIA-SEQUENCE'),
    discontinuitySequence: tag('EXT-X-DISCONTINUITY-SEQUENCE'),
    target: tag('EXT-X-TARGETDURATION'),
    uris: lines.filter((line) => !line.startsWith('#')),
    /** Index (among the segments) of each segment preceded by a discontinuity. */
    breaks: lines.flatMap((line, i) =>
      line === '#EXT-X-DISCONTINUITY'
        ? [lines.slice(0, i).filter((l) => !l.startsWith('#')).length]
        : [],
    ),
    ended: lines.includes('#EXT-X-ENDLIST'),
  };
}

describe('parseVodPlaylist', () => {
  it('reads each segment with its length, resolved against the playlist URL', () => {
    expect(parseVodPlaylist(VOD, '/media/demo/lesson.m3u8')).toEqual([
      { uri: '/media/demo/lesson0.ts', duration: 6 },
      { uri: '/media/demo/lesson1.ts', duration: 5.5 },
      { uri: '/media/demo/lesson2.ts', duration: 6 },
    ]);
  });

  it('answers no segments for a text that is not a playlist', () => {
    expect(parseVodPlaylist('<html></html>', '/media/x.m3u8')).toEqual([]);
  });
});

describe('livePlaylist', () => {
  it('is a live playlist: target duration, no end tag', () => {
    const playlist = read(livePlaylist(SIX(10), 60_000));
    expect(playlist.target).toBe(6);
    expect(playlist.ended).toBe(false);
  });

  it('advances the media sequence with the time since the start', () => {
    expect(read(livePlaylist(SIX(10), 0)).sequence).toBe(0);
    expect(read(livePlaylist(SIX(10), 0)).uris).toEqual(['/media/demo/lesson0.ts']);
    expect(read(livePlaylist(SIX(10), 30_000)).sequence).toBe(2);
    expect(read(livePlaylist(SIX(10), 35_999)).sequence).toBe(2);
    expect(read(livePlaylist(SIX(10), 36_000)).sequence).toBe(3);
    // 20 minutes in: 200 segments played, the 201st (sequence 200) is the newest.
    expect(read(livePlaylist(SIX(10), 20 * 60_000)).sequence).toBe(197);
  });

  it('holds a window of four segments ending with the one playing now', () => {
    const playlist = read(livePlaylist(SIX(10), 45_000));
    expect(playlist.uris).toEqual([
      '/media/demo/lesson4.ts',
      '/media/demo/lesson5.ts',
      '/media/demo/lesson6.ts',
      '/media/demo/lesson7.ts',
    ]);
  });

  it('loops the segments with a discontinuity where the loop starts again', () => {
    // 64 s: sequences 7..10, the 10th is segment 0 of the second loop.
    const playlist = read(livePlaylist(SIX(10), 64_000));
    expect(playlist.sequence).toBe(7);
    expect(playlist.uris.map((uri) => uri.replace('/media/demo/', ''))).toEqual([
      'lesson7.ts',
      'lesson8.ts',
      'lesson9.ts',
      'lesson0.ts',
    ]);
    expect(playlist.breaks).toEqual([3]);
    expect(playlist.discontinuitySequence).toBe(0);
  });

  it('counts in the discontinuity sequence only the discontinuities that left the window', () => {
    // First segment is sequence 10 (a loop start, its tag still listed): none has left yet.
    const atWrap = read(livePlaylist(SIX(10), 13 * 6000));
    expect(atWrap.sequence).toBe(10);
    expect(atWrap.breaks).toEqual([0]);
    expect(atWrap.discontinuitySequence).toBe(0);
    // One segment later the tag has left with it.
    const after = read(livePlaylist(SIX(10), 14 * 6000));
    expect(after.sequence).toBe(11);
    expect(after.breaks).toEqual([]);
    expect(after.discontinuitySequence).toBe(1);
    // Later: the discontinuities at 10, 20, 30 and 40 have left.
    const later = read(livePlaylist(SIX(10), 45 * 6000));
    expect(later.sequence).toBe(42);
    expect(later.discontinuitySequence).toBe(4);
  });

  it('follows segments of different lengths', () => {
    const segments = parseVodPlaylist(VOD, '/media/demo/lesson.m3u8');
    // 6 + 5.5 = 11.5 s: segment 2 plays from 11.5 s on.
    expect(liveWindow(segments, 11_499, 4).sequences).toEqual([0, 1]);
    expect(liveWindow(segments, 11_500, 4).sequences).toEqual([0, 1, 2]);
    // A loop lasts 17.5 s: at 18 s the second loop's first segment (sequence 3) plays.
    expect(liveWindow(segments, 18_000, 4).sequences).toEqual([0, 1, 2, 3]);
    expect(read(livePlaylist(segments, 18_000)).target).toBe(6);
  });
});
