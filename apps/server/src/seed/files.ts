import { type FileStore, keyOfUrlPath } from '../platform/file-store.ts';

/**
 * The demo's files (covers, banners, PDFs) live in the file store under `files/` and are written
 * at start-up when missing, so a database seeded by `npm run seed` or shared by several
 * instances gets them.
 */
export class SeedFiles {
  /** The keys of each folder the seed writes to, listed once (one listing, not a request a file). */
  private readonly folders = new Map<string, Promise<Set<string>>>();

  constructor(readonly store: FileStore) {}

  /**
   * The keys of `key`'s folder. Only the folders the seed writes to are listed: never those only
   * learners upload to (avatars), which grow with the district.
   */
  private folderOf(key: string): Promise<Set<string>> {
    const folder = key.slice(0, key.lastIndexOf('/') + 1);
    let keys = this.folders.get(folder);
    if (!keys) {
      keys = (async () => {
        const found = new Set<string>();
        for await (const file of this.store.list(folder)) found.add(file.key);
        return found;
      })();
      this.folders.set(folder, keys);
    }
    return keys;
  }

  /** True when the store has the file at `key` (as listed, or written since). */
  async has(key: string): Promise<boolean> {
    return (await this.folderOf(key)).has(key);
  }

  /**
   * Writes `content` at `key` unless the store has it; answers whether it wrote it. Another
   * instance starting at the same time may write the same file: both write the same bytes.
   */
  async writeNew(key: string, content: string | Uint8Array | (() => string | Uint8Array)) {
    const keys = await this.folderOf(key);
    if (keys.has(key)) return false;
    await this.store.put(key, typeof content === 'function' ? content() : content);
    keys.add(key);
    return true;
  }
}

/** The store key of a `/files/...` URL path, or null for any other path. */
export function fileKeyOf(urlPath: string): string | null {
  return keyOfUrlPath(urlPath, ['/files/']);
}
