import { Readable } from 'node:stream';
import type { AdminAudioUpload, AuditEntry, Page } from '@portal/contract';
import { ADMIN_AUDIO_MAX_BYTES, ErrorCode, sizeText } from '@portal/contract/constants';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { sniffAudio } from '../../platform/sniff-mime.ts';
import { silentMp3 } from '../../seed/lesson-media.ts';
import type { TestLearner } from '../../testing/class-factory.ts';
import { createLearners } from '../../testing/class-factory.ts';
import { adminCall, adminUpload, createOperator } from '../../testing/operator-factory.ts';
import { body, describeEachEngine } from '../../testing/test-app.ts';

/** The first bytes of an iTunes-style M4A: an `ftyp` box of major brand `M4A `. */
const m4a = () =>
  Buffer.concat([
    Buffer.from([0, 0, 0, 0x20]),
    Buffer.from('ftypM4A ', 'latin1'),
    Buffer.from([0, 0, 0, 0]),
    Buffer.from('M4A mp42isom', 'latin1'),
    Buffer.alloc(4),
    Buffer.alloc(2048, 0x11),
  ]);

describe('sniffAudio', () => {
  it('tells MP3 by an ID3v2 tag or a Layer III frame, and M4A by an audio brand', () => {
    const id3 = Buffer.from([0x49, 0x44, 0x33, 0x04, 0x00, 0x00, 0x00, 0x00, 0x01, 0x7f]);
    expect(sniffAudio(id3)).toBe('mp3');
    expect(sniffAudio(silentMp3(1).subarray(0, 16))).toBe('mp3');
    expect(sniffAudio(m4a().subarray(0, 16))).toBe('m4a');
  });

  it('refuses a video MP4, a broken tag, other MPEG layers and text', () => {
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom', 'latin1')]);
    expect(sniffAudio(Buffer.concat([mp4, Buffer.alloc(8)]))).toBeNull();
    expect(sniffAudio(Buffer.from('ID3\x09\x00\x00\xff\xff\xff\xff', 'latin1'))).toBeNull();
    // Layer I (bits 01 -> 11) and the reserved sampling rate are not MP3.
    expect(sniffAudio(Buffer.from([0xff, 0xff, 0x18, 0xc4]))).toBeNull();
    expect(sniffAudio(Buffer.from([0xff, 0xfb, 0x1c, 0xc4]))).toBeNull();
    expect(sniffAudio(Buffer.from('hello, this is a text file'))).toBeNull();
  });
});

describeEachEngine('POST /api/admin/uploads/audio', (ctx) => {
  let app: FastifyInstance;
  let editor: TestLearner;
  let learner: TestLearner;

  const upload = (token: string, name: string, content: Buffer) =>
    adminUpload<AdminAudioUpload>(app, token, 'jingan', '/api/admin/uploads/audio', {
      name,
      content,
    });
  /** An MP3 followed by `padding` zero bytes, sent as a stream of 1 MB chunks (never held whole). */
  const uploadStreamed = (token: string, padding: number) => {
    const boundary = 'portal-streamed-upload';
    async function* parts() {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="很长的录音.mp3"\r\n` +
          'Content-Type: audio/mpeg\r\n\r\n',
      );
      yield Buffer.from(silentMp3(1));
      const chunk = Buffer.alloc(1024 * 1024, 0);
      for (let left = padding; left > 0; left -= chunk.length) {
        yield left >= chunk.length ? chunk : chunk.subarray(0, left);
      }
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    }
    return app.inject({
      method: 'POST',
      url: '/api/admin/uploads/audio',
      payload: Readable.from(parts()),
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'x-site': 'jingan',
        authorization: `Bearer ${token}`,
      },
    });
  };
  const uploadsAudited = async () =>
    (
      await adminCall<Page<AuditEntry>>(
        app,
        siteAdmin.token,
        'jingan',
        'GET',
        '/api/admin/audit?entity=upload&size=10',
      )
    ).data.total;
  let siteAdmin: TestLearner;

  beforeAll(async () => {
    app = ctx().app;
    editor = await createOperator(app, [{ site: 'jingan', role: 'editor' }]);
    siteAdmin = await createOperator(app, [{ site: 'jingan', role: 'site_admin' }]);
    [learner] = (await createLearners(app.database.db, 1)) as [TestLearner];
  });

  it('keeps an MP3 and an M4A as they came in the site’s media folder, played with byte ranges, audited', async () => {
    const before = await uploadsAudited();
    const mp3 = Buffer.from(silentMp3(3));
    const kept = await upload(editor.token, '第一课 导读.mp3', mp3);
    expect(kept.code, kept.message).toBe(0);
    expect(kept.data.bytes).toBe(mp3.length);
    expect(kept.data.url).toMatch(/^\/media\/uploads\/jingan\/[A-Za-z0-9_-]{22}\.mp3$/);
    const range = await app.inject({ url: kept.data.url, headers: { range: 'bytes=0-143' } });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-type']).toBe('audio/mpeg');
    expect(range.rawPayload.equals(mp3.subarray(0, 144))).toBe(true);

    // Told by content, not by name: an M4A named .mp3 is kept as .m4a.
    const aac = await upload(editor.token, '录音.mp3', m4a());
    expect(aac.data.url).toMatch(/^\/media\/uploads\/jingan\/[A-Za-z0-9_-]{22}\.m4a$/);
    expect((await app.inject({ url: aac.data.url })).headers['content-type']).toBe('audio/mp4');
    expect(await uploadsAudited()).toBe(before + 2);
  });

  it('takes a recording larger than the server’s 20 MB for other uploads, up to its own limit', async () => {
    const long = Buffer.concat([Buffer.from(silentMp3(1)), Buffer.alloc(21 * 1024 * 1024, 0)]);
    const kept = await upload(editor.token, '三小时讲座.mp3', long);
    expect(kept.code, kept.message).toBe(0);
    expect(kept.data.bytes).toBe(long.length);
    const head = await app.inject({ url: kept.data.url, headers: { range: 'bytes=0-15' } });
    expect(head.rawPayload.equals(long.subarray(0, 16))).toBe(true);
  });

  it('refuses a file that is no audio whatever its name, and one over the limit, keeping nothing', async () => {
    const before = await uploadsAudited();
    const fake = Buffer.from('MZ this is a program renamed to look like a song, not a song');
    expect(await upload(editor.token, '好听的歌.mp3', fake)).toMatchObject({
      code: ErrorCode.invalid,
      message: '音频：只能上传 MP3 或 M4A 音频',
    });
    const video = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypisom', 'latin1'),
      Buffer.alloc(64),
    ]);
    expect((await upload(editor.token, 'lesson.m4a', video)).message).toBe(
      '音频：只能上传 MP3 或 M4A 音频',
    );
    // Streamed (no length told in advance), one byte past the limit: refused as it arrives.
    expect(
      body(await uploadStreamed(editor.token, ADMIN_AUDIO_MAX_BYTES + 1 - silentMp3(1).length)),
    ).toMatchObject({
      code: ErrorCode.invalid,
      message: `音频：文件不能超过 ${sizeText(ADMIN_AUDIO_MAX_BYTES)}`,
    });
    expect(await uploadsAudited()).toBe(before);
    // Only operators who edit may upload.
    expect((await upload(learner.token, 'a.mp3', Buffer.from(silentMp3(1)))).code).toBe(
      ErrorCode.forbidden,
    );
  });
});
