import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
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

/** Types players insist on (an HLS playlist or segment sent as text or octets is refused). */
const MEDIA_TYPES: Record<string, string> = {
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

/** The folder of uploaded media, served at `/media/` after the bundled demo media. */
export function uploadedMediaDir(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'media');
}

/**
 * Serves `/media/` from the bundled demo media, then from `DATA_DIR/media` (uploads): byte
 * ranges (206 with Content-Range, so players can seek and phones fetch only what they play),
 * the exact media type for each extension, a long public cache and `nosniff`. No listing, no
 * dotfiles; unknown paths fall through to the not-found handler. (The live playlist
 * `/media/live/stream.m3u8` is made per request by the live module's route.)
 */
export async function registerMediaHost(app: FastifyInstance, config: Pick<Config, 'dataDir'>) {
  const uploads = uploadedMediaDir(config);
  fs.mkdirSync(uploads, { recursive: true });
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
        root: [BUNDLED_MEDIA_DIR, uploads],
        prefix: '/media/',
        acceptRanges: true,
        // Only the folders' media files, never the generator script beside them.
        allowedPath: (pathname) => path.extname(pathname).toLowerCase() in MEDIA_TYPES,
        headersFor: (filePath) => {
          const type = MEDIA_TYPES[path.extname(filePath).toLowerCase()];
          return {
            ...(type ? { 'content-type': type } : {}),
            'cache-control': `public, max-age=${MEDIA_MAX_AGE_SECONDS}`,
          };
        },
      }),
    );
  });
}
