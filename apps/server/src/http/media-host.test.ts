import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testBucket } from '../testing/test-app.ts';
import { BUNDLED_MEDIA_DIR } from './media-host.ts';

const demo = (name: string) => path.join(BUNDLED_MEDIA_DIR, 'demo', name);
const mp4Size = () => fs.statSync(demo('lesson.mp4')).size;

describe('the demo video in the repository', () => {
  it('is a small MP4 with its index (moov) before the media data, for a quick start', () => {
    const bytes = fs.readFileSync(demo('lesson.mp4'));
    expect(bytes.length).toBeGreaterThan(100_000);
    expect(bytes.length).toBeLessThan(700_000);
    expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
    const moov = bytes.indexOf('moov', 0, 'latin1');
    const mdat = bytes.indexOf('mdat', 0, 'latin1');
    expect(moov).toBeGreaterThan(0);
    expect(moov).toBeLessThan(mdat);
  });

  it('has an HLS rendition: a VOD playlist whose segments are all there', () => {
    const playlist = fs.readFileSync(demo('lesson.m3u8'), 'utf8');
    expect(playlist).toMatch(/^#EXTM3U/);
    expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(playlist).toContain('#EXT-X-ENDLIST');
    const segments = playlist.split('\n').filter((line) => line.endsWith('.ts'));
    expect(segments.length).toBeGreaterThanOrEqual(5);
    const seconds = [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].reduce(
      (sum, match) => sum + Number(match[1]),
      0,
    );
    expect(seconds).toBeCloseTo(60, 0);
    for (const segment of segments) expect(fs.existsSync(demo(segment)), segment).toBe(true);
  });
});

// The same answers from either backend of the file store: DATA_DIR, or the bucket.
describe.each(['local', 's3'] as const)('/media/ (%s files)', (backend) => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await buildTestApp('sqlite', {
      seedDemo: false,
      ...(backend === 's3' ? { s3: testBucket() } : {}),
    });
    await ctx.app.files.put('media/uploads/talk.mp4', Buffer.alloc(2048, 7));
  });
  afterAll(() => ctx.close());

  it('serves the demo MP4 whole, with its type, byte ranges, a long cache and nosniff', async () => {
    const response = await ctx.app.inject({ url: '/media/demo/lesson.mp4' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('video/mp4');
    expect(Number(response.headers['content-length'])).toBe(mp4Size());
    expect(response.rawPayload.length).toBe(mp4Size());
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers['cache-control']).toBe('public, max-age=2592000');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers.etag).toBeTruthy();
  });

  it('answers a byte range with 206, exactly those bytes and Content-Range', async () => {
    const response = await ctx.app.inject({
      url: '/media/demo/lesson.mp4',
      headers: { range: 'bytes=0-99' },
    });
    expect(response.statusCode).toBe(206);
    expect(response.rawPayload.length).toBe(100);
    expect(response.headers['content-length']).toBe('100');
    expect(response.headers['content-range']).toBe(`bytes 0-99/${mp4Size()}`);
    expect(response.rawPayload.equals(fs.readFileSync(demo('lesson.mp4')).subarray(0, 100))).toBe(
      true,
    );

    const tail = await ctx.app.inject({
      url: '/media/demo/lesson.mp4',
      headers: { range: 'bytes=-10' },
    });
    expect(tail.statusCode).toBe(206);
    expect(tail.headers['content-range']).toBe(
      `bytes ${mp4Size() - 10}-${mp4Size() - 1}/${mp4Size()}`,
    );
  });

  it('answers 416 for a range beyond the end', async () => {
    const response = await ctx.app.inject({
      url: '/media/demo/lesson.mp4',
      headers: { range: `bytes=${mp4Size() + 10}-` },
    });
    expect(response.statusCode).toBe(416);
    expect(response.headers['content-range']).toBe(`bytes */${mp4Size()}`);
  });

  it('serves the HLS playlist and segments with the types players expect', async () => {
    const playlist = await ctx.app.inject({ url: '/media/demo/lesson.m3u8' });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    const segment = await ctx.app.inject({ url: '/media/demo/lesson0.ts' });
    expect(segment.statusCode).toBe(200);
    expect(segment.headers['content-type']).toBe('video/mp2t');
    expect(segment.rawPayload[0]).toBe(0x47); // MPEG-TS sync byte
  });

  it('answers HEAD with the length and no body', async () => {
    const response = await ctx.app.inject({ method: 'HEAD', url: '/media/demo/lesson.mp4' });
    expect(response.statusCode).toBe(200);
    expect(Number(response.headers['content-length'])).toBe(mp4Size());
    expect(response.rawPayload.length).toBe(0);
  });

  it("serves uploads from the store's media/ folder after the bundled media", async () => {
    const response = await ctx.app.inject({
      url: '/media/uploads/talk.mp4',
      headers: { range: 'bytes=1000-1999' },
    });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-type']).toBe('video/mp4');
    expect(response.headers['content-range']).toBe('bytes 1000-1999/2048');
  });

  it('answers 404 for unknown files, non-media files, dotfiles and paths out of the folder', async () => {
    for (const url of [
      '/media/demo/missing.mp4',
      '/media/make-demo-media.sh',
      '/media/demo/.hidden.mp4',
      '/media/../src/app.ts',
      '/media/%2e%2e/src/app.ts',
      '/media/',
    ]) {
      const response = await ctx.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
    }
  });
});
