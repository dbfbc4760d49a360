import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { type FileStore, LocalFileStore, type S3FileStore } from '../platform/file-store.ts';
import { registerObjectFolder } from './object-host.ts';
import { staticFolder } from './static-folder.ts';

/** Generated covers keep their name while their content stays the same, so cache them long. */
const COVER_MAX_AGE_SECONDS = 30 * 24 * 3600;
/** Other files (uploads) may be replaced under the same name. */
const FILE_MAX_AGE_SECONDS = 3600;

const maxAgeOf = (key: string) =>
  key.startsWith('files/covers/') ? COVER_MAX_AGE_SECONDS : FILE_MAX_AGE_SECONDS;

/**
 * Serves the store's `files/` folder at `/files/`: no directory listing, no dotfiles, covers
 * cached for {@link COVER_MAX_AGE_SECONDS}. Unknown paths fall through to the not-found handler
 * (404); `nosniff` comes with every file. From `DATA_DIR/files` on this machine, or from the
 * bucket.
 */
export async function registerFileHost(app: FastifyInstance, files: FileStore) {
  if (!(files instanceof LocalFileStore)) {
    registerObjectFolder(app, files as S3FileStore, { prefix: '/files/', maxAge: maxAgeOf });
    return;
  }
  const root = path.join(files.root, 'files');
  fs.mkdirSync(root, { recursive: true });
  await app.register(
    fastifyStatic,
    staticFolder({
      root,
      prefix: '/files/',
      // A folder is not a file: answer it like any unknown path (404), not with send's 403.
      allowedPath: (pathName) => !pathName.endsWith('/'),
      headersFor: (filePath) => {
        const key = `files/${path.relative(root, filePath).split(path.sep).join('/')}`;
        return { 'cache-control': `public, max-age=${maxAgeOf(key)}` };
      },
    }),
  );
}
