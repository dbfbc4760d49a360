import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CreateBucketCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';

/**
 * Where the portal's files live: everything uploaded (avatars, team works, activity
 * attachments, media) and everything generated (covers, e-book PDFs), by key. A key is the
 * file's path under `DATA_DIR` with `/` between folders: `files/…` is served publicly at
 * `/files/…`, `media/…` at `/media/…`, and `uploads/…` only by code that checked who asks.
 *
 * Two backends: the local folder `DATA_DIR` (one machine, the default), or an S3-compatible
 * bucket (`S3_BUCKET`…), which every instance of a deployment shares.
 */
export interface FileStore {
  readonly kind: 'local' | 's3';
  /** Writes the file at `key` (replacing one there) from bytes. */
  put(key: string, body: Uint8Array | string): Promise<void>;
  /** Writes the file at `key` (replacing one there) from a stream of `size` bytes. */
  putStream(key: string, body: Readable, size: number): Promise<void>;
  /** Moves a local file (a received upload) into the store at `key`; the local file is gone. */
  moveIn(key: string, localPath: string): Promise<void>;
  /** The whole file at `key` and its size, or null when there is none. */
  open(key: string): Promise<{ body: Readable; size: number } | null>;
  /** The file at `key` as UTF-8 text, or null when there is none. */
  readText(key: string): Promise<string | null>;
  /** The size of the file at `key`, or null when there is none. */
  sizeOf(key: string): Promise<number | null>;
  /** Deletes files by key (missing ones are fine). */
  remove(keys: readonly string[]): Promise<void>;
  /** Every file whose key starts with `prefix` (a folder, ending in `/`), in no set order. */
  list(prefix: string): AsyncIterable<StoredFile>;
  /** Answers when the store can be read and written; throws why not. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** A kept file as a listing names it. */
export interface StoredFile {
  key: string;
  size: number;
  /** When it was last written. */
  modified: Date;
}

/** The store did not answer (down, unreachable, refused): the request is answered 503. */
export class FileStoreUnavailable extends Error {
  constructor(cause: unknown) {
    super(`file store unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
    this.name = 'FileStoreUnavailable';
  }
}

/**
 * True for a key of ours: folders and a name of printable characters, no empty, `.` or `..`
 * part, nothing starting with a dot (temporary and hidden files), no backslash.
 */
export function isFileKey(key: string): boolean {
  if (key.length === 0 || key.length > 512 || key.startsWith('/') || key.includes('\\')) {
    return false;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are refused
  if (/[\u0000-\u001f\u007f]/.test(key)) return false;
  return key.split('/').every((part) => part.length > 0 && !part.startsWith('.'));
}

function checkKey(key: string): string {
  if (!isFileKey(key)) throw new Error(`not a file key: ${JSON.stringify(key)}`);
  return key;
}

/**
 * The key a public URL path names (`/files/covers/a.svg` → `files/covers/a.svg`), decoded, or
 * null for a path that is not one (another prefix, `..`, a hidden file, bad escapes).
 */
export function keyOfUrlPath(urlPath: string, prefixes = ['/files/', '/media/']): string | null {
  const pathname = urlPath.split(/[?#]/)[0] ?? '';
  if (!prefixes.some((prefix) => pathname.startsWith(prefix))) return null;
  let key: string;
  try {
    key = decodeURIComponent(pathname.slice(1));
  } catch {
    return null;
  }
  return isFileKey(key) ? key : null;
}

/** The local folder `DATA_DIR`: keys are paths under it. */
export class LocalFileStore implements FileStore {
  readonly kind = 'local';

  constructor(readonly root: string) {}

  /** The path of `key` on this machine (the local backend serves files from it directly). */
  pathOf(key: string): string {
    return path.join(this.root, ...checkKey(key).split('/'));
  }

  async put(key: string, body: Uint8Array | string): Promise<void> {
    const target = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    // Written beside and renamed: a reader never sees half a file.
    const temp = path.join(path.dirname(target), `.put-${randomBytes(8).toString('hex')}`);
    try {
      await fs.promises.writeFile(temp, body, { flag: 'wx' });
      await fs.promises.rename(temp, target);
    } catch (error) {
      await fs.promises.rm(temp, { force: true });
      throw error;
    }
  }

  async putStream(key: string, body: Readable, size: number): Promise<void> {
    const target = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const temp = path.join(path.dirname(target), `.put-${randomBytes(8).toString('hex')}`);
    try {
      await pipeline(body, fs.createWriteStream(temp, { flags: 'wx' }));
      const written = (await fs.promises.stat(temp)).size;
      if (written !== size) throw new Error(`${key}: received ${written} of ${size} bytes`);
      await fs.promises.rename(temp, target);
    } catch (error) {
      await fs.promises.rm(temp, { force: true });
      throw error;
    }
  }

  async moveIn(key: string, localPath: string): Promise<void> {
    const target = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    try {
      await fs.promises.rename(localPath, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      await fs.promises.copyFile(localPath, target);
      await fs.promises.rm(localPath, { force: true });
    }
  }

  async open(key: string) {
    const file = this.pathOf(key);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (!stat?.isFile()) return null;
    return { body: fs.createReadStream(file), size: stat.size };
  }

  async readText(key: string): Promise<string | null> {
    return fs.promises.readFile(this.pathOf(key), 'utf8').catch(() => null);
  }

  async sizeOf(key: string): Promise<number | null> {
    const stat = await fs.promises.stat(this.pathOf(key)).catch(() => null);
    return stat?.isFile() ? stat.size : null;
  }

  async remove(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((key) => fs.promises.rm(this.pathOf(key), { force: true })));
  }

  async *list(prefix: string): AsyncIterable<StoredFile> {
    const folder = path.join(this.root, ...prefix.split('/').filter(Boolean));
    const entries = await fs.promises
      .readdir(folder, { recursive: true, withFileTypes: true })
      .catch(() => []);
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const full = path.join(entry.parentPath, entry.name);
      const key = path.relative(this.root, full).split(path.sep).join('/');
      if (!isFileKey(key)) continue;
      const stat = await fs.promises.stat(full).catch(() => null);
      if (stat) yield { key, size: stat.size, modified: stat.mtime };
    }
  }

  async ping(): Promise<void> {
    await fs.promises.access(this.root, fs.constants.R_OK | fs.constants.W_OK);
  }

  async close(): Promise<void> {}
}

/** An S3-compatible bucket (`S3_*` settings). */
export interface S3Settings {
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

/** What a served read asks of the bucket: the request's range and cache validators. */
export interface ObjectConditions {
  range?: string;
  ifNoneMatch?: string;
  ifModifiedSince?: string;
}

/** A served read's answer: the object's bytes (whole or a range), unchanged (304), or 416. */
export type ObjectAnswer =
  | {
      status: 200 | 206;
      /** Null for a HEAD request. */
      body: Readable | null;
      length: number;
      contentRange: string | undefined;
      etag: string | undefined;
      lastModified: Date | undefined;
    }
  | { status: 304; etag: string | undefined; lastModified: Date | undefined }
  | { status: 416; contentRange: string | undefined };

/** The content types a served file is sent with, by extension. */
export const FILE_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.mp4': 'video/mp4',
  '.m4v': 'video/mp4',
  '.webm': 'video/webm',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.m4s': 'video/iso.segment',
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.vtt': 'text/vtt; charset=utf-8',
};

/** The content type of `key` by its extension (octets when unknown). */
export function typeOfKey(key: string): string {
  return FILE_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
}

interface S3Failure {
  name?: string;
  $metadata?: { httpStatusCode?: number };
  $response?: { headers?: Record<string, string> };
}

const statusOf = (error: unknown) => (error as S3Failure).$metadata?.httpStatusCode;

function isMissing(error: unknown): boolean {
  const { name } = error as S3Failure;
  return name === 'NoSuchKey' || name === 'NotFound' || statusOf(error) === 404;
}

/** Keys per request of a listing or a deletion (S3's own maximum). */
const LIST_PAGE = 1000;

/** An S3-compatible bucket through `@aws-sdk/client-s3`. */
export class S3FileStore implements FileStore {
  readonly kind = 's3';
  readonly client: S3Client;
  readonly bucket: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
      // Checksums only where S3 requires them: other S3-compatible stores refuse the rest.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 2,
      // A store that does not answer fails the request soon (503), not after minutes.
      requestHandler: { connectionTimeout: 2_000, requestTimeout: 30_000 },
    });
  }

  /** Runs a call, turning a failure of the store (not a missing file) into FileStoreUnavailable. */
  private async call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (isMissing(error) || statusOf(error) === 304 || statusOf(error) === 416) throw error;
      throw new FileStoreUnavailable(error);
    }
  }

  async put(key: string, body: Uint8Array | string): Promise<void> {
    await this.putObject(key, body);
  }

  async putStream(key: string, body: Readable, size: number): Promise<void> {
    await this.putObject(key, body, size);
  }

  /** Writes the object at `key`, typed by its extension (a stream needs its `size`). */
  private async putObject(key: string, body: Uint8Array | string | Readable, size?: number) {
    await this.call(() =>
      this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: checkKey(key),
          Body: body,
          ContentLength: size,
          ContentType: typeOfKey(key),
        }),
      ),
    );
  }

  async moveIn(key: string, localPath: string): Promise<void> {
    const { size } = await fs.promises.stat(localPath);
    await this.putStream(key, fs.createReadStream(localPath), size);
    await fs.promises.rm(localPath, { force: true });
  }

  async open(key: string) {
    try {
      const answer = await this.call(() =>
        this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: checkKey(key) })),
      );
      return { body: answer.Body as Readable, size: answer.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async readText(key: string): Promise<string | null> {
    const file = await this.open(key);
    if (!file) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of file.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  async sizeOf(key: string): Promise<number | null> {
    try {
      const head = await this.call(() =>
        this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: checkKey(key) })),
      );
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /**
   * A served read: the object, or the range the request asks, unless the request's validators
   * still match (304); S3 itself answers ranges and validators. `head`: the same answer without
   * the bytes (HEAD). Null when there is none.
   */
  async fetch(
    key: string,
    conditions: ObjectConditions,
    head = false,
  ): Promise<ObjectAnswer | null> {
    const input = {
      Bucket: this.bucket,
      Key: checkKey(key),
      Range: conditions.range,
      IfNoneMatch: conditions.ifNoneMatch,
      IfModifiedSince: conditions.ifModifiedSince
        ? new Date(conditions.ifModifiedSince)
        : undefined,
    };
    try {
      const answer = await this.call(() =>
        head
          ? this.client.send(new HeadObjectCommand(input))
          : this.client.send(new GetObjectCommand(input)),
      );
      return {
        status: answer.ContentRange ? 206 : 200,
        body: 'Body' in answer ? (answer.Body as Readable) : null,
        length: answer.ContentLength ?? 0,
        contentRange: answer.ContentRange,
        etag: answer.ETag,
        lastModified: answer.LastModified,
      };
    } catch (error) {
      if (isMissing(error)) return null;
      const headers = (error as S3Failure).$response?.headers ?? {};
      if (statusOf(error) === 304) {
        const modified = headers['last-modified'];
        return {
          status: 304,
          etag: headers.etag,
          lastModified: modified ? new Date(modified) : undefined,
        };
      }
      if (statusOf(error) === 416) {
        return { status: 416, contentRange: headers['content-range'] };
      }
      throw error;
    }
  }

  async remove(keys: readonly string[]): Promise<void> {
    for (let start = 0; start < keys.length; start += LIST_PAGE) {
      const objects = keys.slice(start, start + LIST_PAGE).map((key) => ({ Key: checkKey(key) }));
      await this.call(() =>
        this.client.send(
          new DeleteObjectsCommand({
            Bucket: this.bucket,
            Delete: { Objects: objects, Quiet: true },
          }),
        ),
      );
    }
  }

  async *list(prefix: string): AsyncIterable<StoredFile> {
    let token: string | undefined;
    do {
      const page = await this.call(() =>
        this.client.send(
          new ListObjectsV2Command({
            Bucket: this.bucket,
            Prefix: prefix,
            ContinuationToken: token,
            MaxKeys: LIST_PAGE,
          }),
        ),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key && isFileKey(object.Key)) {
          yield {
            key: object.Key,
            size: object.Size ?? 0,
            modified: object.LastModified ?? new Date(0),
          };
        }
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async ping(): Promise<void> {
    await this.call(() => this.client.send(new HeadBucketCommand({ Bucket: this.bucket })));
  }

  /** Makes the bucket when it is missing (tests, and a first start against a new store). */
  async ensureBucket(): Promise<void> {
    try {
      await this.ping();
    } catch {
      await this.call(() => this.client.send(new CreateBucketCommand({ Bucket: this.bucket })));
    }
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}

/** The store the settings name: the bucket when `s3` is set, else the folder `dataDir`. */
export function createFileStore(config: { dataDir: string; s3: S3Settings | null }): FileStore {
  if (config.s3) return new S3FileStore(config.s3);
  fs.mkdirSync(config.dataDir, { recursive: true });
  return new LocalFileStore(config.dataDir);
}

/** A folder of the store (e.g. `files/avatars/`, ending in `/`) that an area keeps files in. */
export interface StoreFolder {
  files: FileStore;
  folder: string;
}
