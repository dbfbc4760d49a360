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

  it('plays HLS natively where the browser can, else through hls.js', () => {
    expect(planSource('/media/demo/lesson.m3u8', nativeHls).kind).toBe('native');
    expect(planSource('/media/demo/lesson.m3u8', noHls).kind).toBe('hls.js');
    expect(planSource('/media/demo/LESSON.M3U8?v=2#t=3', noHls)).toEqual({
      kind: 'hls.js',
      src: '/media/demo/LESSON.M3U8?v=2#t=3',
    });
  });
});
