import { type FileStore, keyOfUrlPath } from '../platform/file-store.ts';

/**
 * The demo's files (covers, banners, PDFs) live in the file store under `files/` and are written
 * at start-up when missing, so a database seeded by `npm run seed` or shared by several
 * instances gets them.
 */
export class SeedFiles {
  private existing: Set<string> | null = null;

  constructor(readonly store: FileStore) {}

  /** Reads which demo files the store has already (one listing, not a request per file). */
  async load(): Promise<this> {
    const existing = new Set<string>();
    for await (const { key } of this.store.list('files/')) existing.add(key);
    this.existing = existing;
    return this;
  }

  /** True when the store has the file at `key` (as listed by {@link load}, or written since). */
  has(key: string): boolean {
    if (!this.existing) throw new Error('SeedFiles.load() first');
    return this.existing.has(key);
  }

  /**
   * Writes `content` at `key` unless the store has it; answers whether it wrote it. Another
   * instance starting at the same time may write the same file: both write the same bytes.
   */
  async writeNew(key: string, content: string | Uint8Array | (() => string | Uint8Array)) {
    if (this.has(key)) return false;
    await this.store.put(key, typeof content === 'function' ? content() : content);
    this.existing?.add(key);
    return true;
  }
}

/** The store key of a `/files/...` URL path, or null for any other path. */
export function fileKeyOf(urlPath: string): string | null {
  return keyOfUrlPath(urlPath, ['/files/']);
}
