import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyError, FastifyInstance } from 'fastify';
import {
  FILE_TYPES,
  type FileStore,
  LocalFileStore,
  type S3FileStore,
} from '../platform/file-store.ts';
import { registerObjectFolder } from './object-host.ts';
import { staticFolder } from './static-folder.ts';

/** The committed demo media (`apps/server/media`, e.g. `demo/lesson.mp4`). */
export const BUNDLED_MEDIA_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../media',
);

/**
 * Media files are published under a new name when their content changes (uploads get a fresh
 * name), so phones and a CDN may keep them for a month; ETag and Last-Modified still revalidate.
 */
const MEDIA_MAX_AGE_SECONDS = 30 * 24 * 3600;

/** The media files served (players insist on their exact types, from FILE_TYPES). */
const MEDIA_TYPES: Record<string, string> = Object.fromEntries(
  ['.mp4', '.m4v', '.webm', '.m3u8', '.ts', '.m4s', '.mp3', '.m4a', '.vtt', '.webp'].map((ext) => [
    ext,
    FILE_TYPES[ext] ?? 'application/octet-stream',
  ]),
);

const mediaHeaders = (filePath: string) => {
  const type = MEDIA_TYPES[path.extname(filePath).toLowerCase()];
  return {
    ...(type ? { 'content-type': type } : {}),
    'cache-control': `public, max-age=${MEDIA_MAX_AGE_SECONDS}`,
  };
};

/** Only media files, never the generator script beside them. */
const isMedia = (pathname: string) => path.extname(pathname).toLowerCase() in MEDIA_TYPES;

/**
 * Serves `/media/` from the bundled demo media, then from the store's `media/` folder
 * (uploads): byte ranges (206 with Content-Range, so players can seek and phones fetch only what
 * they play), the exact media type for each extension, a long public cache and `nosniff`. No
 * listing, no dotfiles; unknown paths fall through to the not-found handler. (The live playlist
 * `/media/live/stream.m3u8` is made per request by the live module's route.)
 */
export async function registerMediaHost(app: FastifyInstance, files: FileStore) {
  const uploads = files instanceof LocalFileStore ? path.join(files.root, 'media') : null;
  if (uploads) fs.mkdirSync(uploads, { recursive: true });
  // Its own scope, so a range past the end answers 416 (players and CDNs rely on it) rather
  // than the envelope's generic 400 for client errors.
  await app.register(async (scope) => {
    scope.setErrorHandler(
      (error: FastifyError & { headers?: Record<string, string> }, _request, reply) => {
        if (error.statusCode !== 416) throw error;
        const range = error.headers?.['Content-Range'];
        if (range) reply.header('content-range', range);
        return reply.code(416).send();
      },
    );
    await scope.register(
      fastifyStatic,
      staticFolder({
        root: uploads ? [BUNDLED_MEDIA_DIR, uploads] : BUNDLED_MEDIA_DIR,
        prefix: '/media/',
        acceptRanges: true,
        // With the bucket, a route per bundled file: the bucket's route takes the rest.
        ...(uploads ? {} : { wildcard: false }),
        allowedPath: isMedia,
        headersFor: mediaHeaders,
      }),
    );
  });
  if (!uploads) {
    registerObjectFolder(app, files as S3FileStore, {
      prefix: '/media/',
      allowed: isMedia,
      maxAge: () => MEDIA_MAX_AGE_SECONDS,
    });
  }
}
