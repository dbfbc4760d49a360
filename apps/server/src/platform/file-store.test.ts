import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBucket } from '../testing/test-app.ts';
import {
  type FileStore,
  FileStoreUnavailable,
  isFileKey,
  keyOfUrlPath,
  LocalFileStore,
  S3FileStore,
} from './file-store.ts';

const text = async (store: FileStore, key: string) => store.readText(key);

async function listed(store: FileStore, prefix: string) {
  const found: Array<[string, number]> = [];
  for await (const { key, size } of store.list(prefix)) found.push([key, size]);
  return found.sort(([a], [b]) => a.localeCompare(b));
}

async function bytesOf(store: FileStore, key: string) {
  const file = await store.open(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(chunk as Buffer);
  return { size: file.size, bytes: Buffer.concat(chunks) };
}

describe('file keys', () => {
  it('takes folders and names, refuses paths out of the store, hidden files and odd ones', () => {
    for (const key of ['files/covers/a.svg', 'files/docs/学习指南.pdf', 'media/x/y.mp4']) {
      expect(isFileKey(key), key).toBe(true);
    }
    for (const key of [
      '',
      '/etc/passwd',
      'files/../portal.sqlite',
      'files/./a.svg',
      'files//a.svg',
      'files/.put-1234',
      'files/a\\b.svg',
      'files/a\u0000.svg',
      'files/',
    ]) {
      expect(isFileKey(key), key).toBe(false);
    }
  });

  it('reads the key of a public URL path, decoded, and nothing else', () => {
    expect(keyOfUrlPath('/files/covers/a.svg?v=2')).toBe('files/covers/a.svg');
    expect(keyOfUrlPath('/files/docs/%E5%AD%A6%E4%B9%A0%E6%8C%87%E5%8D%97.pdf')).toBe(
      'files/docs/学习指南.pdf',
    );
    expect(keyOfUrlPath('/media/demo/a.mp4', ['/media/'])).toBe('media/demo/a.mp4');
    expect(keyOfUrlPath('/media/demo/a.mp4', ['/files/'])).toBeNull();
    expect(keyOfUrlPath('/files/%2e%2e/portal.sqlite')).toBeNull();
    expect(keyOfUrlPath('/files/%E0%A4%A')).toBeNull();
    expect(keyOfUrlPath('/uploads/activity-attachments/a.pdf')).toBeNull();
  });
});

// Each backend keeps the same promises.
describe.each(['local', 's3'] as const)('the %s file store', (backend) => {
  let store: FileStore;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-store-'));
    if (backend === 'local') {
      store = new LocalFileStore(dir);
    } else {
      const bucket = new S3FileStore(testBucket());
      await bucket.ensureBucket();
      store = bucket;
    }
  });
  afterAll(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps a file by key, reads it back whole and replaces it', async () => {
    await store.put('files/covers/a.svg', '<svg/>');
    expect(await text(store, 'files/covers/a.svg')).toBe('<svg/>');
    expect(await store.sizeOf('files/covers/a.svg')).toBe(6);
    await store.put('files/covers/a.svg', Buffer.from('<svg></svg>'));
    expect(await bytesOf(store, 'files/covers/a.svg')).toEqual({
      size: 11,
      bytes: Buffer.from('<svg></svg>'),
    });
  });

  it('answers null for a file it does not have', async () => {
    expect(await store.open('files/none.pdf')).toBeNull();
    expect(await store.readText('files/none.pdf')).toBeNull();
    expect(await store.sizeOf('files/none.pdf')).toBeNull();
  });

  it('moves a received file in: the temporary file is gone, the kept one is whole', async () => {
    const temp = path.join(dir, 'incoming.bin');
    const content = Buffer.alloc(300_000, 9);
    fs.writeFileSync(temp, content);
    await store.moveIn('uploads/area/k.bin', temp);
    expect(fs.existsSync(temp)).toBe(false);
    expect((await bytesOf(store, 'uploads/area/k.bin'))?.bytes.equals(content)).toBe(true);
  });

  it('lists a folder with sizes, not its neighbours, and removes files (missing ones too)', async () => {
    await store.put('files/list/one.txt', '1');
    await store.put('files/list/sub/two.txt', '22');
    await store.put('files/listed-not/three.txt', '333');
    expect(await listed(store, 'files/list/')).toEqual([
      ['files/list/one.txt', 1],
      ['files/list/sub/two.txt', 2],
    ]);
    await store.remove(['files/list/one.txt', 'files/list/missing.txt']);
    expect(await listed(store, 'files/list/')).toEqual([['files/list/sub/two.txt', 2]]);
  });

  it('refuses a key out of the store before touching anything', async () => {
    await expect(store.put('../escape.txt', 'x')).rejects.toThrow(/not a file key/);
    await expect(store.open('files/../../etc/passwd')).rejects.toThrow(/not a file key/);
  });

  it('answers a readiness ping', async () => {
    await expect(store.ping()).resolves.toBeUndefined();
  });
});

describe('the local store', () => {
  it('never shows a half-written file: writes land beside and are renamed; temporary ones are not listed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-store-'));
    const store = new LocalFileStore(dir);
    fs.mkdirSync(path.join(dir, 'files'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'files', '.put-abandoned'), 'half');
    await store.put('files/a.txt', 'whole');
    expect(fs.readdirSync(path.join(dir, 'files')).sort()).toEqual(['.put-abandoned', 'a.txt']);
    expect(await listed(store, 'files/')).toEqual([['files/a.txt', 5]]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('a bucket that does not answer', () => {
  it('fails with FileStoreUnavailable (a 503), not as a missing file', async () => {
    const store = new S3FileStore({ ...testBucket(), endpoint: 'http://127.0.0.1:9' });
    for (const attempt of [
      () => store.put('files/a.txt', 'x'),
      () => store.open('files/a.txt'),
      () => store.sizeOf('files/a.txt'),
      () => store.remove(['files/a.txt']),
      () => store.ping(),
      () => listed(store, 'files/'),
    ]) {
      await expect(attempt()).rejects.toBeInstanceOf(FileStoreUnavailable);
    }
    await store.close();
  });
});
