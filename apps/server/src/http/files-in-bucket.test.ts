import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../testing/account-factory.ts';
import {
  createActivity,
  FULL_FORM,
  postMultipart,
  realPng,
  sampleFiles,
} from '../testing/activity-factory.ts';
import { createLearners, type TestLearner } from '../testing/class-factory.ts';
import { tcpRelay } from '../testing/tcp-relay.ts';
import { createTeam } from '../testing/team-factory.ts';
import { body, buildTestApp, type TestApp, testBucket, testEngines } from '../testing/test-app.ts';

async function keys(app: FastifyInstance, prefix: string) {
  const found: string[] = [];
  for await (const { key } of app.files.list(prefix)) found.push(key);
  return found;
}

// Every file in an S3-compatible bucket (s3rver here), which all instances share: the demo's
// generated files, uploads and their serving, on each engine; and a bucket that stops answering.
for (const engine of testEngines()) {
  describe(`files in an S3 bucket [${engine}]`, () => {
    let ctx: TestApp;
    let relay: Awaited<ReturnType<typeof tcpRelay>>;
    let learners: TestLearner[];
    const learner = (n: number) => learners[n] as TestLearner;
    let pdfUrl: string;

    beforeAll(async () => {
      // Through a relay the tests can cut, as a network to the store would fail.
      const bucket = testBucket();
      relay = await tcpRelay(Number(new URL(bucket.endpoint ?? '').port));
      ctx = await buildTestApp(engine, {
        s3: { ...bucket, endpoint: `http://127.0.0.1:${relay.port}` },
      });
      learners = await createLearners(ctx.app.database.db, 3);
      const book = await ctx.app.database.db
        .selectFrom('ebooks')
        .select('pdf_path')
        .where('pdf_path', 'like', '/files/ebooks/%')
        .orderBy('id')
        .executeTakeFirstOrThrow();
      pdfUrl = book.pdf_path;
    }, 120_000);
    afterAll(async () => {
      await relay.restore().catch(() => undefined);
      await ctx?.close();
    });

    it('writes the demo files into the bucket at start, none into DATA_DIR', async () => {
      const { app } = ctx;
      const stored = await keys(app, 'files/');
      expect(stored).toContain(pdfUrl.slice(1));
      expect(stored.some((key) => key.startsWith('files/covers/'))).toBe(true);
      expect(fs.existsSync(path.join(app.config.dataDir, 'files'))).toBe(false);
    });

    it('serves an e-book PDF by byte ranges, as pdf.js loads it', async () => {
      const { app } = ctx;
      const whole = await app.inject({ url: pdfUrl });
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['content-type']).toBe('application/pdf');
      expect(whole.headers['accept-ranges']).toBe('bytes');
      expect(whole.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const size = whole.rawPayload.length;
      expect(Number(whole.headers['content-length'])).toBe(size);

      const range = await app.inject({ url: pdfUrl, headers: { range: 'bytes=1024-2047' } });
      expect(range.statusCode).toBe(206);
      expect(range.headers['content-range']).toBe(`bytes 1024-2047/${size}`);
      expect(range.headers['content-length']).toBe('1024');
      expect(range.rawPayload.equals(whole.rawPayload.subarray(1024, 2048))).toBe(true);

      const past = await app.inject({ url: pdfUrl, headers: { range: `bytes=${size + 5}-` } });
      expect(past.statusCode).toBe(416);

      // HEAD: the length and type, no bytes.
      const head = await app.inject({ method: 'HEAD', url: pdfUrl });
      expect(head.statusCode).toBe(200);
      expect(Number(head.headers['content-length'])).toBe(size);
      expect(head.headers['content-type']).toBe('application/pdf');
      expect(head.rawPayload.length).toBe(0);
    });

    it('lets a phone revalidate: the same ETag answers 304 without the body', async () => {
      const { app } = ctx;
      const first = await app.inject({ url: pdfUrl });
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"/);
      expect(first.headers['last-modified']).toBeTruthy();
      expect(first.headers['cache-control']).toBe('public, max-age=3600');
      expect(first.headers['x-content-type-options']).toBe('nosniff');
      const again = await app.inject({ url: pdfUrl, headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    });

    it('answers 404 for unknown files, folders, hidden files and paths out of the folder', async () => {
      for (const url of [
        '/files/ebooks/none.pdf',
        '/files/ebooks/',
        '/files/.hidden',
        '/files/%2e%2e/portal.sqlite',
        '/media/demo/none.mp4',
      ]) {
        expect((await ctx.app.inject({ url })).statusCode, url).toBe(404);
      }
    });

    it('keeps an uploaded avatar in the bucket and serves it from there', async () => {
      const { app } = ctx;
      const answer = await postMultipart(app, '/api/account/avatar', learner(0).token, {}, [
        { field: 'file', name: 'me.png', type: 'image/png', content: await realPng() },
      ]);
      const { data } = body<{ avatar: string }>(answer);
      expect(data.avatar).toMatch(/^\/files\/avatars\/[A-Za-z0-9_-]{22}\.webp$/);
      expect(await keys(app, 'files/avatars/')).toEqual([data.avatar.slice(1)]);
      const served = await app.inject({ url: data.avatar });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
      // The old one goes when it is replaced.
      const next = await postMultipart(app, '/api/account/avatar', learner(0).token, {}, [
        { field: 'file', name: 'me.png', type: 'image/png', content: await realPng() },
      ]);
      const replaced = body<{ avatar: string }>(next).data.avatar;
      expect(await keys(app, 'files/avatars/')).toEqual([replaced.slice(1)]);
    });

    it('keeps an activity attachment in the bucket, served only to its owner', async () => {
      const { app } = ctx;
      const id = await createActivity(app.database.db, { kind: '特色活动' });
      const content = sampleFiles.pdf(5000);
      const applied = await postMultipart(
        app,
        '/api/activities/apply-with-files',
        learner(1).token,
        { activityId: String(id), form: JSON.stringify(FULL_FORM) },
        [{ name: '证明.pdf', content }],
      );
      expect(body(applied).code).toBe(0);
      const row = await app.database.db
        .selectFrom('activity_attachments')
        .select(['id', 'storage_key'])
        .where('user_id', '=', learner(1).id)
        .executeTakeFirstOrThrow();
      expect(await keys(app, 'uploads/activity-attachments/')).toContain(
        `uploads/activity-attachments/${row.storage_key}`,
      );
      // Not on this machine's disk once kept.
      const folder = path.join(app.config.dataDir, 'uploads', 'activity-attachments');
      expect(fs.existsSync(folder) ? fs.readdirSync(folder) : []).toEqual([]);

      const url = `/uploads/activity-attachments/${row.id}`;
      const own = await app.inject({ url, headers: bearer(learner(1).token) });
      expect(own.statusCode).toBe(200);
      expect(own.headers['content-type']).toBe('application/pdf');
      expect(own.rawPayload.equals(content)).toBe(true);
      const other = await app.inject({ url, headers: bearer(learner(2).token) });
      expect(other.statusCode).toBe(404);
    });

    it('when the bucket stops answering: 503 in the envelope, no row without its file, not ready; then back', async () => {
      const { app } = ctx;
      const teamId = await createTeam(app.database.db, learner(2).id);
      const worksBefore = await app.database.db
        .selectFrom('team_works')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const avatarBefore = await app.database.db
        .selectFrom('users')
        .select('avatar')
        .where('id', '=', learner(2).id)
        .executeTakeFirstOrThrow();
      await relay.cut();
      try {
        const post = await postMultipart(
          app,
          '/api/team-works',
          learner(2).token,
          { teamId: String(teamId), content: '今天的作品' },
          [{ name: '作品.png', type: 'image/png', content: await realPng() }],
        );
        expect(post.statusCode).toBe(503);
        expect(post.json()).toEqual({
          code: 500,
          message: '服务暂时不可用，请稍后再试',
          data: null,
        });
        const avatar = await postMultipart(app, '/api/account/avatar', learner(2).token, {}, [
          { field: 'file', name: 'me.png', type: 'image/png', content: await realPng() },
        ]);
        expect(avatar.statusCode).toBe(503);
        const file = await app.inject({ url: pdfUrl });
        expect(file.statusCode).toBe(503);
        expect(file.json()).toMatchObject({ message: '服务暂时不可用，请稍后再试' });
        const ready = await app.inject({ url: '/readyz' });
        expect(ready.statusCode).toBe(503);
        expect(ready.json().checks.files).not.toBe('ok');
      } finally {
        await relay.restore();
      }
      const worksAfter = await app.database.db
        .selectFrom('team_works')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(worksAfter.n)).toBe(Number(worksBefore.n));
      const avatarAfter = await app.database.db
        .selectFrom('users')
        .select('avatar')
        .where('id', '=', learner(2).id)
        .executeTakeFirstOrThrow();
      expect(avatarAfter.avatar).toBe(avatarBefore.avatar);
      // Nothing half-kept on this machine either.
      const incoming = path.join(app.config.dataDir, 'uploads');
      const left = fs.existsSync(incoming) ? fs.readdirSync(incoming, { recursive: true }) : [];
      expect(left.filter((name) => String(name).includes('.incoming-'))).toEqual([]);

      expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
      const posted = await postMultipart(
        app,
        '/api/team-works',
        learner(2).token,
        { teamId: String(teamId), content: '恢复后' },
        [{ name: '作品.png', type: 'image/png', content: await realPng() }],
      );
      expect(body(posted).code).toBe(0);
    });
  });
}
