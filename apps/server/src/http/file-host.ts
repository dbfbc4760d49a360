import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { staticFolder } from './static-folder.ts';

/** Generated covers keep their name while their content stays the same, so cache them long. */
const COVER_MAX_AGE_SECONDS = 30 * 24 * 3600;
/** Other files (uploads) may be replaced under the same name. */
const FILE_MAX_AGE_SECONDS = 3600;

/** The folder served at `/files/`: covers and other generated or uploaded files. */
export function filesDir(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'files');
}

/**
 * Serves `DATA_DIR/files/` at `/files/`: no directory listing, no dotfiles, covers cached for
 * {@link COVER_MAX_AGE_SECONDS}. Unknown paths fall through to the not-found handler (404);
 * `nosniff` comes with the security headers of every response.
 */
export async function registerFileHost(app: FastifyInstance, config: Pick<Config, 'dataDir'>) {
  const root = filesDir(config);
  fs.mkdirSync(root, { recursive: true });
  const covers = path.join(root, 'covers') + path.sep;
  await app.register(
    fastifyStatic,
    staticFolder({
      root,
      prefix: '/files/',
      // A folder is not a file: answer it like any unknown path (404), not with send's 403.
      allowedPath: (pathName) => !pathName.endsWith('/'),
      headersFor: (filePath) => {
        const maxAge = filePath.startsWith(covers) ? COVER_MAX_AGE_SECONDS : FILE_MAX_AGE_SECONDS;
        return { 'cache-control': `public, max-age=${maxAge}` };
      },
    }),
  );
}
