import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { findTsx } from '../../bench/child-process.ts';
import { testBucket } from '../testing/test-app.ts';
import { copyFiles } from './copy-files.ts';
import { LocalFileStore, S3FileStore } from './file-store.ts';

async function keysOf(store: S3FileStore) {
  const found: string[] = [];
  for await (const { key } of store.list('')) found.push(key);
  return found.sort();
}

/** A data folder as an instance leaves it: kept files, a waiting upload and the database. */
function dataFolder() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-copy-'));
  const write = (relative: string, content: string | Buffer) => {
    fs.mkdirSync(path.dirname(path.join(dir, relative)), { recursive: true });
    fs.writeFileSync(path.join(dir, relative), content);
  };
  write('files/covers/a.svg', '<svg/>');
  write('files/docs/学习指南.pdf', Buffer.alloc(70_000, 1));
  write('media/talk.mp4', Buffer.alloc(200_000, 2));
  write('uploads/activity-attachments/k.pdf', '%PDF-1.7');
  write('uploads/activity-attachments/.incoming-0123', 'half an upload');
  write('portal.sqlite', 'not a kept file');
  return dir;
}

describe('copying a local data folder into a bucket', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('copies every kept file by the same key, then only what changed or is missing', async () => {
    const dir = dataFolder();
    dirs.push(dir);
    const bucket = new S3FileStore(testBucket());
    await bucket.ensureBucket();
    const first = await copyFiles(new LocalFileStore(dir), bucket);
    expect(first).toMatchObject({ copied: 4, skipped: 0 });
    expect(await keysOf(bucket)).toEqual([
      'files/covers/a.svg',
      'files/docs/学习指南.pdf',
      'media/talk.mp4',
      'uploads/activity-attachments/k.pdf',
    ]);
    expect(await bucket.readText('files/covers/a.svg')).toBe('<svg/>');
    expect(await bucket.sizeOf('media/talk.mp4')).toBe(200_000);

    fs.writeFileSync(path.join(dir, 'files/covers/a.svg'), '<svg></svg>');
    const again = await copyFiles(new LocalFileStore(dir), bucket);
    expect(again).toMatchObject({ copied: 1, skipped: 3 });
    expect(await bucket.readText('files/covers/a.svg')).toBe('<svg></svg>');
    await bucket.close();
  });

  it('is a command: npm run files:copy-to-bucket takes DATA_DIR and the S3_* settings', async () => {
    const dir = dataFolder();
    dirs.push(dir);
    const settings = testBucket();
    const env = {
      ...process.env,
      DATA_DIR: dir,
      S3_ENDPOINT: settings.endpoint,
      S3_BUCKET: settings.bucket,
      S3_ACCESS_KEY_ID: settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
      S3_FORCE_PATH_STYLE: '1',
    };
    const run = promisify(execFile);
    // From wherever the suite runs (the repository's root in `npm test`).
    const script = fileURLToPath(new URL('./copy-files.cli.ts', import.meta.url));
    const command = findTsx(path.dirname(script));
    const { stdout } = await run(command, [script], { env });
    expect(stdout).toMatch(/Copied 4 files .* to bucket t-[0-9a-f]+; 0 were there already/);
    const bucket = new S3FileStore(settings);
    expect(await keysOf(bucket)).toHaveLength(4);
    await bucket.close();

    const refused = await run(command, [script], {
      env: { ...env, S3_BUCKET: '' },
    }).catch((error: { code: number; stderr: string }) => error);
    expect(refused).toMatchObject({ code: 2 });
    expect((refused as { stderr: string }).stderr).toMatch(/请先设置 S3_BUCKET/);
  });
});
