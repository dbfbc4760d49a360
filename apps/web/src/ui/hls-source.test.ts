import { describe, expect, it } from 'vitest';
import { planSource } from './hls-source.ts';

describe('planSource', () => {
  const nativeHls = () => 'maybe';
  const noHls = () => '';

  it('plays an MP4 natively', () => {
    expect(planSource('/media/demo/lesson.mp4', noHls)).toEqual({
      kind: 'native',
      src: '/media/demo/lesson.mp4',
    });
  });

  it('plays HLS through hls.js wherever Media Source Extensions exist, native HLS or not', () => {
    expect(planSource('/media/demo/lesson.m3u8', nativeHls, true).kind).toBe('hls.js');
    expect(planSource('/media/demo/lesson.m3u8', noHls, true).kind).toBe('hls.js');
    expect(planSource('/media/demo/LESSON.M3U8?v=2#t=3', noHls, true)).toEqual({
      kind: 'hls.js',
      src: '/media/demo/LESSON.M3U8?v=2#t=3',
    });
    // An MP4 needs no hls.js.
    expect(planSource('/media/demo/lesson.mp4', nativeHls, true).kind).toBe('native');
  });

  it('plays HLS natively where only the browser can (Safari on the iPhone)', () => {
    expect(planSource('/media/demo/lesson.m3u8', nativeHls, false).kind).toBe('native');
    // Neither: hls.js is tried, and says it cannot (the player offers a retry).
    expect(planSource('/media/demo/lesson.m3u8', noHls, false).kind).toBe('hls.js');
  });
});
