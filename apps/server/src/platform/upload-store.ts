import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config.ts';
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

/** The private upload folder (`DATA_DIR/uploads`): never served as static files. */
export function uploadsDir(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'uploads');
}

/**
 * Private uploads in folders per area (e.g. `activity-attachments`) under `DATA_DIR/uploads`,
 * outside the publicly served `DATA_DIR/files`: each file is stored under a random name
 * (128 bits, base64url, plus the extension of its detected type) and handed out only by code
 * that checked who asks.
 */
export class UploadStore {
  constructor(private readonly root: string) {}

  private folder(area: string): string {
    const folder = path.join(this.root, area);
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

  /** Moves a received file to its lasting random name; answers that name (the storage key). */
  async keep(area: string, file: ReceivedFile, extension: string): Promise<string> {
    const key = `${randomBytes(16).toString('base64url')}.${extension}`;
    await fs.promises.rename(file.tempPath, path.join(this.folder(area), key));
    return key;
  }

  /** Deletes received files that were not kept (any still there). */
  async discard(files: readonly ReceivedFile[]): Promise<void> {
    await Promise.all(files.map((file) => fs.promises.rm(file.tempPath, { force: true })));
  }

  /** Deletes kept files by their storage keys (any still there). */
  async remove(area: string, keys: readonly string[]): Promise<void> {
    await Promise.all(
      keys
        .filter((key) => KEY.test(key))
        .map((key) => fs.promises.rm(path.join(this.folder(area), key), { force: true })),
    );
  }

  /** The path of a kept file, or null for a key that is not one of ours. */
  pathOf(area: string, key: string): string | null {
    return KEY.test(key) ? path.join(this.folder(area), key) : null;
  }
}
