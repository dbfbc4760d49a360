import fs from 'node:fs';
import path from 'node:path';

/**
 * The demo's files (covers, banners, PDFs) live under `DATA_DIR/files` and are written at
 * start-up when missing, so a database seeded by `npm run seed` or shared by several instances
 * gets them. These helpers write them.
 */

/**
 * Writes `content` to `file` (making its folder) unless the file exists; answers whether it
 * wrote it.
 */
export function writeNewFile(file: string, content: string | Uint8Array): boolean {
  if (fs.existsSync(file)) return false;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    // `wx`: another instance starting at the same time may have just written it.
    fs.writeFileSync(file, content, { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return false;
  }
}

/** The file under `dir` that a `/files/...` URL path names, or null for any other path. */
export function fileOf(dir: string, urlPath: string): string | null {
  if (!urlPath.startsWith('/files/')) return null;
  const file = path.join(dir, urlPath.slice('/files/'.length));
  return file.startsWith(dir + path.sep) ? file : null;
}
