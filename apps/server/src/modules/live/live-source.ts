import fs from 'node:fs/promises';
import path from 'node:path';
import { type FileStore, isFileKey } from '../../platform/file-store.ts';
import { parseVodPlaylist, type Segment } from './live-playlist.ts';

const MEDIA_PREFIX = '/media/';

/**
 * The segments of a session's source: a VOD playlist (`.m3u8`) served under `/media/`, read
 * from the bundled demo media or else the store's `media/` folder (where `/media/` is served
 * from). Media files are published under a new name when they change, so each is read once.
 */
export class LiveSources {
  private readonly cache = new Map<string, Promise<Segment[]>>();

  constructor(
    private readonly bundledDir: string,
    private readonly files: FileStore,
  ) {}

  /** The source's segments, or an empty list when it is not a readable `/media/` playlist. */
  segments(sourceUrl: string): Promise<Segment[]> {
    let found = this.cache.get(sourceUrl);
    if (!found) {
      found = this.read(sourceUrl);
      this.cache.set(sourceUrl, found);
      // A missing file may be uploaded later: only what was read is kept.
      void found.then((list) => {
        if (list.length === 0) this.cache.delete(sourceUrl);
      });
    }
    return found;
  }

  private async read(sourceUrl: string): Promise<Segment[]> {
    const pathname = sourceUrl.split(/[?#]/)[0] ?? '';
    if (!pathname.startsWith(MEDIA_PREFIX) || !pathname.endsWith('.m3u8')) return [];
    const relative = path.posix.normalize(decodeURIComponent(pathname.slice(MEDIA_PREFIX.length)));
    if (relative.startsWith('..') || path.posix.isAbsolute(relative)) return [];
    const text =
      (await fs.readFile(path.join(this.bundledDir, relative), 'utf8').catch(() => null)) ??
      (isFileKey(`media/${relative}`) ? await this.files.readText(`media/${relative}`) : null);
    return text === null ? [] : parseVodPlaylist(text, pathname);
  }
}
