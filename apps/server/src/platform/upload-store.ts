import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config.ts';
import type { FileStore } from './file-store.ts';
import { SNIFF_BYTES } from './sniff-mime.ts';

/** A file received from a request, on disk under a temporary name until it is kept. */
export interface ReceivedFile {
  /** The name the file had on the phone (shown only, never used as a path). */
  name: string;
  /** Bytes received; when over the limit, the count where receiving stopped keeping them. */
  size: number;
  /** True when it was larger than the limit `receive` was given; its bytes were not kept. */
  tooLarge: boolean;
  /** The first bytes, to tell the type from the content. */
  head: Buffer;
  tempPath: string;
}

const KEY = /^[A-Za-z0-9_-]{22}\.[a-z0-9]{1,5}$/;

/**
 * The folder received uploads wait in on this machine (`DATA_DIR/uploads`) until they are kept
 * in the file store or dropped; never served.
 */
export function uploadsDir(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'uploads');
}

/**
 * Uploads, received to a temporary file on this machine (`DATA_DIR/uploads/<area>`), then kept
 * in the file store under `uploads/<area>/`: private (never served as static files), each under
 * a random name (128 bits, base64url, plus the extension of its detected type) and handed out
 * only by code that checked who asks.
 */
export class UploadStore {
  constructor(
    readonly files: FileStore,
    private readonly tempRoot: string,
  ) {}

  private folder(area: string): string {
    const folder = path.join(this.tempRoot, area);
    fs.mkdirSync(folder, { recursive: true });
    return folder;
  }

  /**
   * Streams an uploaded file to a temporary file of `area`, keeping at most `maxBytes` (the
   * rest is read and dropped, so the request can go on to its next part).
   */
  async receive(area: string, stream: Readable, name: string, maxBytes: number) {
    const tempPath = path.join(this.folder(area), `.incoming-${randomBytes(16).toString('hex')}`);
    let size = 0;
    let tooLarge = false;
    const head: Buffer[] = [];
    let headBytes = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (headBytes < SNIFF_BYTES) {
          head.push(chunk.subarray(0, SNIFF_BYTES - headBytes));
          headBytes += Math.min(chunk.length, SNIFF_BYTES - headBytes);
        }
        if (size > maxBytes) tooLarge = true;
        done(null, tooLarge ? undefined : chunk);
      },
    });
    try {
      await pipeline(stream, limit, fs.createWriteStream(tempPath, { flags: 'wx' }));
    } catch (error) {
      await fs.promises.rm(tempPath, { force: true });
      throw error;
    }
    const file: ReceivedFile = { name, size, tooLarge, head: Buffer.concat(head), tempPath };
    return file;
  }

  /** Moves a received file into the store under a lasting random name; answers that name. */
  async keep(area: string, file: ReceivedFile, extension: string): Promise<string> {
    const key = `${randomBytes(16).toString('base64url')}.${extension}`;
    await this.files.moveIn(`uploads/${area}/${key}`, file.tempPath);
    return key;
  }

  /** Deletes received files that were not kept (any still there). */
  async discard(files: readonly ReceivedFile[]): Promise<void> {
    await Promise.all(files.map((file) => fs.promises.rm(file.tempPath, { force: true })));
  }

  /** Deletes kept files by their storage keys (any still there; names not ours are skipped). */
  async remove(area: string, keys: readonly string[]): Promise<void> {
    await this.files.remove(
      keys.filter((key) => KEY.test(key)).map((key) => `uploads/${area}/${key}`),
    );
  }

  /** A kept file's bytes and size, or null for a name that is not one of ours or not there. */
  async open(area: string, key: string) {
    return KEY.test(key) ? this.files.open(`uploads/${area}/${key}`) : null;
  }
}
